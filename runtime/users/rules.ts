/**
 * Permission rules of the users routes (WordPress's WP_REST_Users_Controller checks, in its
 * order): what a caller without `list_users` may ask for, and which single users they may read
 * or change. The account a rule judges is the account the handler acts on (`ctx.target.userId`,
 * auth/target.ts): the `id` captured by `/users/<id>`, or on `/users/me` the caller's own, set as
 * the request's id before anything is judged, whatever id the query or body carried.
 */
import { authError, type ErrorKey } from '../rest/errors.ts';
import { userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';
import { findUserById } from '../auth/users.ts';
import { forCaller } from '../auth/target.ts';
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
  await existingUser(ctx, id);
  if (ctx.user?.id === id) return;
  if (ctx.params.context === 'edit' && !(await can(ctx, 'edit_users'))) deny('user_forbidden_context_item', ctx);
  if (!(await can(ctx, 'list_users')) && !(await hasPublishedContent(ctx.app.db, id))) deny('user_cannot_list', ctx);
};

// WordPress lets anyone call GET /users/me and answers rest_not_logged_in from the handler
// (service.ts), so an anonymous caller still gets `Allow: GET`.
const readCurrentUser: Rule = async (ctx) => {
  const id = forCaller(ctx);
  if (id > 0) ctx.target = { ...ctx.target, userId: id };
};

/** WordPress's get_user: a positive id of an existing account, else 404 rest_user_invalid_id; it becomes the target. */
async function existingUser(ctx: PermissionContext, id: number): Promise<void> {
  if (!(Number.isInteger(id) && id > 0 && (await findUserById(ctx.app.db, id)))) deny('user_invalid_id', ctx);
  ctx.target = { ...ctx.target, userId: id };
}

const createUser: Rule = async (ctx) => {
  if (!(await can(ctx, 'create_users'))) deny('user_cannot_create', ctx);
};

/**
 * update_item_permissions_check: changing roles needs promote_users (and nothing more when only
 * roles are sent); anything else needs edit_users, except on one's own account.
 */
async function updateUserWithId(ctx: PermissionContext, id: number): Promise<void> {
  await existingUser(ctx, id);
  if (filled(ctx.params.roles)) {
    if (!(await can(ctx, 'promote_users'))) deny('user_cannot_edit_roles', ctx);
    const sent = Object.keys(ctx.params).filter((k) => ctx.params[k] !== undefined && k !== 'id' && k !== 'roles' && !k.startsWith('_'));
    if (sent.length === 0) return;
  }
  if (ctx.user?.id !== id && !(await can(ctx, 'edit_users'))) deny('user_cannot_edit', ctx);
}

async function deleteUserWithId(ctx: PermissionContext, id: number): Promise<void> {
  await existingUser(ctx, id);
  if (!(await can(ctx, 'delete_users'))) deny('user_cannot_delete', ctx);
}

export const USER_RULES: Record<string, Rule> = {
  list_users: listUsers,
  read_user: readUser,
  read_current_user: readCurrentUser,
  create_user: createUser,
  update_user: (ctx) => updateUserWithId(ctx, Number(ctx.params.id)),
  delete_user: (ctx) => deleteUserWithId(ctx, Number(ctx.params.id)),
  // The /me routes act on the caller's own id; anonymous callers have none (0): 404 as WordPress.
  update_current_user: (ctx) => updateUserWithId(ctx, forCaller(ctx)),
  delete_current_user: (ctx) => deleteUserWithId(ctx, forCaller(ctx)),
};
