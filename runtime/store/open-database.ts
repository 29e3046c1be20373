/**
 * Opens the site's database and brings its schema up to date: the embedded SQLite file by
 * default, or PostgreSQL when the target is a `postgres://` URL. Everything above this file speaks
 * Kysely (and ./portable-sql.ts for the few expressions the engines spell differently) and does
 * not know which database runs.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema.ts';
import { openSqlite } from './sqlite/open.ts';
import { durabilityOf } from './durability.ts';
import { openPostgres } from './postgres/open.ts';
import { retryConflictingTransactions, type ConflictListener } from './postgres/conflict-retry.ts';
import { initial } from './migrations/001_initial.ts';
import { forms } from './migrations/010_forms.ts';
import { contentOrder } from './migrations/011_content_order.ts';
import { loginThrottle } from './migrations/060_login_throttle.ts';
import { postsSlug } from './migrations/061_posts_slug.ts';
import { cacheVersions } from './migrations/070_cache_versions.ts';
import { listOrderIndexes } from './migrations/071_list_order_indexes.ts';
import { postsFulltext } from './migrations/072_posts_fulltext.ts';
import { postsCacheVersion } from './migrations/073_posts_cache_version.ts';
import { postsTrigram } from './migrations/080_posts_trigram.ts';
import { slugCounters } from './migrations/090_slug_counters.ts';
import { rateCounters } from './migrations/095_rate_counters.ts';
import { answersCacheVersion } from './migrations/100_answers_cache_version.ts';
import { postsFulltextVocab } from './migrations/110_posts_fulltext_vocab.ts';
import { postsStatusById } from './migrations/120_posts_status_by_id.ts';
import { postsFulltextEndMark } from './migrations/130_posts_fulltext_end_mark.ts';
import { postsFulltextDeferrable } from './migrations/140_posts_fulltext_deferrable.ts';
import { slugCountersDense } from './migrations/150_slug_counters_dense.ts';
import { cacheChangeMap } from './migrations/160_cache_change_map.ts';
import { defaultCategory } from './migrations/170_default_category.ts';
import { cacheBumpsAtCommit } from './migrations/180_cache_bumps_at_commit.ts';
import { termCountsAtCommit } from './migrations/190_term_counts_at_commit.ts';
import { cacheVersionShards } from './migrations/200_cache_version_shards.ts';
import { WriteWatchPlugin } from '../cache/write-watch-plugin.ts';
import { attachFullTextIndex } from './fulltext-index.ts';
import { sqliteFullText } from './sqlite/fulltext.ts';
import { postgresFullText } from './postgres/fulltext.ts';
import { indexPending } from './search-index-deferral.ts';

/** Migrations in order; add new ones at the end, never edit a released one. Exported for upgrade tests. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001_initial': initial,
  '010_forms': forms,
  '011_content_order': contentOrder,
  '060_login_throttle': loginThrottle,
  '061_posts_slug': postsSlug,
  '070_cache_versions': cacheVersions,
  '071_list_order_indexes': listOrderIndexes,
  '072_posts_fulltext': postsFulltext,
  '073_posts_cache_version': postsCacheVersion,
  '080_posts_trigram': postsTrigram,
  '090_slug_counters': slugCounters,
  '095_rate_counters': rateCounters,
  '100_answers_cache_version': answersCacheVersion,
  '110_posts_fulltext_vocab': postsFulltextVocab,
  '120_posts_status_by_id': postsStatusById,
  '130_posts_fulltext_end_mark': postsFulltextEndMark,
  '140_posts_fulltext_deferrable': postsFulltextDeferrable,
  '150_slug_counters_dense': slugCountersDense,
  '160_cache_change_map': cacheChangeMap,
  '170_default_category': defaultCategory,
  '180_cache_bumps_at_commit': cacheBumpsAtCommit,
  '190_term_counts_at_commit': termCountsAtCommit,
  '200_cache_version_shards': cacheVersionShards,
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
export async function openDatabase(target: string, opts: { onWriteConflict?: ConflictListener } = {}): Promise<OpenedDatabase> {
  const postgres = isPostgresUrl(target);
  // This process's own writes drop what they reach from its caches (runtime/cache/). The watch
  // comes first: it reads each statement as the code wrote it, before the engine's plugins
  // rewrite its conditions (PostgreSQL compares text as `cast(… as text)`).
  const engine = postgres ? openPostgres(target) : openSqlite(target);
  const watched = engine.getExecutor().plugins.reduce((db, plugin) => db.withPlugin(plugin), engine.withoutPlugins().withPlugin(new WriteWatchPlugin()));
  const db = postgres ? retryConflictingTransactions(watched, opts.onWriteConflict) : watched;
  try {
    const result = await new Migrator({ db, provider }).migrateToLatest();
    if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  } catch (err) {
    await db.destroy();
    throw err;
  }
  attachFullTextIndex(db, postgres ? postgresFullText : sqliteFullText);
  if (!postgres) {
    // A deferred full-text write that was committed (never meant to be) is finished here.
    const { rows } = await sql`SELECT count(*) AS n FROM posts_fts_deferring`.execute(db);
    if (Number((rows[0] as { n: number }).n) > 0) await db.transaction().execute((trx) => indexPending(trx));
    // Table statistics let the planner pick the selective index (slug, author...) over the
    // (type, status) one; without them a slug lookup walks every published post. Bounded work.
    await sql`PRAGMA analysis_limit = 400`.execute(db);
    await sql`PRAGMA optimize = 0x10002`.execute(db);
  }
  // What was written is on disk before the database is reported closed (a command's last write included).
  const close = async () => {
    const commits = durabilityOf(db);
    try {
      await commits?.durable();
    } finally {
      await db.destroy();
      await commits?.close();
    }
  };
  return { db, close };
}
