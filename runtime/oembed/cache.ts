/**
 * Proxy answers kept in the shared `cache` table (../cache/shared-cache.ts) for a while (a day by default, the deployment
 * setting `oembedCacheSeconds` otherwise), so that an editor typing the same address does not
 * make the server ask the provider again. Keys are a hash of every param that shapes the answer.
 */
import crypto from 'node:crypto';
import type { App } from '../rest/types.ts';
import { keepShared, readShared } from '../cache/shared-cache.ts';

export function cacheKey(params: Record<string, unknown>): string {
  const sorted = Object.keys(params).sort().map((k) => [k, params[k]]);
  return `oembed-proxy:${crypto.createHash('sha256').update(JSON.stringify(sorted)).digest('hex')}`;
}

export function cacheSeconds(app: Pick<App, 'deployment'>): number {
  const configured = Number(app.deployment.settings.oembedCacheSeconds);
  return Number.isFinite(configured) && configured >= 0 ? configured : 24 * 60 * 60;
}

export async function readCache(app: App, key: string): Promise<Record<string, unknown> | undefined> {
  return readShared<Record<string, unknown>>(app.db, key, app.now());
}

export async function writeCache(app: App, key: string, value: unknown): Promise<void> {
  const seconds = cacheSeconds(app);
  if (seconds > 0) await keepShared(app.db, key, value, seconds, app.now());
}
