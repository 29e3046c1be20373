/** PostgreSQL's spelling of the portable expressions (see ../portable-sql.ts). */
import { sql } from 'kysely';
import { node, type StoreDialect } from '../portable-sql.ts';
import { fitsInt8 } from './loose-comparisons.ts';

export const postgresDialect: StoreDialect = {
  name: 'postgres',
  // strpos is literal like SQLite's instr; the casts let a number column or an untyped parameter in.
  containsText: (haystack, needle) =>
    sql`strpos(lower(cast(${node(haystack)} as text)), lower(cast(${node(needle)} as text))) > 0`.toOperationNode(),
  // Compared as text so one array type serves id lists and slug lists alike.
  positionInList: (column, values) =>
    sql`(select min(u.position) - 1 from unnest(cast(${values.map((v) => (v === null ? null : String(v)))} as text[])) with ordinality as u(value, position) where u.value = cast(${node(column)} as text))`.toOperationNode(),
  // One array parameter (PostgreSQL binds at most 65,535); its element type follows the column's
  // when every value can take it, else both sides compare as text (see ./loose-comparisons.ts).
  inLongList: (left, negated, values) => {
    const typed = values.every((v) => typeof v === 'boolean' || fitsInt8(v));
    const l = typed ? sql`${node(left)}` : sql`cast(${node(left)} as text)`;
    const list = typed ? sql`${values}` : sql`cast(${values.map((v) => (v === null ? null : String(v)))} as text[])`;
    return (negated ? sql`${l} <> all(${list})` : sql`${l} = any(${list})`).toOperationNode();
  },
  plainNumber: (text) => sql`(${node(text)} ~ '^[1-9][0-9]*$')`.toOperationNode(),
};
