/**
 * The few expressions SQLite and PostgreSQL spell differently, written once for every caller.
 * A builder here leaves a marker node (a function call with a reserved name) in the query; the
 * engine's dialect, through `PortableSqlPlugin`, replaces each marker with its own spelling just
 * before compilation. Callers above `runtime/store/` never learn which engine runs, and a marker
 * left unreplaced fails loudly as an unknown function rather than silently meaning something else.
 */
import {
  BinaryOperationNode,
  FunctionNode,
  OperationNodeTransformer,
  sql,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RawBuilder,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * `text` for a LIKE pattern, matching literally: `%`, `_` and the escape character `\` escaped.
 * PostgreSQL escapes with `\` by default; SQLite needs `escape '\'` after the pattern.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Lists longer than this travel as one parameter; shorter ones keep their plain `IN (...)`. */
export const LONG_LIST = 500;

/** What each engine supplies: its spelling of every portable expression. */
export interface StoreDialect {
  readonly name: 'sqlite' | 'postgres';
  /** Boolean: `haystack` contains `needle` literally (no wildcards), ignoring case. */
  containsText(haystack: OperationNode, needle: OperationNode): OperationNode;
  /** The 0-based position of `column`'s value in `values` (first when repeated), NULL when absent. */
  positionInList(column: OperationNode, values: readonly unknown[]): OperationNode;
  /** `left IN (values)` / `left NOT IN (values)` for a list of any length, in a bounded number of parameters. */
  inLongList(left: OperationNode, negated: boolean, values: readonly unknown[]): OperationNode;
  /** Boolean: `text` is a whole number as written in a slug, `[1-9][0-9]*` (no sign, no leading 0). */
  plainNumber(text: OperationNode): OperationNode;
}

const CONTAINS = 'specpress_contains_text';
const POSITION = 'specpress_position_in_list';
const PLAIN_NUMBER = 'specpress_plain_number';

/**
 * "Contains this text, ignoring case", for every search over stored text. Literal matching:
 * the user's text needs no escaping, and no pattern-length limit applies (SQLite refuses a LIKE
 * pattern over 50,000 bytes).
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`${node(FunctionNode.create(CONTAINS, [sql.ref(column).toOperationNode(), ValueNode.create(text)]))}`;
}

/** ORDER BY for `orderby=include` and `include_slugs`: one parameter however long the list. */
export function positionInList(column: string, values: unknown[]): RawBuilder<number | null> {
  return sql<number | null>`${node(FunctionNode.create(POSITION, [sql.ref(column).toOperationNode(), ValueNode.create(values)]))}`;
}

/** `text` (an expression) is digits only, the first not 0: the `N` of a numbered slug `name-N`. */
export function plainNumber(text: RawBuilder<string>): RawBuilder<boolean> {
  return sql<boolean>`${node(FunctionNode.create(PLAIN_NUMBER, [text.toOperationNode()]))}`;
}

/** Lets a node built by hand take part in a `sql` template. */
export function node(operationNode: OperationNode) {
  return { toOperationNode: () => operationNode };
}

function listValues(n: OperationNode): unknown[] | undefined {
  if (n.kind === 'PrimitiveValueListNode') return [...(n as unknown as { values: readonly unknown[] }).values];
  if (n.kind === 'ValueListNode') {
    const items = (n as unknown as { values: readonly OperationNode[] }).values;
    if (!items.every((v) => v.kind === 'ValueNode')) return undefined;
    return items.map((v) => (v as ValueNode).value);
  }
  return undefined;
}

class PortableSqlTransformer extends OperationNodeTransformer {
  constructor(private readonly dialect: StoreDialect) {
    super();
  }

  protected override transformFunction(n: FunctionNode): FunctionNode {
    const transformed = super.transformFunction(n);
    const [first, second] = transformed.arguments;
    // The replacements are expressions of any kind; Kysely's compiler visits them by their kind.
    if (transformed.func === CONTAINS) return this.dialect.containsText(first!, second!) as unknown as FunctionNode;
    if (transformed.func === POSITION) return this.dialect.positionInList(first!, (second as ValueNode).value as unknown[]) as unknown as FunctionNode;
    if (transformed.func === PLAIN_NUMBER) return this.dialect.plainNumber(first!) as unknown as FunctionNode;
    return transformed;
  }

  protected override transformBinaryOperation(n: BinaryOperationNode): BinaryOperationNode {
    const transformed = super.transformBinaryOperation(n);
    const operator = transformed.operator.kind === 'OperatorNode' ? (transformed.operator as unknown as { operator: string }).operator : '';
    if (operator !== 'in' && operator !== 'not in') return transformed;
    const values = listValues(transformed.rightOperand);
    if (!values || values.length <= LONG_LIST) return transformed;
    return this.dialect.inLongList(transformed.leftOperand, operator === 'not in', values) as unknown as BinaryOperationNode;
  }
}

/**
 * Whether a query holds anything this plugin rewrites: one of its functions, or an IN list longer
 * than LONG_LIST. Read without copying; most queries (every write) hold neither, and
 * Kysely's transformer rebuilds and freezes every node of the tree it is given.
 */
function needsRewrite(n: unknown): boolean {
  if (Array.isArray(n)) return n.some(needsRewrite);
  if (typeof n !== 'object' || n === null) return false;
  const kind = (n as { kind?: unknown }).kind;
  if (kind === 'FunctionNode') {
    const func = (n as { func: string }).func;
    if (func === CONTAINS || func === POSITION || func === PLAIN_NUMBER) return true;
  } else if (kind === 'PrimitiveValueListNode') {
    return (n as { values: readonly unknown[] }).values.length > LONG_LIST;
  } else if (kind === 'ValueListNode') {
    if ((n as { values: readonly unknown[] }).values.length > LONG_LIST) return true;
  } else if (kind === 'ValueNode') {
    return false;
  }
  for (const key in n) if (key !== 'kind' && needsRewrite((n as Record<string, unknown>)[key])) return true;
  return false;
}

/** Installed by each engine's opener with its dialect. */
export class PortableSqlPlugin implements KyselyPlugin {
  readonly #transformer: PortableSqlTransformer;
  /** Query trees already read and found to hold nothing to rewrite (Kysely's nodes are frozen). */
  readonly #plain = new WeakSet<RootOperationNode>();

  constructor(dialect: StoreDialect) {
    this.#transformer = new PortableSqlTransformer(dialect);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    // A statement compiled once and run again (store/reusable-query.ts) comes back with its tree.
    if (this.#plain.has(args.node)) return args.node;
    if (needsRewrite(args.node)) return this.#transformer.transformNode(args.node);
    this.#plain.add(args.node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
