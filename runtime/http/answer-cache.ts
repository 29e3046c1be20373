/**
 * Whole answers to anonymous GETs of the core routes (core/v2, its wp/v2 alias, the discovery
 * document), kept by the process as serialized text, the way a WordPress site's page cache keeps
 * them. Correct across processes: the `answers` version row is bumped in the same transaction as
 * any write such an answer may show (runtime/cache/change-map.ts; a form's view count is none),
 * every request first drops what another writer made stale (ProcessCache.refresh), and this
 * process's own writes drop it at once (the write-watch plugin). An answer is kept at most a
 * second, for what depends on the clock.
 *
 * Never kept: signed-in or cookie-carrying requests, anything but a 200, answers that set a
 * cookie. `serve --no-answer-cache` (or SPECPRESS_ANSWER_CACHE=off) turns it off.
 */
import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { processCacheOf } from '../cache/process-cache.ts';
import type { App, RestResponse } from '../rest/types.ts';
import { bodyBytes } from '../rest/serialize-once.ts';
import { isCoreRoute } from '../rest/core-routes.ts';

const JSON_TYPE = 'application/json; charset=UTF-8';


/** Whether this server keeps answers: decided once when it starts (the environment wins over the config). */
export function answerCacheEnabled(app: App): boolean {
  const env = process.env.SPECPRESS_ANSWER_CACHE;
  if (env !== undefined) return !/^(0|off|false|no)$/i.test(env);
  return app.config.answerCache !== false;
}

/** The key of a request whose answer may be kept, or undefined. */
function keyOf(req: FastifyRequest, route: string): string | undefined {
  if (req.method !== 'GET' || !isCoreRoute(route)) return undefined;
  const h = req.headers;
  // Who asks, and what could change the answer besides the URL: never guessed, never kept.
  if (h.authorization || h.cookie || h['x-wp-nonce'] || h['x-http-method-override'] || h['content-length'] || h['transfer-encoding']) return undefined;
  return `${h.host ?? ''}\n${h.origin ?? ''}\n${req.url}`;
}

/** `load`'s answer, from the process's cache when an equal request was answered since the last write. */
export async function answerThroughCache(app: App, enabled: boolean, req: FastifyRequest, route: string, load: () => Promise<RestResponse>): Promise<RestResponse> {
  const cache = enabled ? processCacheOf(app.db as Kysely<unknown>) : undefined;
  const key = cache ? keyOf(req, route) : undefined;
  if (!cache || key === undefined) return load();
  return cache.get('answers', key, async () => frozen(await load()), {
    keep: (answer) => answer.status === 200 && !hasSetCookie(answer),
    bytes: (answer) => answer.raw!.data.length + key.length,
  });
}

/**
 * The answer with its body as UTF-8 bytes, so a hit costs no serialization and cannot be changed.
 * Bytes, not text: a string is encoded again on every send, and for the 400 KB discovery document
 * that encoding was a large share of a hit's CPU.
 */
function frozen(answer: RestResponse): RestResponse {
  const headers = Object.freeze({ ...answer.headers });
  if (answer.raw) return Object.freeze({ ...answer, headers, raw: { ...answer.raw, data: bytesOf(answer.raw.data) } });
  const contentType = answer.headers['content-type'] ?? answer.headers['Content-Type'] ?? JSON_TYPE;
  return Object.freeze({ status: answer.status, headers, body: undefined, raw: { contentType, data: bytesOf(bodyBytes(answer.body)) } });
}

const bytesOf = (data: Buffer | string): Buffer => (typeof data === 'string' ? Buffer.from(data, 'utf8') : data);

function hasSetCookie(answer: RestResponse): boolean {
  return Object.keys(answer.headers).some((name) => name.toLowerCase() === 'set-cookie');
}
