/**
 * Rate counters every process of a site shares: one `rate_counters` row per key, each hit counted
 * in one statement (an upsert with RETURNING), so concurrent hits on several processes are all
 * counted and a limit of N holds as N however many processes serve the site. The login throttle
 * (runtime/auth/login-throttle.ts), anonymous behaviour writes and form submissions per address
 * (runtime/behaviors/write-limits.ts) all count here.
 *
 * A counter lives until `expires` (Unix seconds); a hit after that starts it again at 1. A
 * `fixed` window keeps its end (so many hits per minute); a `sliding` one moves it to a window
 * after each hit (forgotten a while after the last failure).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { reusableQuery } from './reusable-query.ts';

type Db = Kysely<Database>;

/** The column holds 255 characters; a longer key (a sign-in name as typed) is kept as its hash. */
const MAX_KEY = 255;
const stored = (key: string): string => (key.length <= MAX_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`);

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Unix seconds at which the window ends. */
  expires: number;
}

/** Rows whose window ended are deleted now and then by a hit that starts a new window. */
const PURGE_EVERY = 100;

/** Counts one hit on `key` and answers the count in its window. */
export async function countHit(db: Db, key: string, now: number, windowSeconds: number, window: 'fixed' | 'sliding'): Promise<Hit> {
  const end = now + windowSeconds;
  const row = await db
    .insertInto('rate_counters')
    .values({ key: stored(key), hits: 1, blocked_until: 0, expires: end })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const over = eb('rate_counters.expires', '<=', now);
        return {
          hits: eb.case().when(over).then(1).else(eb('rate_counters.hits', '+', 1)).end(),
          blocked_until: eb.case().when(over).then(0).else(eb.ref('rate_counters.blocked_until')).end(),
          expires: window === 'sliding' ? end : eb.case().when(over).then(end).else(eb.ref('rate_counters.expires')).end(),
        };
      }),
    )
    .returning(['hits', 'expires'])
    .executeTakeFirstOrThrow();
  const hit = { hits: Number(row.hits), expires: Number(row.expires) };
  if (hit.hits === 1 && Math.random() * PURGE_EVERY < 1) await db.deleteFrom('rate_counters').where('expires', '<=', now).execute();
  return hit;
}

/** Marks `key` blocked until `until` (Unix seconds); never shortens a block a concurrent hit set. */
export async function blockUntil(db: Db, key: string, until: number): Promise<void> {
  await db
    .updateTable('rate_counters')
    .set((eb) => ({ blocked_until: eb.case().when('blocked_until', '<', until).then(until).else(eb.ref('blocked_until')).end() }))
    .where('key', '=', stored(key))
    .execute();
}

/**
 * The block rows of so many keys, compiled once per count (reusable-query.ts): the login throttle
 * asks with three keys before every password check, so every request with Basic credentials.
 */
const BLOCKS = new Map<number, (db: Db, ...keys: string[]) => Promise<Array<{ blocked_until: number; expires: number }>>>();
function blocksOf(count: number) {
  let read = BLOCKS.get(count);
  if (!read) BLOCKS.set(count, (read = reusableQuery((db: Db, ...keys: string[]) => db.selectFrom('rate_counters').select(['blocked_until', 'expires']).where('key', 'in', keys))));
  return read;
}

/** Seconds until the longest block among `keys` ends (0 when none is blocked now). */
export async function blockedFor(db: Db, keys: string[], now: number): Promise<number> {
  const rows = await blocksOf(keys.length)(db, ...keys.map(stored));
  let wait = 0;
  for (const row of rows) if (Number(row.expires) > now) wait = Math.max(wait, Number(row.blocked_until) - now);
  return Math.max(0, wait);
}

export async function forgetCounters(db: Db, keys: string[]): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', 'in', keys.map(stored)).execute();
}
