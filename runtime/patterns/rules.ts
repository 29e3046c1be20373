/**
 * Permission rule of the block patterns routes: WordPress shows the registered patterns and
 * their categories to anyone who may edit some content.
 */
import { authError } from '../rest/errors.ts';
import type { PermissionContext } from '../auth/permission.ts';
import { canEditSomeType } from '../types/editing.ts';

type Rule = (ctx: PermissionContext) => Promise<void>;

const readBlockPatterns: Rule = async (ctx) => {
  if (await canEditSomeType(ctx.app, ctx.user)) return;
  throw authError(ctx.route.path.endsWith('/categories') ? 'block_pattern_categories_cannot_view' : 'block_patterns_cannot_view', ctx.user);
};

export const PATTERN_RULES: Record<string, Rule> = { read_block_patterns: readBlockPatterns };
