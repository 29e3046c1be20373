/** SQLite's spelling of the portable expressions (see ../portable-sql.ts). */
import { sql } from 'kysely';
import { node, type StoreDialect } from '../portable-sql.ts';

export const sqliteDialect: StoreDialect = {
  name: 'sqlite',
  // instr() rather than LIKE: literal, and without LIKE's 50,000-byte pattern limit. lower() folds ASCII case.
  containsText: (haystack, needle) => sql`instr(lower(${node(haystack)}), lower(${node(needle)})) > 0`.toOperationNode(),
  positionInList: (column, values) =>
    sql`(select min(key) from json_each(${JSON.stringify(values)}) where value = ${node(column)})`.toOperationNode(),
  // SQLite binds at most 32,766 variables per statement: the whole list travels as one JSON text.
  inLongList: (left, negated, values) =>
    sql`${node(left)} ${sql.raw(negated ? 'not in' : 'in')} (select value from json_each(${JSON.stringify(values)}))`.toOperationNode(),
};
