/** SQLite's spelling of the portable expressions (see ../portable-sql.ts). */
import { sql, type OperationNode, type ValueNode } from 'kysely';
import { escapeLike, node, type StoreDialect } from '../portable-sql.ts';

function lettersless(needle: OperationNode): boolean {
  return needle.kind === 'ValueNode' && typeof (needle as ValueNode).value === 'string' && !/[A-Za-z]/.test((needle as ValueNode).value as string);
}

/**
 * Needles up to this many UTF-16 units are matched with LIKE: at most 3 bytes each in UTF-8, and
 * escaping doubles only the 1-byte `\ % _`, so the pattern stays far below the 50,000 bytes
 * SQLite accepts.
 */
const LIKE_NEEDLE_MAX = 8_000;

function likeNeedle(needle: OperationNode): string | undefined {
  const value = needle.kind === 'ValueNode' ? (needle as ValueNode).value : undefined;
  // LIKE reads its pattern up to a NUL; such a needle takes instr().
  return typeof value === 'string' && value.length <= LIKE_NEEDLE_MAX && !value.includes('\0') ? value : undefined;
}

export const sqliteDialect: StoreDialect = {
  name: 'sqlite',
  // LIKE ignores ASCII case, as lower() folds only A-Z: the same matches as
  // instr(lower(text), lower(needle)), cheaper on a scan (it lowers no copy of each row's
  // content). Longer needles take instr(), which has no length limit; a needle without ASCII
  // letters is found in the text as it is.
  containsText: (haystack, needle) => {
    const literal = likeNeedle(needle);
    if (literal !== undefined) return sql`${node(haystack)} like ${`%${escapeLike(literal)}%`} escape '\\'`.toOperationNode();
    return (lettersless(needle) ? sql`instr(${node(haystack)}, ${node(needle)}) > 0` : sql`instr(lower(${node(haystack)}), lower(${node(needle)})) > 0`).toOperationNode();
  },
  positionInList: (column, values) =>
    sql`(select min(key) from json_each(${JSON.stringify(values)}) where value = ${node(column)})`.toOperationNode(),
  // SQLite binds at most 32,766 variables per statement: the whole list travels as one JSON text.
  inLongList: (left, negated, values) =>
    sql`${node(left)} ${sql.raw(negated ? 'not in' : 'in')} (select value from json_each(${JSON.stringify(values)}))`.toOperationNode(),
  // GLOB compares characters as they are (no case folding, no locale): a first digit 1-9, then no non-digit.
  plainNumber: (text) => sql`(${node(text)} glob '[1-9]*' and ${node(text)} not glob '*[^0-9]*')`.toOperationNode(),
};
