/**
 * A `cache_versions` row bumped by every write to some tables, in the same transaction (the
 * contract of runtime/cache/change-signal.ts). SQLite: row triggers; PostgreSQL: one plpgsql
 * function, run once per statement. Migrations 073 and 100 make theirs with it.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const EVENTS = ['insert', 'update', 'delete'];

export async function createVersionRow(db: Kysely<any>, name: string, sources: readonly string[]): Promise<void> {
  await db.insertInto('cache_versions').values({ name, version: 0 }).execute();
  const bump = `UPDATE cache_versions SET version = version + 1 WHERE name = '${name}';`;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw(`CREATE FUNCTION ${name}_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${bump} RETURN NULL; END $$`).execute(db);
    for (const table of sources) {
      await sql.raw(`CREATE TRIGGER ${table}_${name}_cache_version AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${name}_cache_version()`).execute(db);
    }
    return;
  }
  for (const table of sources) {
    for (const event of EVENTS) {
      await sql.raw(`CREATE TRIGGER ${table}_${event}_${name}_cache_version AFTER ${event.toUpperCase()} ON ${table} BEGIN ${bump} END`).execute(db);
    }
  }
}

export async function dropVersionRow(db: Kysely<any>, name: string, sources: readonly string[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql.raw(`DROP FUNCTION ${name}_cache_version() CASCADE`).execute(db);
  else for (const table of sources) for (const event of EVENTS) await sql.raw(`DROP TRIGGER ${table}_${event}_${name}_cache_version`).execute(db);
  await db.deleteFrom('cache_versions').where('name', '=', name).execute();
}
