/**
 * The block patterns routes: the registry's patterns and categories (registry.ts), whole, as
 * WordPress answers them. The permission rule (rules.ts) has run.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { patternRegistry } from './registry.ts';
import { asResult } from '../rest/answer.ts';

export function listBlockPatterns<R>(ctx: HandlerContext): HandlerResult<R> {
  return asResult<R>(patternRegistry(ctx.app).patterns);
}

export function listBlockPatternCategories<R>(ctx: HandlerContext): HandlerResult<R> {
  return asResult<R>(patternRegistry(ctx.app).categories);
}
