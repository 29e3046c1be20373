/**
 * `GET /core-block-editor/v1/url-details`: the link preview of the block editor. The page at
 * the address is fetched through the outbound guard (net/guarded-fetch.ts: private and loopback
 * addresses refused unless `config.outboundAllow` names them) and its head read for a title,
 * icon, description and image (page-head.ts), as WordPress's url-details controller does.
 * Answers are kept an hour in the shared cache, as WordPress keeps the page a site transient.
 *
 * Errors as WordPress 6.8: an address WordPress's wp_http_validate_url would refuse (not http(s),
 * unresolvable, private) is `rest_invalid_param` on `url`; anything but a 200 (an unreachable
 * server, a timeout) is `no_response` 404; an empty page is `no_content` 404. Failures are not kept.
 */
import crypto from 'node:crypto';
import type { App, HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { asResult } from '../rest/answer.ts';
import { guardedFetch, OutboundError } from '../net/guarded-fetch.ts';
import { registerCache } from '../cache/registry.ts';
import { forgetShared, keepShared, readShared } from '../cache/shared-cache.ts';
import { readPageHead, type PageDetails } from './page-head.ts';

/** WordPress reads at most the first 150 KB of the page; the head is at its start. */
const MAX_PAGE_BYTES = 150 * 1024;
const KEEP_SECONDS = 60 * 60;
const PREFIX = 'url-details:';

registerCache('url-details', (db) => forgetShared(db, PREFIX));

/** Refusals WordPress makes while validating the param, before any request. */
const INVALID_ADDRESS = new Set(['invalid_url', 'blocked_address', 'dns']);

function keyOf(url: string): string {
  return `${PREFIX}${crypto.createHash('sha256').update(url).digest('hex')}`;
}

async function fetchPage(app: App, url: string): Promise<string> {
  let page;
  try {
    page = await guardedFetch(url, {
      allow: app.config.outboundAllow,
      maxBytes: MAX_PAGE_BYTES,
      truncate: true,
      timeoutMs: 10_000,
      // WordPress's own agent string differs from its pingback agent so that sites blocking pingbacks still answer.
      headers: { 'user-agent': `WP-URLDetails/6.8 (+${app.config.siteUrl})`, accept: 'text/html,*/*;q=0.8' },
    });
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    if (INVALID_ADDRESS.has(err.reason)) throw restError('url_details_invalid_param', [], { params: { url: 'Invalid parameter.' }, details: [] });
    app.logger.warn({ url, reason: err.reason }, 'url-details fetch failed');
    throw restError('no_response');
  }
  if (page.status !== 200) throw restError('no_response');
  const body = page.body.toString('utf8');
  if (!body) throw restError('no_content');
  return body;
}

export async function urlDetails<R>(ctx: HandlerContext<{ url: string }>): Promise<HandlerResult<R>> {
  // WordPress drops a trailing slash before fetching and keying the cache.
  const url = String(ctx.params.url).replace(/[/\\]+$/, '');
  if (!url) throw restError('rest_invalid_url', ['Invalid URL'], {}, 404);
  const key = keyOf(url);
  const kept = await readShared<PageDetails>(ctx.app.db, key, ctx.app.now());
  if (kept) return asResult<R>(kept);
  const details = readPageHead(await fetchPage(ctx.app, url), url);
  await keepShared(ctx.app.db, key, details, KEEP_SECONDS, ctx.app.now());
  return asResult<R>(details);
}
