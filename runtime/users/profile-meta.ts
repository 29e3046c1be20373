/**
 * The profile fields WordPress keeps as user meta (first_name, last_name, nickname, locale) and
 * the block editor's persisted_preferences, in the `usermeta` table: read for many users at once,
 * written inside the caller's transaction (one row per key, replaced).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';

export interface ProfileMeta {
  first_name: string;
  last_name: string;
  /** Absent: the login, as WordPress stores it when the account is made. */
  nickname?: string;
  /** '' follows the site's language. */
  locale: string;
  /** The editor's saved preferences, or undefined when none were saved. */
  persisted_preferences?: Record<string, unknown>;
}

const KEYS = ['first_name', 'last_name', 'nickname', 'locale', 'persisted_preferences'] as const;
export type ProfileKey = (typeof KEYS)[number];

export async function readProfileMeta(db: Kysely<Database>, ids: number[]): Promise<Map<number, ProfileMeta>> {
  const out = new Map<number, ProfileMeta>(ids.map((id) => [id, { first_name: '', last_name: '', locale: '' }]));
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('usermeta').select(['user_id', 'meta_key', 'meta_value']).where('user_id', 'in', ids).where('meta_key', 'in', [...KEYS]).execute();
  for (const row of rows) {
    const meta = out.get(row.user_id)!;
    if (row.meta_key === 'persisted_preferences') meta.persisted_preferences = JSON.parse(row.meta_value) as Record<string, unknown>;
    else meta[row.meta_key as Exclude<ProfileKey, 'persisted_preferences'>] = row.meta_value;
  }
  return out;
}

export async function writeProfileMeta(trx: Transaction<Database>, userId: number, values: Partial<Record<ProfileKey, unknown>>): Promise<void> {
  for (const key of KEYS) {
    if (values[key] === undefined) continue;
    const value = key === 'persisted_preferences' ? JSON.stringify(values[key]) : String(values[key]);
    await trx.deleteFrom('usermeta').where('user_id', '=', userId).where('meta_key', '=', key).execute();
    await trx.insertInto('usermeta').values({ user_id: userId, meta_key: key, meta_value: value }).execute();
  }
}
