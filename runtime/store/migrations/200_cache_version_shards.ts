/**
 * On PostgreSQL, `cache_versions` becomes a view summing a few counters per version, so that
 * writers committing side by side bump different rows instead of queueing on one
 * (runtime/store/postgres/cache-version-shards.ts). SQLite (one writer at a time) keeps its
 * table: nothing to do there. Down puts the table back, each version holding its sum.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine.ts';
import { cacheVersionShardsStatements, cacheVersionTableStatements } from '../postgres/cache-version-shards.ts';

async function run(db: Kysely<any>, statements: string[]): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export const cacheVersionShards: Migration = {
  up: (db: Kysely<any>) => run(db, cacheVersionShardsStatements()),
  down: (db: Kysely<any>) => run(db, cacheVersionTableStatements()),
};
