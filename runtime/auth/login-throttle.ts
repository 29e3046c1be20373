/**
 * Slows password guessing on the login form: after MAX_FAILURES failed logins from one address
 * within the window, that address is refused until the window ends, without a password check.
 * Counted per address, not per login, so nobody can lock a known user out by failing on purpose
 * from elsewhere. Kept in the shared `cache` table, so every server process of a site agrees.
 * (Application passwords need no such guard: 24 random characters cannot be guessed.)
 */
import type { App } from '../rest/types.ts';

export const MAX_FAILURES = 10;
export const WINDOW_SECONDS = 15 * 60;

const keyOf = (ip: string) => `login-failures:${ip}`;
const nowSeconds = (app: App) => Math.floor(app.now().getTime() / 1000);

/** Seconds until this address may try again, or 0 when it may try now. */
export async function loginBlockedFor(app: App, ip: string): Promise<number> {
  const row = await app.db.selectFrom('cache').select(['value', 'expires']).where('key', '=', keyOf(ip)).executeTakeFirst();
  if (!row || row.expires <= nowSeconds(app)) return 0;
  const { count } = JSON.parse(row.value) as { count: number };
  return count >= MAX_FAILURES ? row.expires - nowSeconds(app) : 0;
}

export async function recordLoginFailure(app: App, ip: string): Promise<void> {
  const now = nowSeconds(app);
  const row = await app.db.selectFrom('cache').select(['value', 'expires']).where('key', '=', keyOf(ip)).executeTakeFirst();
  const live = row && row.expires > now;
  const count = live ? (JSON.parse(row.value) as { count: number }).count + 1 : 1;
  const expires = live ? row.expires : now + WINDOW_SECONDS;
  const value = JSON.stringify({ count });
  await app.db.insertInto('cache').values({ key: keyOf(ip), value, expires })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, expires })).execute();
}

export async function clearLoginFailures(app: App, ip: string): Promise<void> {
  await app.db.deleteFrom('cache').where('key', '=', keyOf(ip)).execute();
}
