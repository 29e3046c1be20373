/**
 * What a read-check-write inside a transaction takes so that a concurrent writer cannot slip in
 * between its read and its write. SQLite has one writer at a time by nature, but two processes
 * serving one data folder each open their own connection: a transaction that has read and then
 * writes after the other process committed fails at once (SQLITE_BUSY_SNAPSHOT: what it read is
 * stale, and waiting cannot help). So on SQLite `lockRows` takes the database's write lock before
 * the read, by a write statement that changes nothing, waiting for the other writer within the
 * busy timeout; `lockName` stays a no-op there (the write lock is one for the whole file), and
 * no `FOR UPDATE`, which SQLite does not parse, is ever sent to it.
 * PostgreSQL runs writers side by side (READ COMMITTED): each guard locks only the contended
 * thing, until the transaction ends, so writers of different objects never wait for each other.
 *
 * - `lockRows`: the rows a write will change from what it reads (a post's meta, a term's count,
 *   an option's value), locked in key order so two writers of the same rows cannot deadlock.
 * - `lockName`: something that has no row yet (a slug about to be taken, a record about to be
 *   created): a transaction-scoped advisory lock on a hash of its name.
 *
 * Take the guard BEFORE the read it protects: under READ COMMITTED each statement sees what was
 * committed when it starts, so a read after the wait sees the other writer's commit.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from './engine.ts';
import type { Database } from './schema.ts';

/** Tables whose rows a write locks, with the column that names a row (an allow-list: it goes into SQL text). */
const ROW_KEYS = { posts: 'id', terms: 'id', options: 'name', users: 'id' } as const;
export type LockedTable = keyof typeof ROW_KEYS;

/**
 * Locks the rows of `table` named by `keys` (those that exist) until the transaction ends, in
 * key order. Outside a transaction it locks nothing worth having: call it inside one.
 */
export async function lockRows(db: Kysely<Database>, table: LockedTable, keys: ReadonlyArray<number | string>): Promise<void> {
  if (keys.length === 0) return;
  if (engineOf(db) !== 'postgres') {
    // A DELETE that matches no row: SQLite takes its write lock for the statement all the same.
    await sql.raw(`DELETE FROM ${table} WHERE 0`).execute(db);
    return;
  }
  // A reference named at run time: the key column differs by table, which the builder's static
  // column types cannot follow through a union of tables.
  const column = db.dynamic.ref<string>(ROW_KEYS[table]);
  const sorted = [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  await db.selectFrom(table).select(column).where(column, 'in', sorted).orderBy(column).forUpdate().execute();
}

/**
 * Takes the transaction-scoped advisory lock named by `parts` (joined unambiguously and hashed
 * to 64 bits by the server): another transaction asking for the same name waits until this one
 * ends. A hash collision only makes two unrelated writers take turns. Answers whether a lock was
 * taken: when it was, another writer may have committed before it, so what this transaction
 * remembers having read before (a memo) must be read again.
 */
export async function lockName<DB>(db: Kysely<DB>, ...parts: string[]): Promise<boolean> {
  if (engineOf(db) !== 'postgres') return false;
  await sql`select pg_advisory_xact_lock(hashtextextended(${JSON.stringify(parts)}, 0))`.execute(db);
  return true;
}
