/** SQLite's spelling of the portable expressions (see ../portable-sql.ts). */
import { sql, type OperationNode, type ValueNode } from 'kysely';
import { node, type StoreDialect } from '../portable-sql.ts';

function lettersless(needle: OperationNode): boolean {
  return needle.kind === 'ValueNode' && typeof (needle as ValueNode).value === 'string' && !/[A-Za-z]/.test((needle as ValueNode).value as string);
}

export const sqliteDialect: StoreDialect = {
  name: 'sqlite',
  // instr() rather than LIKE: literal, and without LIKE's 50,000-byte pattern limit. lower() folds ASCII case.
  // SQLite's lower() folds A-Z only: a needle without ASCII letters is found in the text as it
  // is, which spares lowering every row's whole content (a search for "42" reads many rows).
  containsText: (haystack, needle) =>
    (lettersless(needle) ? sql`instr(${node(haystack)}, ${node(needle)}) > 0` : sql`instr(lower(${node(haystack)}), lower(${node(needle)})) > 0`).toOperationNode(),
  positionInList: (column, values) =>
    sql`(select min(key) from json_each(${JSON.stringify(values)}) where value = ${node(column)})`.toOperationNode(),
  // SQLite binds at most 32,766 variables per statement: the whole list travels as one JSON text.
  inLongList: (left, negated, values) =>
    sql`${node(left)} ${sql.raw(negated ? 'not in' : 'in')} (select value from json_each(${JSON.stringify(values)}))`.toOperationNode(),
};
