/**
 * Permission rule of the oEmbed proxy: WordPress lets only users who may edit posts make proxied
 * requests, and refuses the others with its own message (401 anonymous, 403 logged in).
 */
import { authError } from '../rest/errors.ts';
import { userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';

export const OEMBED_RULES = {
  oembed_proxy: async (ctx: PermissionContext): Promise<void> => {
    if (!(await userCan(ctx.app, ctx.user, 'edit_posts'))) throw authError('oembed_proxy_forbidden', ctx.user);
  },
};
