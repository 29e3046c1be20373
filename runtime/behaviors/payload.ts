/**
 * What a behaviour stores from a request: the params the endpoint declares (or, for an
 * endpoint whose body the spec leaves undeclared, every param the client sent), without the
 * global params every route accepts and without the route's own captures.
 */
import type { HandlerContext } from '../rest/types.ts';

const GLOBAL_PARAMS = new Set(['_fields', '_embed', '_envelope', '_method', '_wpnonce', '_locale', 'rest_route', 'context']);

export function payloadOf(ctx: HandlerContext, exclude: string[] = []): Record<string, unknown> {
  const captures = new Set(ctx.route.captures.map((c) => c.name));
  const out: Record<string, unknown> = {};
  const declared = ctx.endpoint.argsMode === 'declared' ? new Set(Object.keys(ctx.endpoint.args)) : null;
  for (const [name, value] of Object.entries(ctx.params)) {
    if (GLOBAL_PARAMS.has(name) || captures.has(name) || exclude.includes(name) || value === undefined) continue;
    if (declared && !declared.has(name)) continue;
    out[name] = value;
  }
  return out;
}

/** Paging params as WordPress collections take them, with the spec's defaults already applied. */
export function pagingOf(ctx: HandlerContext): { page: number; perPage: number } {
  const page = Math.max(1, Number(ctx.params.page ?? 1) || 1);
  const perPage = Math.min(100, Math.max(1, Number(ctx.params.per_page ?? 10) || 10));
  return { page, perPage };
}

/** The response of a paged list, with WordPress's total headers. */
export function pagedResponse(items: unknown[], total: number, perPage: number) {
  return {
    data: items,
    headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(Math.max(1, Math.ceil(total / perPage))) },
  };
}
