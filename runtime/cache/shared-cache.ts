/**
 * Answers kept in the database's `cache` table, shared by every process of a site: what one
 * process fetched from a provider or a service, the others reuse until it expires, and a clear
 * on one process clears it for all. Keys start with the name of the cache that owns them.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

type Db = Kysely<Database>;

const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The value kept under `key`, or undefined when there is none or it expired (then it is dropped). */
export async function readShared<T>(db: Db, key: string, now: Date): Promise<T | undefined> {
  const row = await db.selectFrom('cache').select(['value', 'expires']).where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  if (row.expires <= seconds(now)) {
    await db.deleteFrom('cache').where('key', '=', key).where('expires', '<=', seconds(now)).execute();
    return undefined;
  }
  return JSON.parse(row.value) as T;
}

/** Keeps `value` under `key` for `ttlSeconds` (replacing what was there), in one statement. */
export async function keepShared(db: Db, key: string, value: unknown, ttlSeconds: number, now: Date): Promise<void> {
  const expires = seconds(now) + ttlSeconds;
  const text = JSON.stringify(value);
  await db.insertInto('cache').values({ key, value: text, expires }).onConflict((oc) => oc.column('key').doUpdateSet({ value: text, expires })).execute();
}

/** Drops every key that starts with `prefix`, for every process. */
export async function forgetShared(db: Db, prefix: string): Promise<void> {
  await db.deleteFrom('cache').where(sql<boolean>`substr(key, 1, ${prefix.length}) = ${prefix}`).execute();
}
