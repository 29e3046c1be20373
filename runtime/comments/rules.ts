/**
 * Permission rule of the comments list, WordPress's get_items_permissions_check in its order:
 * each named post must be readable (a protected one needs its password or edit rights), the edit
 * context needs moderate_comments, and without edit_posts the filters that reveal unapproved or
 * private comments (author, author_exclude, author_email, type, status) are refused by name.
 * No comment is stored, so a permitted list is empty; a refused one says so as WordPress does.
 */
import type { PermissionContext } from '../auth/permission.ts';
import { userCan } from '../auth/capabilities.ts';
import { canEditPost, canReadPost } from '../auth/post-access.ts';
import { authError } from '../rest/errors.ts';

const filled = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && v !== '' && v !== 0);

async function readComments(ctx: PermissionContext): Promise<void> {
  const posts: number[] = Array.isArray(ctx.params.post) ? ctx.params.post : [];
  // The password counts only when one post is asked for, as in WordPress.
  const password = posts.length === 1 && typeof ctx.params.password === 'string' ? ctx.params.password : undefined;
  // One read for every named post (a list can name 40,000: one query each took seconds on
  // PostgreSQL), then WordPress's checks in the order the posts were named.
  const named = [...new Set(posts.filter((id) => id !== 0))];
  const rows = named.length ? await ctx.app.db.selectFrom('posts').select(['id', 'type', 'status', 'author', 'parent', 'password']).where('id', 'in', named).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of posts) {
    if (id === 0) {
      if (!(await userCan(ctx.app, ctx.user, 'moderate_comments'))) throw authError('comments_without_post', ctx.user);
      continue;
    }
    const post = byId.get(id);
    if (!post) continue;
    const locked = post.password !== '' && post.password !== password;
    const readable = locked ? await canEditPost(ctx, post) : await canReadPost(ctx, post);
    if (!readable) throw authError('comments_cannot_read_post', ctx.user);
  }
  if (ctx.params.context === 'edit' && !(await userCan(ctx.app, ctx.user, 'moderate_comments'))) throw authError('comments_forbidden_context', ctx.user);
  if (await userCan(ctx.app, ctx.user, 'edit_posts')) return;
  const forbidden: string[] = [];
  for (const name of ['author', 'author_exclude', 'author_email', 'type', 'status']) {
    const value = ctx.params[name];
    if (name === 'status' ? value !== undefined && value !== 'approve' : name === 'type' ? value !== undefined && value !== 'comment' : filled(value)) forbidden.push(name);
  }
  if (forbidden.length) throw authError('comments_forbidden_param', ctx.user, [forbidden.join(', ')]);
}

export const COMMENT_RULES: Record<string, (ctx: PermissionContext) => Promise<void>> = {
  read_comments: readComments,
};
