/**
 * Paging headers as WordPress's collection controllers send them: `X-WP-Total`,
 * `X-WP-TotalPages`, and `Link` with `prev`/`next` built from the request's own URL and query
 * (the `page` param replaced in place, or appended). Handlers may call `paginationHeaders`;
 * when a handler sets only the totals, dispatch adds the `Link` with `pageLinks`.
 */
import type { HandlerContext } from './types.ts';
import { stringify } from 'qs';

type PagingContext = Pick<HandlerContext, 'app' | 'request'> & Partial<Pick<HandlerContext, 'params' | 'endpoint'>>;

export function paginationHeaders(ctx: PagingContext, total: number, perPage: number, page: number): Record<string, string> {
  const totalPages = perPage > 0 ? Math.ceil(total / perPage) : 0;
  const headers: Record<string, string> = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) };
  const link = pageLinks(ctx, totalPages, page);
  if (link) headers.Link = link;
  return headers;
}

/**
 * Longest `Link` header sent. Each link repeats the query, so a long query would make response
 * headers bigger than clients and proxies accept (16 KiB is common); past this bound the links
 * keep only the declared params, and past it again there is no `Link` (the totals remain).
 */
export const MAX_LINK_HEADER_BYTES = 4096;

/** `<…page=N-1>; rel="prev", <…page=N+1>; rel="next"`, or undefined when there is neither. */
export function pageLinks(ctx: PagingContext, totalPages: number, page: number): string | undefined {
  for (const keepUndeclared of [true, false]) {
    const links: string[] = [];
    // As WordPress: prev never passes the last page, so an empty list's page 2 points at page 0.
    if (page > 1) links.push(`<${pageUrl(ctx, Math.min(page - 1, totalPages), keepUndeclared)}>; rel="prev"`);
    if (totalPages > page) links.push(`<${pageUrl(ctx, page + 1, keepUndeclared)}>; rel="next"`);
    if (links.length === 0) return undefined;
    const header = links.join(', ');
    if (Buffer.byteLength(header) <= MAX_LINK_HEADER_BYTES) return header;
  }
  return undefined;
}

/**
 * WordPress builds the links from the query params after sanitize_params rewrote them, so a
 * declared param appears as its clean value: `categories=5` comes back as `categories[0]=5`,
 * `per_page=05` as `per_page=5`, a boolean as PHP prints it ('1' or ''). Undeclared params are
 * repeated as sent, unless `keepUndeclared` is false.
 */
function pageUrl(ctx: PagingContext, page: number, keepUndeclared: boolean): string {
  // A `?rest_route=` request keeps that param in its links, first (WordPress repeats the whole
  // query after the pretty address), so those links still name the route.
  const query: Record<string, unknown> = ctx.request.restRouteParam !== undefined ? { rest_route: ctx.request.restRouteParam } : {};
  for (const [name, raw] of Object.entries(ctx.request.query)) {
    const declared = ctx.endpoint?.args?.[name] && ctx.endpoint.args[name]!.validate !== false && ctx.params && name in ctx.params;
    if (declared) query[name] = asPhpQueryValue(ctx.params![name]);
    else if (keepUndeclared) query[name] = raw;
  }
  query.page = String(page);
  const parts = Object.entries(query).map(([k, v]) => (v === '' ? encodeURIComponent(k) : stringify({ [k]: v }, { format: 'RFC1738' })));
  return `${ctx.app.config.restUrl}${ctx.request.route}?${parts.join('&')}`;
}

function asPhpQueryValue(value: unknown): unknown {
  if (value === true) return '1';
  if (value === false || value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(asPhpQueryValue);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asPhpQueryValue(v)]));
  return String(value);
}
