/**
 * What a behaviour stores from a request: every param the client sent and the declared
 * defaults, without the global params every route accepts and without the ones the caller
 * names (the record key). The interface document declares few of the fields its clients
 * actually send (a colour's title and value, a favourite's kind), so undeclared params are
 * kept rather than silently dropped.
 */
import type { HandlerContext } from '../rest/types.ts';
import { looseNumber } from '../rest/loose-params.ts';

const GLOBAL_PARAMS = new Set(['_fields', '_embed', '_envelope', '_method', '_wpnonce', '_locale', 'rest_route', 'context']);

export function payloadOf(ctx: HandlerContext, exclude: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(ctx.params)) {
    if (GLOBAL_PARAMS.has(name) || exclude.includes(name) || value === undefined) continue;
    out[name] = value;
  }
  return out;
}

/** Paging params as WordPress collections take them, with the spec's defaults already applied. */
export function pagingOf(ctx: HandlerContext): { page: number; perPage: number } {
  const page = Math.max(1, looseNumber(ctx.params.page ?? 1) || 1);
  const perPage = Math.min(100, Math.max(1, looseNumber(ctx.params.per_page ?? 10) || 10));
  return { page, perPage };
}

/** The response of a paged list, with WordPress's total headers. */
export function pagedResponse(items: unknown[], total: number, perPage: number) {
  return {
    data: items,
    headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(Math.max(1, Math.ceil(total / perPage))) },
  };
}
