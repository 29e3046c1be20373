/**
 * A `cache_versions` row for the anonymous answers of core routes a process keeps
 * (runtime/cache/answer-cache.ts), bumped by any write to a table such an answer shows: content,
 * its meta and terms, authors, options. Same contract as 070 (runtime/cache/change-signal.ts).
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

export const ANSWER_SOURCES = ['options', 'posts', 'postmeta', 'terms', 'term_relationships', 'users', 'usermeta'];
const EVENTS = ['insert', 'update', 'delete'];

export const answersCacheVersion: Migration = {
  async up(db: Kysely<any>) {
    await db.insertInto('cache_versions').values({ name: 'answers', version: 0 }).execute();
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) {
      await sql
        .raw(`CREATE FUNCTION answers_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE cache_versions SET version = version + 1 WHERE name = 'answers'; RETURN NULL; END $$`)
        .execute(db);
    }
    for (const table of ANSWER_SOURCES) {
      if (postgres) {
        await sql.raw(`CREATE TRIGGER ${table}_answers_cache_version AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION answers_cache_version()`).execute(db);
        continue;
      }
      for (const event of EVENTS) {
        await sql
          .raw(`CREATE TRIGGER ${table}_${event}_answers_cache_version AFTER ${event.toUpperCase()} ON ${table} BEGIN UPDATE cache_versions SET version = version + 1 WHERE name = 'answers'; END`)
          .execute(db);
      }
    }
  },
  async down(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) await sql.raw('DROP FUNCTION answers_cache_version() CASCADE').execute(db);
    else for (const table of ANSWER_SOURCES) for (const event of EVENTS) await sql.raw(`DROP TRIGGER ${table}_${event}_answers_cache_version`).execute(db);
    await db.deleteFrom('cache_versions').where('name', '=', 'answers').execute();
  },
};
