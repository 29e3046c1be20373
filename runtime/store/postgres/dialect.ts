/** PostgreSQL's spelling of the portable expressions (see ../portable-sql.ts). */
import { sql } from 'kysely';
import { node, type StoreDialect } from '../portable-sql.ts';

export const postgresDialect: StoreDialect = {
  name: 'postgres',
  // strpos is literal like SQLite's instr; the casts let a number column or an untyped parameter in.
  containsText: (haystack, needle) =>
    sql`strpos(lower(cast(${node(haystack)} as text)), lower(cast(${node(needle)} as text))) > 0`.toOperationNode(),
  // Compared as text so one array type serves id lists and slug lists alike.
  positionInList: (column, values) =>
    sql`(select min(u.position) - 1 from unnest(cast(${values.map((v) => (v === null ? null : String(v)))} as text[])) with ordinality as u(value, position) where u.value = cast(${node(column)} as text))`.toOperationNode(),
  // One array parameter (PostgreSQL binds at most 65,535); its element type follows the column's.
  inLongList: (left, negated, values) =>
    (negated ? sql`${node(left)} <> all(${values})` : sql`${node(left)} = any(${values})`).toOperationNode(),
};
