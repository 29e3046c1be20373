/**
 * Permission rules of the global styles routes (WordPress's global styles controller): the
 * theme's styles and variations are read by whoever may edit some content or the theme's
 * options; the site's own item must exist (404 first), is edited with edit_theme_options, and
 * is read with its type's read capability (edit_posts), its edit context with edit rights.
 */
import { authError, type ErrorKey } from '../rest/errors.ts';
import { loadPostFacts, userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';
import { postTypeCaps } from '../../contract/post-types.ts';
import { canEditSomeType } from '../types/editing.ts';
import { GLOBAL_STYLES_TYPE } from './user-styles.ts';

type Rule = (ctx: PermissionContext) => Promise<void>;

const deny = (key: ErrorKey, ctx: PermissionContext): never => {
  throw authError(key, ctx.user);
};

const readThemeStyles: Rule = async (ctx) => {
  if (await canEditSomeType(ctx.app, ctx.user)) return;
  if (await userCan(ctx.app, ctx.user, 'edit_theme_options')) return;
  deny('global_styles_cannot_read', ctx);
};

/** The item the route's id names, if it is a global styles item (WordPress reads the id as a number). */
async function requireItem(ctx: PermissionContext): Promise<number> {
  const text = String(ctx.params.id ?? '');
  const id = /^\d+$/.test(text) ? Number(text) : 0;
  const post = id > 0 ? await loadPostFacts(ctx.app.db, id) : undefined;
  if (!post || post.type !== GLOBAL_STYLES_TYPE) throw authError('global_styles_not_found', ctx.user);
  ctx.target = { ...ctx.target, post };
  return id;
}

const canEdit = (ctx: PermissionContext, id: number) => userCan(ctx.app, ctx.user, 'edit_post', id);

const readGlobalStyles: Rule = async (ctx) => {
  const id = await requireItem(ctx);
  if (ctx.params.context === 'edit' && !(await canEdit(ctx, id))) deny('global_styles_forbidden_context', ctx);
  if (!(await userCan(ctx.app, ctx.user, postTypeCaps(GLOBAL_STYLES_TYPE).read))) deny('global_styles_cannot_view', ctx);
};

const editGlobalStyles: Rule = async (ctx) => {
  const id = await requireItem(ctx);
  if (!(await canEdit(ctx, id))) deny('global_styles_cannot_edit', ctx);
};

export const GLOBAL_STYLES_RULES: Record<string, Rule> = {
  read_theme_styles: readThemeStyles,
  read_global_styles: readGlobalStyles,
  edit_global_styles: editGlobalStyles,
};
