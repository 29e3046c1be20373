/**
 * Permission rule of the themes routes (WordPress's themes controller): those who may switch
 * themes read every theme; anyone else only the active one (the list asked for with
 * status=active, or the active theme's stylesheet), and only if they may edit some content.
 */
import { authError } from '../rest/errors.ts';
import { userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';
import { canEditSomeType } from '../types/editing.ts';
import { decodeStylesheet, isActiveTheme } from './active-theme.ts';

type Rule = (ctx: PermissionContext) => Promise<void>;

/** Whether the request asks for the active theme only: `status` exactly [active], or the active stylesheet. */
function asksForActiveOnly(ctx: PermissionContext): boolean {
  if (ctx.params.stylesheet !== undefined) return isActiveTheme(ctx.app, decodeStylesheet(ctx.params.stylesheet));
  const status = ctx.params.status;
  return Array.isArray(status) && status.length === 1 && status[0] === 'active';
}

const readThemes: Rule = async (ctx) => {
  if (await userCan(ctx.app, ctx.user, 'switch_themes')) return;
  if (!asksForActiveOnly(ctx)) throw authError('themes_cannot_view', ctx.user);
  if (!(await canEditSomeType(ctx.app, ctx.user))) throw authError('themes_cannot_view_active', ctx.user);
};

export const THEME_RULES: Record<string, Rule> = { read_themes: readThemes };
