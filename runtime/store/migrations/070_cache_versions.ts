/**
 * The change counters behind the in-process caches (runtime/cache/change-signal.ts): one row per
 * cached table, bumped by triggers in the same transaction as any write to that table, so every
 * process sharing the database sees the change on its next request. SQLite: row triggers;
 * PostgreSQL: a plpgsql function run once per statement.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

const TABLES = ['options'];

export const cacheVersions: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('cache_versions')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    for (const table of TABLES) {
      await db.insertInto('cache_versions').values({ name: table, version: 0 }).execute();
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql
          .raw(
            `CREATE FUNCTION ${table}_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$ ` +
              `BEGIN UPDATE cache_versions SET version = version + 1 WHERE name = '${table}'; RETURN NULL; END $$`,
          )
          .execute(db);
        await sql.raw(`CREATE TRIGGER ${table}_cache_version AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${table}_cache_version()`).execute(db);
        continue;
      }
      for (const event of ['insert', 'update', 'delete']) {
        await sql
          .raw(
            `CREATE TRIGGER ${table}_${event}_cache_version AFTER ${event.toUpperCase()} ON ${table} ` +
              `BEGIN UPDATE cache_versions SET version = version + 1 WHERE name = '${table}'; END`,
          )
          .execute(db);
      }
    }
  },
  async down(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      for (const table of TABLES) await sql.raw(`DROP FUNCTION ${table}_cache_version() CASCADE`).execute(db);
      await db.schema.dropTable('cache_versions').execute();
      return;
    }
    for (const table of TABLES) for (const event of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER ${table}_${event}_cache_version`).execute(db);
    await db.schema.dropTable('cache_versions').execute();
  },
};
