/**
 * Permission rules of the users routes (WordPress's WP_REST_Users_Controller checks, in its
 * order): what a caller without `list_users` may ask for, and which single users they may read.
 */
import { authError, type ErrorKey } from '../rest/errors.ts';
import { userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';
import { findUserById } from '../auth/users.ts';
import { hasPublishedContent } from './access.ts';

type Rule = (ctx: PermissionContext) => Promise<void>;

const deny = (key: ErrorKey, ctx: PermissionContext): never => {
  throw authError(key, ctx.user);
};
const can = (ctx: PermissionContext, cap: string, id?: number) => userCan(ctx.app, ctx.user, cap, id);
const filled = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && v !== '');

const listUsers: Rule = async (ctx) => {
  const lister = await can(ctx, 'list_users');
  if (filled(ctx.params.roles) && !lister) deny('user_cannot_filter_roles', ctx);
  if (filled(ctx.params.capabilities) && !lister) deny('user_cannot_filter_caps', ctx);
  if (ctx.params.context === 'edit' && !lister) deny('user_forbidden_context_list', ctx);
  if ((ctx.params.orderby === 'email' || ctx.params.orderby === 'registered_date') && !lister) deny('user_forbidden_orderby', ctx);
  // Asking for "authors" reveals who may write; WordPress wants edit rights on some content type.
  if (ctx.params.who === 'authors' && !(await can(ctx, 'edit_posts')) && !(await can(ctx, 'edit_pages'))) deny('user_forbidden_who', ctx);
};

const readUser: Rule = async (ctx) => {
  const id = Number(ctx.params.id);
  const user = Number.isInteger(id) && id > 0 ? await findUserById(ctx.app.db, id) : undefined;
  if (!user) deny('user_invalid_id', ctx);
  if (ctx.user?.id === id) return;
  if (ctx.params.context === 'edit' && !(await can(ctx, 'edit_users'))) deny('user_forbidden_context_item', ctx);
  if (!(await can(ctx, 'list_users')) && !(await hasPublishedContent(ctx.app.db, id))) deny('user_cannot_list', ctx);
};

// WordPress lets anyone call GET /users/me and answers rest_not_logged_in from the handler
// (service.ts), so an anonymous caller still gets `Allow: GET`.
const readCurrentUser: Rule = async () => {};

export const USER_RULES: Record<string, Rule> = {
  list_users: listUsers,
  read_user: readUser,
  read_current_user: readCurrentUser,
};
