/**
 * Opens the site's database and brings its schema up to date: the embedded SQLite file by
 * default, or PostgreSQL when the target is a `postgres://` URL. Everything above this file speaks
 * Kysely (and ./portable-sql.ts for the few expressions the engines spell differently) and does
 * not know which database runs.
 */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite/open.ts';
import { openPostgres } from './postgres/open.ts';
import { initial } from './migrations/001_initial.ts';
import { forms } from './migrations/010_forms.ts';
import { contentOrder } from './migrations/011_content_order.ts';

/** Migrations in order; add new ones at the end, never edit a released one. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': initial,
  '010_forms': forms,
  '011_content_order': contentOrder,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export interface OpenedDatabase {
  db: Kysely<Database>;
  close: () => Promise<void>;
}

/** Whether `target` names a PostgreSQL database rather than a SQLite file. */
export function isPostgresUrl(target: string): boolean {
  return /^postgres(ql)?:\/\//i.test(target);
}

/**
 * `target` is a SQLite file path (':memory:' for tests) or a `postgres://user@host/db` URL.
 * Creates the schema when missing and applies pending migrations; several processes starting
 * at once on one PostgreSQL database take turns (Kysely's migrator holds an advisory lock).
 */
export async function openDatabase(target: string): Promise<OpenedDatabase> {
  const db = isPostgresUrl(target) ? openPostgres(target) : openSqlite(target);
  try {
    const result = await new Migrator({ db, provider }).migrateToLatest();
    if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return { db, close: () => db.destroy() };
}
