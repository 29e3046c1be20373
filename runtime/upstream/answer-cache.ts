/**
 * Cached GET answers of upstream services, each kept for its own max-age in the database's shared
 * cache (../cache/shared-cache.ts): every process of a site reuses what one of them fetched, and
 * a "clear caches" on any process clears them for all.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { registerCache } from '../cache/registry.ts';
import { forgetShared, keepShared, readShared } from '../cache/shared-cache.ts';

export interface CachedAnswer {
  status: number;
  data: unknown;
  headers: Record<string, string>;
}

const PREFIX = 'upstream:';
registerCache('upstream', (db) => forgetShared(db, PREFIX));

/** `key` is a hash of what shapes the answer (address, language, credential). */
export function cachedAnswer(db: Kysely<Database>, key: string, now: Date): Promise<CachedAnswer | undefined> {
  return readShared<CachedAnswer>(db, PREFIX + key, now);
}

export async function keepAnswer(db: Kysely<Database>, key: string, answer: CachedAnswer, seconds: number, now: Date): Promise<void> {
  await keepShared(db, PREFIX + key, answer, seconds, now);
}

/** Seconds a response may be reused, from its Cache-Control, or undefined when it must not be. */
export function maxAgeOf(cacheControl: string | null): number | undefined {
  if (!cacheControl || /\b(no-store|no-cache|private)\b/i.test(cacheControl)) return undefined;
  const m = /\bmax-age=(\d+)/i.exec(cacheControl);
  return m && Number(m[1]) > 0 ? Number(m[1]) : undefined;
}
