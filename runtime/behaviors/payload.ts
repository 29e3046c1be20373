/**
 * What a behaviour stores from a request: the params the client sent and the declared
 * defaults, without the global params every route accepts and without the ones the caller
 * names (the record key). On an endpoint whose args are declared, a param no arg declares is
 * left out, as WordPress ignores it (never stored, never answered); an endpoint that takes a
 * body the spec does not describe (`args: undeclared`) keeps what was sent.
 */
import type { HandlerContext } from '../rest/types.ts';
import { looseNumber } from '../rest/loose-params.ts';

const GLOBAL_PARAMS = new Set(['_fields', '_embed', '_envelope', '_method', '_wpnonce', '_locale', 'rest_route', 'context']);

function allowsNull(type: unknown): boolean {
  return type === undefined || type === 'null' || (Array.isArray(type) && type.includes('null'));
}

export function payloadOf(ctx: HandlerContext, exclude: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const declared = ctx.endpoint.argsMode === 'declared' ? ctx.endpoint.args : undefined;
  for (const [name, value] of Object.entries(ctx.params)) {
    if (GLOBAL_PARAMS.has(name) || exclude.includes(name) || value === undefined) continue;
    if (declared !== undefined && !Object.hasOwn(declared, name)) continue;
    // A null the arg's type does not allow was never validated (a null param counts as not
    // sent): it is not sent, so it is not stored either.
    if (value === null && declared !== undefined && !allowsNull(declared[name]!.type)) continue;
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
