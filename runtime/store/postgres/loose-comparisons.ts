/**
 * SQLite compares a value of any type with a column of any type: `id = 'abc'` or `id = 1e20`
 * are simply false. PostgreSQL types an untyped parameter after its column and refuses what
 * does not parse ("invalid input syntax for type bigint", "out of range"): a 500 where the
 * site should answer "no such item". Equality and IN against a parameter that a 64-bit integer
 * cannot hold (a non-numeric string, a fraction, a huge number, an object id sent as text) are
 * therefore compared as text on both sides, which is exactly as false as in SQLite. Every other
 * comparison keeps its typed, index-friendly form. And `IN ()` with an empty list, which SQLite
 * reads as false (NOT IN () as true) and PostgreSQL as a syntax error, becomes that constant.
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
  type ValueNode,
} from 'kysely';
import { node } from '../portable-sql.ts';

const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;

/** Whether PostgreSQL can read `value` as a bigint (so a typed comparison cannot fail). */
export function fitsInt8(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  if (typeof value === 'bigint') return value >= INT8_MIN && value <= INT8_MAX;
  if (typeof value === 'string') {
    if (!/^\s*[+-]?\d{1,19}\s*$/.test(value)) return false;
    const n = BigInt(value.trim());
    return n >= INT8_MIN && n <= INT8_MAX;
  }
  return false;
}

/** Values a text column and a bigint column both accept without error when typed after them. */
function harmless(value: unknown): boolean {
  return value === null || typeof value === 'boolean' || fitsInt8(value);
}

const EQUALITY = new Set(['=', '==', '!=', '<>', 'in', 'not in']);

function asText(n: OperationNode): OperationNode {
  return sql`cast(${node(n)} as text)`.toOperationNode();
}

function textValue(value: unknown): OperationNode {
  return sql`cast(${value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value)} as text)`.toOperationNode();
}

function isEmptyList(n: OperationNode): boolean {
  return (n.kind === 'PrimitiveValueListNode' || n.kind === 'ValueListNode') && (n as unknown as { values: readonly unknown[] }).values.length === 0;
}

class LooseComparisonsTransformer extends OperationNodeTransformer {
  protected override transformBinaryOperation(n: BinaryOperationNode): BinaryOperationNode {
    const t = super.transformBinaryOperation(n);
    const operator = t.operator.kind === 'OperatorNode' ? (t.operator as unknown as { operator: string }).operator : '';
    if (!EQUALITY.has(operator)) return t;
    const right = t.rightOperand;
    if ((operator === 'in' || operator === 'not in') && isEmptyList(right)) {
      return (operator === 'in' ? sql`1 = 0` : sql`1 = 1`).toOperationNode() as unknown as BinaryOperationNode;
    }
    if (right.kind === 'ValueNode') {
      const value = (right as ValueNode).value;
      if (harmless(value)) return t;
      return BinaryOperationNode.create(asText(t.leftOperand), t.operator, textValue(value));
    }
    if (right.kind === 'PrimitiveValueListNode') {
      const values = (right as unknown as { values: readonly unknown[] }).values;
      if (values.every(harmless)) return t;
      return BinaryOperationNode.create(asText(t.leftOperand), t.operator, sql`(${sql.join(values.map((v) => node(textValue(v))))})`.toOperationNode());
    }
    if (right.kind === 'ValueListNode') {
      const items = (right as unknown as { values: readonly OperationNode[] }).values;
      if (!items.every((v) => v.kind === 'ValueNode') || items.every((v) => harmless((v as ValueNode).value))) return t;
      return BinaryOperationNode.create(asText(t.leftOperand), t.operator, sql`(${sql.join(items.map((v) => node(textValue((v as ValueNode).value))))})`.toOperationNode());
    }
    return t;
  }
}

export class LooseComparisonsPlugin implements KyselyPlugin {
  readonly #transformer = new LooseComparisonsTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
