/**
 * Parameter values SQLite takes and PostgreSQL refuses, each given SQLite's meaning here
 * rather than a database error (a 500) in the middle of a request:
 * - a negative OFFSET reads from the start, a negative LIMIT means no limit, a fractional one
 *   is cut to an integer (SQLite reads them so; PostgreSQL fails "must not be negative");
 * - text with a NUL character cannot be held by PostgreSQL at all: the query is not sent and
 *   the caller learns why (UnstorableTextError, answered as a 400).
 */
import {
  LimitNode,
  OffsetNode,
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { UnstorableTextError } from '../errors.ts';

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  return false;
}

function rowLimit(value: unknown): number | null | undefined {
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  return n < 0 ? null : Math.trunc(n);
}

class LenientValuesTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    if (hasNul(node.value)) throw new UnstorableTextError();
    return node;
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    if (hasNul(node.values)) throw new UnstorableTextError();
    return node;
  }

  protected override transformLimit(node: LimitNode): LimitNode {
    if (node.limit.kind !== 'ValueNode') return super.transformLimit(node);
    const limit = rowLimit((node.limit as ValueNode).value);
    // LIMIT NULL is PostgreSQL's "no limit", SQLite's LIMIT -1.
    return limit === undefined ? node : LimitNode.create(ValueNode.create(limit));
  }

  protected override transformOffset(node: OffsetNode): OffsetNode {
    if (node.offset.kind !== 'ValueNode') return super.transformOffset(node);
    const offset = rowLimit((node.offset as ValueNode).value);
    return offset === undefined ? node : OffsetNode.create(ValueNode.create(offset ?? 0));
  }
}

export class LenientValuesPlugin implements KyselyPlugin {
  readonly #transformer = new LenientValuesTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
