/**
 * Many posts written in one transaction, their full-text index written once at its end instead of
 * post by post (migration 140 says why that matters on SQLite). The batch endpoint runs its items
 * this way. What the transaction reads through the index before its end does not see its own
 * posts yet; nothing in a batch searches.
 *
 * The deferral lives inside the caller's transaction: a rollback (of the transaction or of an
 * item's savepoint) takes the pending posts with it, and no other connection sees the deferral.
 * If `work` throws, nothing is indexed here, and the caller's transaction is rolled back anyway.
 * PostgreSQL indexes the rows themselves (pg_trgm): nothing to defer there.
 */
import { sql, type Kysely } from 'kysely';
import { engineOf } from './engine.ts';

export async function withSearchIndexDeferred<T, DB>(trx: Kysely<DB>, work: () => Promise<T>): Promise<T> {
  if (engineOf(trx) !== 'sqlite') return work();
  await sql`INSERT OR IGNORE INTO posts_fts_deferring(id) VALUES (1)`.execute(trx);
  const result = await work();
  await indexPending(trx);
  return result;
}

/**
 * Indexes every pending post from its row as it is now, and ends the deferral. Also run when the
 * database opens: a deferral is never committed, but if one ever were, every later write would
 * wait for an end that never comes, so an open repairs it.
 */
export async function indexPending<DB>(db: Kysely<DB>): Promise<void> {
  await sql`INSERT INTO posts_fts(rowid, title, content, excerpt)
            SELECT id, title, content, excerpt FROM posts_fts_source WHERE id IN (SELECT id FROM posts_fts_pending)`.execute(db);
  await sql`DELETE FROM posts_fts_pending`.execute(db);
  await sql`DELETE FROM posts_fts_deferring`.execute(db);
}
