/**
 * The full-text index behind post searches (runtime/store/sqlite/fulltext.ts): an FTS5 table
 * over posts' title, content and excerpt with trigram tokens (substring matching, as
 * WordPress's LIKE '%term%'), external content (the text is not stored twice), and triggers
 * that keep it in step with every insert, update and delete. SQLite only (a no-op on PostgreSQL).
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const COLUMNS = 'title, content, excerpt';

export const postsFulltext: Migration = {
  async up(db: Kysely<any>) {
    // PostgreSQL's twin (its own full-text or trigram index) is its own migration; search works without one.
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    const statements = [
      `CREATE VIRTUAL TABLE posts_fts USING fts5(${COLUMNS}, content='posts', content_rowid='id', tokenize='trigram')`,
      `INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')`,
      `CREATE TRIGGER posts_fts_after_insert AFTER INSERT ON posts BEGIN
         INSERT INTO posts_fts(rowid, ${COLUMNS}) VALUES (new.id, new.title, new.content, new.excerpt); END`,
      `CREATE TRIGGER posts_fts_after_delete AFTER DELETE ON posts BEGIN
         INSERT INTO posts_fts(posts_fts, rowid, ${COLUMNS}) VALUES ('delete', old.id, old.title, old.content, old.excerpt); END`,
      `CREATE TRIGGER posts_fts_after_update AFTER UPDATE OF title, content, excerpt ON posts BEGIN
         INSERT INTO posts_fts(posts_fts, rowid, ${COLUMNS}) VALUES ('delete', old.id, old.title, old.content, old.excerpt);
         INSERT INTO posts_fts(rowid, ${COLUMNS}) VALUES (new.id, new.title, new.content, new.excerpt); END`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    for (const name of ['posts_fts_after_insert', 'posts_fts_after_delete', 'posts_fts_after_update']) await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    await sql.raw('DROP TABLE posts_fts').execute(db);
  },
};
