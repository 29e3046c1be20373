/**
 * The block patterns routes: the registry's patterns and categories (registry.ts), whole, as
 * WordPress answers them. The permission rule (rules.ts) has run.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { patternRegistry } from './registry.ts';
import { asResult } from '../rest/answer.ts';

/** Takes no params: the whole registry. */
export function listBlockPatterns<R>(ctx: HandlerContext<unknown>): HandlerResult<R> {
  return asResult<R>(patternRegistry(ctx.app).patterns);
}

/** Takes no params: the whole registry. */
export function listBlockPatternCategories<R>(ctx: HandlerContext<unknown>): HandlerResult<R> {
  return asResult<R>(patternRegistry(ctx.app).categories);
}
