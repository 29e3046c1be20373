/**
 * The block patterns routes: the registry's patterns and categories (registry.ts), whole, as
 * WordPress answers them. The permission rule (rules.ts) has run.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { patternRegistry } from './registry.ts';

export function listBlockPatterns(ctx: HandlerContext): HandlerResult {
  return { data: patternRegistry(ctx.app).patterns };
}

export function listBlockPatternCategories(ctx: HandlerContext): HandlerResult {
  return { data: patternRegistry(ctx.app).categories };
}
