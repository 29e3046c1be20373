/**
 * Permission rules of the block editor namespace, as WordPress 6.8 decides them: a link preview
 * for whoever may edit posts (url-details), the fallback navigation menu for those who may edit
 * the theme's options (navigation-fallback may create a menu), the theme's zip for those who may
 * export the site. Each refuses with WordPress's own code and message, 401 anonymous and 403
 * signed in.
 */
import { authError } from '../rest/errors.ts';
import { userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';

export const BLOCK_EDITOR_RULES = {
  read_url_details: async (ctx: PermissionContext): Promise<void> => {
    if (!(await userCan(ctx.app, ctx.user, 'edit_posts'))) throw authError('url_details_forbidden', ctx.user);
  },
  read_navigation_fallback: async (ctx: PermissionContext): Promise<void> => {
    if (!(await userCan(ctx.app, ctx.user, 'edit_theme_options'))) throw authError('navigation_fallback_forbidden', ctx.user);
  },
  // WordPress 6.8 asks only for `export` here (not edit_theme_options): administrators by default.
  export_theme: async (ctx: PermissionContext): Promise<void> => {
    if (!(await userCan(ctx.app, ctx.user, 'export'))) throw authError('export_forbidden', ctx.user);
  },
};
