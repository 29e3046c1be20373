/**
 * Forwards one operation to its remote service following the contract of README.md: same
 * method, path relative to the namespace, query or JSON body, locale, stored credential.
 */
import { createHash } from 'node:crypto';
import qs from 'qs';
import type { UpstreamBehavior } from '../../contract/model.ts';
import { RestError, relayedError, restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { cachedAnswer, keepAnswer, maxAgeOf, type CachedAnswer } from './answer-cache.ts';

export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000;
const READ_RETRIES = 2;
const RETRY_STATUSES = new Set([502, 503, 504]);
const RELAYED_HEADERS = ['x-wp-total', 'x-wp-totalpages'];

export interface ForwardRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request the service receives for this call (exported for the contract's unit test). */
export function buildForwardRequest(ctx: HandlerContext, base: string, payload: Record<string, unknown>, credential: string | undefined): ForwardRequest {
  const method = ctx.request.method === 'HEAD' ? 'GET' : ctx.request.method.toUpperCase();
  const prefix = `/${ctx.route.namespace}`;
  const route = ctx.request.route;
  const relative = route.toLowerCase().startsWith(prefix.toLowerCase()) ? route.slice(prefix.length) : route;
  const captures = new Set(ctx.route.captures.map((c) => c.name));
  const params = Object.fromEntries(Object.entries(payload).filter(([k]) => !captures.has(k)));
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': localeOf(ctx),
    'x-specpress-operation': ctx.endpoint.operationId,
  };
  if (credential) headers.authorization = `Bearer ${credential}`;
  const hasBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  let url = `${base}${relative}`;
  if (!hasBody) {
    const query = qs.stringify(params, { arrayFormat: 'brackets', encodeValuesOnly: true });
    if (query) url += `?${query}`;
    return { method, url, headers };
  }
  headers['content-type'] = 'application/json';
  return { method, url, headers, body: JSON.stringify(params) };
}

/** `_locale=<locale>` (not the words `user`/`site`), else the caller's Accept-Language, else en-US. */
function localeOf(ctx: HandlerContext): string {
  const asked = ctx.params._locale ?? ctx.request.query._locale;
  if (typeof asked === 'string' && /^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$/.test(asked)) return asked.replace(/_/g, '-');
  const header = ctx.request.headers['accept-language']?.trim();
  // `*` (what fetch sends by default) names no language.
  return header && header !== '*' ? header : 'en-US';
}

export async function forward(ctx: HandlerContext, b: UpstreamBehavior, req: ForwardRequest): Promise<HandlerResult> {
  const cacheable = req.method === 'GET';
  const cacheKey = cacheable ? createHash('sha256').update(JSON.stringify([req.url, req.headers['accept-language'], req.headers.authorization ?? ''])).digest('hex') : '';
  if (cacheable) {
    const hit = await cachedAnswer(ctx.app.db, cacheKey, ctx.app.now());
    if (hit) return { data: hit.data, status: hit.status, headers: { ...hit.headers, 'X-Specpress-Source': 'upstream', 'X-Specpress-Cache': 'hit' } };
  }
  const timeoutMs = ctx.app.config.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const res = await attempt(b, req, timeoutMs, cacheable ? READ_RETRIES : 0);
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw restError('rest_upstream_bad_answer', [b.service], { service: b.service, upstream_status: res.status });
    }
  }
  if (!res.ok) throw mapFailure(b, res.status, data);
  const headers: Record<string, string> = {};
  for (const name of RELAYED_HEADERS) {
    const v = res.headers.get(name);
    if (v !== null) headers[name === 'x-wp-total' ? 'X-WP-Total' : 'X-WP-TotalPages'] = v;
  }
  const answer: CachedAnswer = { status: res.status, data, headers };
  const seconds = maxAgeOf(res.headers.get('cache-control')) ?? b.cacheSeconds;
  if (cacheable && res.status === 200 && seconds) await keepAnswer(ctx.app.db, cacheKey, answer, seconds, ctx.app.now());
  return { data, status: res.status, headers: { ...headers, 'X-Specpress-Source': 'upstream' } };
}

async function attempt(b: UpstreamBehavior, req: ForwardRequest, timeoutMs: number, retries: number): Promise<Response> {
  for (let n = 0; ; n++) {
    try {
      const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
      if (n < retries && RETRY_STATUSES.has(res.status)) {
        await res.body?.cancel();
        await backoff(n);
        continue;
      }
      return res;
    } catch (err) {
      if (n < retries) {
        await backoff(n);
        continue;
      }
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      if (timedOut) throw restError('rest_upstream_timeout', [b.service], { service: b.service, timeout_ms: timeoutMs });
      throw restError('rest_upstream_failed', [b.service], { service: b.service, reason: err instanceof Error ? err.message : String(err) });
    }
  }
}

const backoff = (n: number) => new Promise((resolve) => setTimeout(resolve, 100 * 2 ** n));

function mapFailure(b: UpstreamBehavior, status: number, data: unknown): RestError {
  if (status >= 500 || status < 400) return restError('rest_upstream_failed', [b.service], { service: b.service, upstream_status: status });
  const body = data as { code?: unknown; message?: unknown } | null;
  if (body && typeof body.code === 'string' && typeof body.message === 'string') {
    return relayedError(body.code, body.message, status, { service: b.service, upstream_status: status });
  }
  return restError('rest_upstream_rejected', [b.service], { service: b.service, upstream_status: status }, status);
}
