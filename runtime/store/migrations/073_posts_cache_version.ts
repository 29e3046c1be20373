/**
 * A `cache_versions` row for what processes remember about posts (list totals), bumped by any
 * write to posts or term_relationships, the tables a list's filters read. Same contract as 070
 * (runtime/cache/change-signal.ts). SQLite: row triggers; PostgreSQL: one call per statement.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const SOURCES = ['posts', 'term_relationships'];
const EVENTS = ['insert', 'update', 'delete'];

export const postsCacheVersion: Migration = {
  async up(db: Kysely<any>) {
    await db.insertInto('cache_versions').values({ name: 'posts', version: 0 }).execute();
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql
        .raw(`CREATE FUNCTION posts_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE cache_versions SET version = version + 1 WHERE name = 'posts'; RETURN NULL; END $$`)
        .execute(db);
    }
    for (const table of SOURCES) {
      if (postgres) {
        await sql.raw(`CREATE TRIGGER ${table}_posts_cache_version AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION posts_cache_version()`).execute(db);
        continue;
      }
      for (const event of EVENTS) {
        await sql
          .raw(`CREATE TRIGGER ${table}_${event}_posts_cache_version AFTER ${event.toUpperCase()} ON ${table} BEGIN UPDATE cache_versions SET version = version + 1 WHERE name = 'posts'; END`)
          .execute(db);
      }
    }
  },
  async down(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) await sql.raw('DROP FUNCTION posts_cache_version() CASCADE').execute(db);
    else for (const table of SOURCES) for (const event of EVENTS) await sql.raw(`DROP TRIGGER ${table}_${event}_posts_cache_version`).execute(db);
    await db.deleteFrom('cache_versions').where('name', '=', 'posts').execute();
  },
};
