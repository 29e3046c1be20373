/**
 * The site's secret key for nonces and form tokens, made once and kept in the options table so
 * that every server process of a site (and every restart) agrees on it.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

const OPTION = 'specpress_auth_secret';
const cache = new WeakMap<object, Promise<string>>();

export function authSecret(db: Kysely<Database>): Promise<string> {
  let secret = cache.get(db);
  if (!secret) {
    secret = loadOrCreate(db);
    cache.set(db, secret);
    secret.catch(() => cache.delete(db));
  }
  return secret;
}

async function loadOrCreate(db: Kysely<Database>): Promise<string> {
  const fresh = crypto.randomBytes(32).toString('hex');
  // Insert-or-ignore then read back: two processes starting together end with the same secret.
  await db.insertInto('options').values({ name: OPTION, value: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('options').select('value').where('name', '=', OPTION).executeTakeFirstOrThrow();
  return JSON.parse(row.value) as string;
}

export async function hmac(db: Kysely<Database>, data: string): Promise<string> {
  return crypto.createHmac('sha256', await authSecret(db)).update(data).digest('hex');
}
