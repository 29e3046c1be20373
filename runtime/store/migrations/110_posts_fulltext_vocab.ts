/**
 * How many posts hold each trigram of the full-text index (072): an fts5vocab table over
 * `posts_fts`, read by runtime/store/sqlite/fulltext.ts to tell a term that narrows a search
 * (few posts hold its rarest trigram) from one that does not ("number" on a site where every post
 * says it). It stores nothing: it reads the index itself. SQLite only (a no-op on PostgreSQL).
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

export const postsFulltextVocab: Migration = {
  async up(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    await sql.raw(`CREATE VIRTUAL TABLE posts_fts_vocab USING fts5vocab(posts_fts, row)`).execute(db);
  },
  async down(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    await sql.raw('DROP TABLE posts_fts_vocab').execute(db);
  },
};
