/**
 * `/wp-admin/edit.php` (`?post_type=page`): a plain server-rendered list of the items a user may
 * edit, newest first, each title linking to its editor, with "Add New". WordPress's list screen
 * does far more (filters, bulk actions, quick edit); this is the way in to the editor.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../rest/types.ts';
import { postTypeCaps, userCan } from '../auth/capabilities.ts';
import { postTypeEntry } from '../../contract/post-types.ts';
import { adminDie, renderAdminTemplate, sendAdminHtml, signedInOrRedirect } from './admin-kit.ts';
import { editUrl, requestedType } from './edit-pages.ts';

/** The statuses the list shows, as WordPress's "All" view (trash and auto-drafts left out). */
const LISTED = ['publish', 'future', 'draft', 'pending', 'private'];
const STATUS_LABELS: Record<string, string> = { publish: 'Published', future: 'Scheduled', draft: 'Draft', pending: 'Pending', private: 'Private' };
const PAGE_SIZE = 100;

async function postList(app: App, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const who = await signedInOrRedirect(app, req, reply);
  if (!who) return reply;
  const type = requestedType(req);
  if (!type) return adminDie(reply, app, 'Invalid post type.', 500);
  const caps = postTypeCaps(type);
  if (!(await userCan(app, who.user, caps.edit_posts))) {
    return adminDie(reply, app, `Sorry, you are not allowed to edit ${type === 'page' ? 'pages' : 'posts'} in this post type.`, 403, 'You need a higher level of permission.');
  }
  const rows = await app.db
    .selectFrom('posts')
    .leftJoin('users', 'users.id', 'posts.author')
    .select(['posts.id', 'posts.title', 'posts.status', 'posts.date', 'posts.author', 'users.display_name'])
    .where('posts.type', '=', type)
    .where('posts.status', 'in', LISTED)
    .orderBy('posts.date', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(PAGE_SIZE)
    .execute();
  const listed = [];
  for (const row of rows) {
    // Others' private items stay out of the list, as read_post decides for WordPress's.
    if (!(await userCan(app, who.user, 'read_post', row.id))) continue;
    const canEdit = await userCan(app, who.user, 'edit_post', row.id);
    listed.push({ id: row.id, title: row.title || '(no title)', status: STATUS_LABELS[row.status] ?? row.status, date: row.date, author: row.display_name ?? '', editUrl: canEdit ? editUrl(row.id) : '' });
  }
  const entry = postTypeEntry(type)!;
  const html = renderAdminTemplate('list', {
    siteName: app.deployment.site.name,
    login: who.user.login,
    plural: entry.labels.name,
    addNew: `Add New ${entry.labels.singularName}`,
    addNewUrl: type === 'post' ? '/wp-admin/post-new.php' : `/wp-admin/post-new.php?post_type=${type}`,
    canCreate: await userCan(app, who.user, caps.create_posts),
    notFound: `No ${entry.labels.plural} found.`,
    rows: listed,
  });
  return sendAdminHtml(reply, html);
}

export function registerPostList(fastify: FastifyInstance, app: App): void {
  fastify.get('/wp-admin/edit.php', (req, reply) => postList(app, req, reply));
}
