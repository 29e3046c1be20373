/**
 * The id the next row of a table will get, taken before the row is written, so that what a row
 * stores about its own id (a post's guid `?p=<id>`, a slug made from the id) goes into the insert
 * itself instead of a second UPDATE of the row just written (which costs nearly as much as the
 * insert: the whole row rewritten and the row triggers run again).
 *
 * - SQLite (AUTOINCREMENT): one past the highest id the table ever had, as SQLite itself picks
 *   it. Called inside the write transaction, so no other writer can take it before the insert: a
 *   writer that commits in between makes this transaction's insert fail (its snapshot is stale),
 *   never reuse the id.
 * - PostgreSQL (bigserial): `nextval` of the column's own sequence, which no two callers ever
 *   get alike; a rolled-back transaction leaves a gap, as a plain insert does.
 *
 * The row must then be inserted with this id given explicitly.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from './engine.ts';
import { reusableQuery } from './reusable-query.ts';
import { batchWritesOf } from './batch-writes.ts';
import type { Database } from './schema.ts';

/** Tables whose rows are given their id by nextId (an allow-list: the name goes into SQL text). */
export type IdTable = 'posts' | 'records';

const SQLITE_NEXT = {
  posts: reusableQuery((db: Kysely<Database>) =>
    db.selectNoFrom(
      sql<number>`max(coalesce((select seq from sqlite_sequence where name = 'posts'), 0), coalesce((select max(id) from posts), 0)) + 1`.as('id'),
    ),
  ),
  records: reusableQuery((db: Kysely<Database>) =>
    db.selectNoFrom(
      sql<number>`max(coalesce((select seq from sqlite_sequence where name = 'records'), 0), coalesce((select max(id) from records), 0)) + 1`.as('id'),
    ),
  ),
} satisfies Record<IdTable, unknown>;

export async function nextId(db: Kysely<Database>, table: IdTable): Promise<number> {
  if (engineOf(db) === 'postgres') {
    const { rows } = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`.execute(db);
    return Number(rows[0].id);
  }
  // In a batch's run of post creates this transaction alone writes (SQLite has one writer) and
  // each id taken is inserted with that id before the next is asked for: one past the last. A
  // rolled-back item makes the batch forget it (its id is free again). Posts only: that is where
  // every id taken is inserted (content/store.ts createPost).
  const pending = table === 'posts' ? batchWritesOf(db) : undefined;
  const last = pending?.remembered<number>(`next_id:${table}`);
  const id = last !== undefined ? last + 1 : Number((await SQLITE_NEXT[table](db))[0].id);
  pending?.remember(`next_id:${table}`, id);
  return id;
}
