/**
 * PostgreSQL's twin of 072 (SQLite's FTS5 trigram table): pg_trgm GIN indexes over the
 * lower-cased title, content and excerpt, which answer `lower(column) LIKE '%term%'` without
 * reading every post (runtime/store/postgres/fulltext.ts). pg_trgm ships with PostgreSQL and is
 * a trusted extension (13+): the database's owner may create it. A no-op on SQLite.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const COLUMNS = ['title', 'content', 'excerpt'];

export const postsTrigram: Migration = {
  async up(db: Kysely<any>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm').execute(db);
    for (const column of COLUMNS) {
      await sql.raw(`CREATE INDEX posts_${column}_trgm ON posts USING gin (lower(${column}) gin_trgm_ops)`).execute(db);
    }
  },
  async down(db: Kysely<any>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    for (const column of COLUMNS) await sql.raw(`DROP INDEX posts_${column}_trgm`).execute(db);
  },
};
