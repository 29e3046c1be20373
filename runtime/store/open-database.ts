/**
 * Opens the embedded SQLite database (better-sqlite3, WAL) and brings its schema up to date.
 * Everything above this file speaks Kysely and does not know which database runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import { LongInListPlugin } from './large-in-lists.ts';
import { withStatementCache } from './sqlite/statement-cache.ts';
import { initial } from './migrations/001_initial.ts';
import { forms } from './migrations/010_forms.ts';
import { contentOrder } from './migrations/011_content_order.ts';
import { cacheVersions } from './migrations/070_cache_versions.ts';
import { listOrderIndexes } from './migrations/071_list_order_indexes.ts';
import { postsFulltext } from './migrations/072_posts_fulltext.ts';
import { sqliteFullText } from './sqlite/fulltext.ts';
import { useSearchIndex } from '../content/search-index.ts';
import { WriteWatchPlugin } from '../cache/write-watch-plugin.ts';

/** Migrations in order; add new ones at the end, never edit a released one. */
const MIGRATIONS: Record<string, Migration> = {
  '001_initial': initial,
  '010_forms': forms,
  '011_content_order': contentOrder,
  '070_cache_versions': cacheVersions,
  '071_list_order_indexes': listOrderIndexes,
  '072_posts_fulltext': postsFulltext,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export interface OpenedDatabase {
  db: Kysely<Database>;
  close: () => Promise<void>;
}

/** `file` is a path, or ':memory:' for tests. Creates the folder and the schema when missing. */
export async function openDatabase(file: string): Promise<OpenedDatabase> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // synchronous=FULL: an acknowledged write survives a power cut, not just a process crash.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins: [new LongInListPlugin(), new WriteWatchPlugin()] });
  const result = await new Migrator({ db, provider }).migrateToLatest();
  if (result.error) {
    await db.destroy();
    throw result.error instanceof Error ? result.error : new Error(String(result.error));
  }
  useSearchIndex(db, sqliteFullText);
  // Table statistics let the planner pick the selective index (slug, author...) over the
  // (type, status) one; without them a slug lookup walks every published post. Bounded work.
  sqlite.pragma('analysis_limit = 400');
  sqlite.pragma('optimize = 0x10002');
  // As the site grows, refresh them now and then (SQLite redoes only tables that changed enough).
  const optimizing = setInterval(() => sqlite.open && sqlite.pragma('optimize'), 3_600_000);
  optimizing.unref();
  return {
    db,
    close: () => {
      clearInterval(optimizing);
      return db.destroy();
    },
  };
}
