/**
 * The editor's site navigation panel: the posts edited most recently (to jump between them)
 * and "add new", which creates an empty draft to open in the editor.
 */
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { gmtNow, localFromGmt, restDate, siteZone } from '../content/dates.ts';
import { guidFor } from '../content/links.ts';
import { supports } from '../../contract/post-types.ts';
import { asResult } from '../rest/answer.ts';

/** Types the panel offers to create, with the label it shows. */
const CREATABLE_TYPES: Record<string, string> = { post: 'Post', page: 'Page', builder_library: 'Template' };
const LISTED_STATUSES = ['publish', 'draft', 'pending', 'private', 'future'];

function editUrl(ctx: HandlerContext<unknown>, id: number): string {
  return `${ctx.app.config.siteUrl}/wp-admin/post.php?post=${id}&action=builder`;
}

/** How many, of which post types, leaving out some ids. */
export type RecentPostsParams = { posts_per_page: number; post_type: unknown[]; post__not_in?: number[] };

export async function recentPosts<R>(ctx: HandlerContext<RecentPostsParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const types = p.post_type.map(String);
  const skip = (p.post__not_in ?? []).map(Number);
  const count = Number(p.posts_per_page);
  if (!Number.isInteger(count) || count < 1) {
    throw restError('rest_invalid_param', ['posts_per_page'], { params: { posts_per_page: 'posts_per_page must be at least 1.' } });
  }
  let q = ctx.app.db
    .selectFrom('posts')
    .leftJoin('users', 'users.id', 'posts.author')
    .select(['posts.id', 'posts.title', 'posts.type', 'posts.status', 'posts.modified_gmt', 'users.display_name'])
    .where('posts.type', 'in', types.length ? types : [''])
    .where('posts.status', 'in', LISTED_STATUSES);
  if (skip.length) q = q.where('posts.id', 'not in', skip);
  const rows = await q.orderBy('posts.modified_gmt', 'desc').orderBy('posts.id', 'desc').limit(Math.min(count, 100)).execute();
  return asResult<R>(rows.map((r) => ({
          id: r.id,
          title: r.title,
          status: r.status,
          post_type: r.type,
          date_modified: restDate(r.modified_gmt),
          user_name: r.display_name ?? '',
          edit_url: editUrl(ctx, r.id),
        })));
}

/** The type of the draft to create (checked here against the types the panel offers). */
export type AddNewPostParams = { post_type: string };

export async function addNewPost<R>(ctx: HandlerContext<AddNewPostParams>): Promise<HandlerResult<R>> {
  const type = String(ctx.params.post_type ?? 'post');
  if (!(type in CREATABLE_TYPES)) {
    throw restError('rest_invalid_param', ['post_type'], { params: { post_type: `post_type is not one of ${Object.keys(CREATABLE_TYPES).join(', ')}.` } });
  }
  const gmt = gmtNow(ctx.app.now());
  const local = localFromGmt(gmt, await siteZone(ctx.app.db));
  const id = await ctx.app.db.transaction().execute(async (trx) => {
    const res = await trx
      .insertInto('posts')
      .values({
        author: ctx.user?.id ?? 0, type, status: 'draft', slug: '', title: '', content: '', excerpt: '', password: '',
        parent: 0, menu_order: 0, comment_status: supports(type, 'comments') ? 'open' : 'closed', ping_status: 'closed', format: 'standard',
        template: '', mime_type: '', guid: '', date: local, date_gmt: '0000-00-00 00:00:00', modified: local, modified_gmt: gmt, comment_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newId = res.id;
    await trx.updateTable('posts').set({ guid: guidFor(ctx.app.config.siteUrl, type, newId) }).where('id', '=', newId).execute();
    return newId;
  });
  return asResult<R>({ id, post_type: type, status: 'draft', edit_url: editUrl(ctx, id) }, { status: 201 });
}
