/**
 * The full-text index (130) written once per transaction when the transaction asks for it. FTS5
 * keeps the text of the rows it is given in memory and writes it out as a new index segment at
 * every savepoint, and a statement that fires triggers opens one: a create followed by its term
 * rows wrote one segment per post: a batch of creates spent a good share of its time on those
 * segments, many times what one insert of all the batch's text costs.
 *
 * While `posts_fts_deferring` holds a row, inserted and changed posts are listed in
 * `posts_fts_pending` instead of being indexed, and store/search-index-deferral.ts indexes them
 * all before the transaction commits. The row is written inside that transaction, so no other
 * connection ever sees it; every other writer indexes at once, as before. A post still pending
 * was never indexed: a change or a delete of it only updates the list, never the index.
 * SQLite only (a no-op on PostgreSQL).
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { immediateTriggers, marked } from './130_posts_fulltext_end_mark.ts';

const COLUMNS = 'title, content, excerpt';
const DEFERRING = 'EXISTS (SELECT 1 FROM posts_fts_deferring)';
const PENDING = (row: 'new' | 'old') => `EXISTS (SELECT 1 FROM posts_fts_pending WHERE id = ${row}.id)`;

const TRIGGERS = ['posts_fts_after_insert', 'posts_fts_after_delete', 'posts_fts_after_update'];

const DEFERRABLE = [
  `CREATE TABLE posts_fts_deferring (id INTEGER PRIMARY KEY)`,
  `CREATE TABLE posts_fts_pending (id INTEGER PRIMARY KEY)`,
  `CREATE TRIGGER posts_fts_after_insert AFTER INSERT ON posts BEGIN
     INSERT INTO posts_fts(rowid, ${COLUMNS}) SELECT new.id, ${marked('new')} WHERE NOT ${DEFERRING};
     INSERT OR IGNORE INTO posts_fts_pending(id) SELECT new.id WHERE ${DEFERRING}; END`,
  // A pending post is in no index segment yet: only its place on the list goes.
  `CREATE TRIGGER posts_fts_after_delete AFTER DELETE ON posts BEGIN
     INSERT INTO posts_fts(posts_fts, rowid, ${COLUMNS}) SELECT 'delete', old.id, ${marked('old')} WHERE NOT ${PENDING('old')};
     DELETE FROM posts_fts_pending WHERE id = old.id; END`,
  // The old text leaves the index now (only the row still holds it); the new text is indexed now,
  // or listed to be indexed from the row at the end.
  `CREATE TRIGGER posts_fts_after_update AFTER UPDATE OF title, content, excerpt ON posts BEGIN
     INSERT INTO posts_fts(posts_fts, rowid, ${COLUMNS}) SELECT 'delete', old.id, ${marked('old')} WHERE NOT ${PENDING('old')};
     INSERT INTO posts_fts(rowid, ${COLUMNS}) SELECT new.id, ${marked('new')} WHERE NOT ${DEFERRING};
     INSERT OR IGNORE INTO posts_fts_pending(id) SELECT new.id WHERE ${DEFERRING}; END`,
];

async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export const postsFulltextDeferrable: Migration = {
  async up(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    await run(db, [...TRIGGERS.map((t) => `DROP TRIGGER ${t}`), ...DEFERRABLE]);
  },
  async down(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    await run(db, [...TRIGGERS.map((t) => `DROP TRIGGER ${t}`), 'DROP TABLE posts_fts_pending', 'DROP TABLE posts_fts_deferring', ...immediateTriggers(marked)]);
  },
};
