/**
 * Proxy answers kept in the `cache` table for a while (a day by default, the deployment
 * setting `oembedCacheSeconds` otherwise), so that an editor typing the same address does not
 * make the server ask the provider again. Keys are a hash of every param that shapes the answer.
 */
import crypto from 'node:crypto';
import type { App } from '../rest/types.ts';

export function cacheKey(params: Record<string, unknown>): string {
  const sorted = Object.keys(params).sort().map((k) => [k, params[k]]);
  return `oembed-proxy:${crypto.createHash('sha256').update(JSON.stringify(sorted)).digest('hex')}`;
}

export function cacheSeconds(app: Pick<App, 'deployment'>): number {
  const configured = Number(app.deployment.settings.oembedCacheSeconds);
  return Number.isFinite(configured) && configured >= 0 ? configured : 24 * 60 * 60;
}

export async function readCache(app: App, key: string): Promise<Record<string, unknown> | undefined> {
  const row = await app.db.selectFrom('cache').select(['value', 'expires']).where('key', '=', key).executeTakeFirst();
  if (!row) return undefined;
  if (row.expires <= Math.floor(app.now().getTime() / 1000)) {
    await app.db.deleteFrom('cache').where('key', '=', key).execute();
    return undefined;
  }
  return JSON.parse(row.value) as Record<string, unknown>;
}

export async function writeCache(app: App, key: string, value: unknown): Promise<void> {
  const seconds = cacheSeconds(app);
  if (seconds === 0) return;
  const expires = Math.floor(app.now().getTime() / 1000) + seconds;
  const text = JSON.stringify(value);
  await app.db.insertInto('cache').values({ key, value: text, expires })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: text, expires })).execute();
}
