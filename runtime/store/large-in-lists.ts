/**
 * `column IN (...)` with a long list, rewritten to `column IN (SELECT value FROM json_each(?))`
 * with the whole list as one JSON parameter. SQLite takes at most 32,766 bound variables per
 * statement ("too many SQL variables"), and WordPress takes lists of any length (include,
 * exclude, categories, author, slug, entry ids...): without this, a long list is a 500.
 * Lists of JSON-representable values only (numbers, strings, booleans, null), as params are.
 */
import {
  BinaryOperationNode,
  OperationNodeTransformer,
  sql,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** Lists longer than this travel as one JSON parameter; shorter ones keep their plain form. */
export const LONG_LIST = 500;

function listValues(node: OperationNode): unknown[] | undefined {
  if (node.kind === 'PrimitiveValueListNode') return [...(node as unknown as { values: readonly unknown[] }).values];
  if (node.kind === 'ValueListNode') {
    const items = (node as unknown as { values: readonly OperationNode[] }).values;
    if (!items.every((v) => v.kind === 'ValueNode')) return undefined;
    return items.map((v) => (v as unknown as { value: unknown }).value);
  }
  return undefined;
}

class LongInListTransformer extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(node);
    const operator = transformed.operator.kind === 'OperatorNode' ? (transformed.operator as unknown as { operator: string }).operator : '';
    if (operator !== 'in' && operator !== 'not in') return transformed;
    const values = listValues(transformed.rightOperand);
    if (!values || values.length <= LONG_LIST) return transformed;
    const each = sql`(select value from json_each(${JSON.stringify(values)}))`.toOperationNode();
    return BinaryOperationNode.create(transformed.leftOperand, transformed.operator, each);
  }
}

export class LongInListPlugin implements KyselyPlugin {
  readonly #transformer = new LongInListTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * The 0-based position of `column`'s value in `values` (the first, when repeated), NULL when
 * absent: ORDER BY for `orderby=include` and `include_slugs`. One JSON parameter however long
 * the list, where a CASE WHEN per item took two bound variables each.
 */
export function positionInList(column: string, values: unknown[]) {
  return sql<number | null>`(select min(key) from json_each(${JSON.stringify(values)}) where value = ${sql.ref(column)})`;
}
