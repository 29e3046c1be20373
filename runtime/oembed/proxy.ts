/**
 * `GET /oembed/1.0/proxy`: oEmbed data for any address, as WordPress's proxy answers it.
 * Addresses of this site answer from the site itself; others go to the provider the registry
 * names, or (with `discover`) to the endpoint the page itself advertises. Every remote request
 * goes through the SSRF guard. Answers are cached. Failure of any kind is WordPress's
 * `oembed_invalid_url` 404. The answer is always JSON (as WordPress's proxy); `format` chooses
 * what is asked of the provider.
 */
import { Parser } from 'htmlparser2';
import type { App, HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { guardedFetch, OutboundError } from '../net/guarded-fetch.ts';
import { cacheKey, readCache, writeCache } from './cache.ts';
import { discoverEndpoint } from './discover.ts';
import { embedDataFor } from './embed-data.ts';
import { isEmbeddable, postFromUrl } from './local-posts.ts';
import { findProvider, providersOf } from './providers.ts';
import { oembedFromXml } from './xml.ts';
import { asResult } from '../rest/answer.ts';

const MAX_RESPONSE_BYTES = 512 * 1024;
const TYPES = new Set(['photo', 'video', 'link', 'rich']);

/** What the proxy reads: the address to embed, the format asked of the provider, the size limits and whether to discover a provider the list lacks. */
export type ProxyParams = {
  url: string;
  format: 'json' | 'xml';
  maxwidth: number;
  maxheight?: number;
  discover: boolean;
};

function paramsOf(ctx: HandlerContext<ProxyParams>): ProxyParams {
  const p = ctx.params;
  return {
    url: String(p.url),
    format: p.format === 'xml' ? 'xml' : 'json',
    maxwidth: Number(p.maxwidth ?? 600),
    maxheight: p.maxheight === undefined ? undefined : Number(p.maxheight),
    discover: p.discover !== false,
  };
}

/** The provider request: the endpoint with url, size limits, format and do-not-track added. */
function providerRequest(endpoint: string, format: 'json' | 'xml', params: ProxyParams): string {
  const target = new URL(endpoint.replace('{format}', format));
  target.searchParams.set('url', params.url);
  target.searchParams.set('maxwidth', String(params.maxwidth));
  if (params.maxheight !== undefined) target.searchParams.set('maxheight', String(params.maxheight));
  target.searchParams.set('format', format);
  target.searchParams.set('dnt', '1');
  return target.toString();
}

async function fetchOembed(app: App, requestUrl: string, format: 'json' | 'xml'): Promise<Record<string, unknown> | null> {
  const res = await guardedFetch(requestUrl, { allow: app.config.outboundAllow, maxBytes: MAX_RESPONSE_BYTES, timeoutMs: 10_000 });
  const text = res.body.toString('utf8');
  let data: unknown = null;
  if (format === 'json' || res.contentType.includes('json')) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!data) data = oembedFromXml(text);
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  return TYPES.has(String(record.type)) ? record : null;
}

/**
 * Markup from a provider nobody vouched for (found by discovery) is cut down to its iframes,
 * each sandboxed, as WordPress's wp_filter_oembed_result does for such providers.
 */
export function sandboxIframes(html: string): string {
  const frames: string[] = [];
  const keep = ['src', 'width', 'height', 'title', 'frameborder', 'allowfullscreen', 'allow'];
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name !== 'iframe' || !attrs.src || !/^https?:\/\//i.test(attrs.src)) return;
      const kept = keep.filter((k) => attrs[k] !== undefined).map((k) => `${k}="${escape(attrs[k])}"`);
      frames.push(`<iframe ${kept.join(' ')} sandbox="allow-scripts" security="restricted"></iframe>`);
    },
  }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return frames.join('');
}

async function remoteData(app: App, params: ProxyParams): Promise<Record<string, unknown> | null> {
  const provider = findProvider(providersOf(app), params.url);
  if (provider) return fetchOembed(app, providerRequest(provider.endpoint, params.format, params), params.format);
  if (!params.discover) return null;
  const found = await discoverEndpoint(app, params.url);
  if (!found) return null;
  // The discovered href already names the address; size limits and format are added to it.
  const target = new URL(found.href);
  target.searchParams.set('maxwidth', String(params.maxwidth));
  if (params.maxheight !== undefined) target.searchParams.set('maxheight', String(params.maxheight));
  const data = await fetchOembed(app, target.toString(), found.format);
  if (data && typeof data.html === 'string') data.html = sandboxIframes(data.html);
  return data;
}

export async function proxy<R>(ctx: HandlerContext<ProxyParams>): Promise<HandlerResult<R>> {
  const params = paramsOf(ctx);
  const local = await postFromUrl(ctx.app, params.url);
  if (local) {
    if (!(await isEmbeddable(ctx.app, local))) throw restError('oembed_invalid_url');
    return asResult<R>(await embedDataFor(ctx.app, local, params.maxwidth));
  }
  const key = cacheKey({ ...params });
  const cached = await readCache(ctx.app, key);
  if (cached) return asResult<R>(cached);
  let data: Record<string, unknown> | null;
  try {
    data = await remoteData(ctx.app, params);
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    ctx.app.logger.warn({ url: params.url, reason: err.reason }, 'oEmbed proxy fetch refused or failed');
    data = null;
  }
  if (!data) throw restError('oembed_invalid_url');
  await writeCache(ctx.app, key, data);
  return asResult<R>(data);
}
