/**
 * Paging headers as WordPress's collection controllers send them: `X-WP-Total`,
 * `X-WP-TotalPages`, and `Link` with `prev`/`next` built from the request's own URL and query
 * (the `page` param replaced in place, or appended). Handlers and behaviours call this.
 */
import type { HandlerContext } from './types.ts';
import { stringify } from 'qs';

export function paginationHeaders(ctx: Pick<HandlerContext, 'app' | 'request'>, total: number, perPage: number, page: number): Record<string, string> {
  const totalPages = perPage > 0 ? Math.ceil(total / perPage) : 0;
  const headers: Record<string, string> = { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) };
  const links: string[] = [];
  if (page > 1) links.push(`<${pageUrl(ctx, Math.min(page - 1, Math.max(totalPages, 1)))}>; rel="prev"`);
  if (totalPages > page) links.push(`<${pageUrl(ctx, page + 1)}>; rel="next"`);
  if (links.length > 0) headers.Link = links.join(', ');
  return headers;
}

function pageUrl(ctx: Pick<HandlerContext, 'app' | 'request'>, page: number): string {
  const query: Record<string, unknown> = { ...ctx.request.query };
  delete query.rest_route;
  query.page = String(page);
  const parts = Object.entries(query).map(([k, v]) => (v === '' ? encodeURIComponent(k) : stringify({ [k]: v }, { encodeValuesOnly: false })));
  return `${ctx.app.config.restUrl}${ctx.request.route}?${parts.join('&')}`;
}
