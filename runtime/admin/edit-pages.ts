/**
 * The block editor's pages, as wp-admin/post-new.php and post.php (action=edit) answer them in
 * WordPress 6.8: signed in (else the login page), then the capability checks (edit_posts and
 * create_posts of the type for a new item, edit_post on the item edited), then the page that
 * boots the editor with the settings of editor-settings.ts, the REST root of the same origin and
 * the session's `wp_rest` nonce.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../rest/types.ts';
import { postTypeCaps, userCan } from '../auth/capabilities.ts';
import { createNonce } from '../auth/sessions.ts';
import { queryFields, sitePath } from '../auth/page-kit.ts';
import { postTypeEntry } from '../../contract/post-types.ts';
import { adminDie, renderAdminTemplate, sendAdminHtml, signedInOrRedirect, type SignedIn } from './admin-kit.ts';
import { assetUrl } from './editor-assets.ts';
import { createAutoDraft } from './auto-draft.ts';
import { editorSettings } from './editor-settings.ts';

/** The types these pages edit: WordPress's two with the block editor and a list screen here. */
export const EDITABLE_TYPES = new Set(['post', 'page']);

/** `?post_type=` of a request ('post' when absent), or undefined for a type these pages do not edit. */
export function requestedType(req: FastifyRequest): string | undefined {
  const raw = queryFields(req).post_type;
  const type = raw === undefined || raw === '' ? 'post' : String(raw);
  return EDITABLE_TYPES.has(type) ? type : undefined;
}

export function listUrl(type: string): string {
  return type === 'post' ? '/wp-admin/edit.php' : `/wp-admin/edit.php?post_type=${type}`;
}

export function editUrl(id: number): string {
  return `/wp-admin/post.php?post=${id}&action=edit`;
}

async function sendEditor(app: App, reply: FastifyReply, who: SignedIn, type: string, postId: number, autoDraft: boolean): Promise<FastifyReply> {
  const entry = postTypeEntry(type)!;
  const config = {
    postType: type,
    postId,
    userId: who.user.id,
    restRoot: sitePath(app, '/wp-json/'),
    nonce: await createNonce(app.db, 'wp_rest', who.session, app.now()),
    nonceEndpoint: sitePath(app, '/wp-admin/admin-ajax.php?action=rest-nonce'),
    settings: await editorSettings(app, { postType: type, contentStylesheet: assetUrl('content.css'), dashboardLink: listUrl(type) }),
    // edit-form-blocks.php: a new item opens with an empty title and content, not "Auto Draft".
    initialEdits: autoDraft ? { title: '', content: '', excerpt: '' } : null,
  };
  // `<` is escaped so nothing inside the JSON can close its script element.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const title = autoDraft ? `Add New ${entry.labels.singularName}` : `Edit ${entry.labels.singularName}`;
  const html = renderAdminTemplate('editor', { title, siteName: app.deployment.site.name, postType: type, config: json, script: assetUrl('editor.js'), stylesheet: assetUrl('editor.css') });
  return sendAdminHtml(reply, html);
}

async function postNew(app: App, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const who = await signedInOrRedirect(app, req, reply);
  if (!who) return reply;
  const type = requestedType(req);
  if (!type) return adminDie(reply, app, 'Invalid post type.', 500);
  const caps = postTypeCaps(type);
  if (!(await userCan(app, who.user, caps.edit_posts)) || !(await userCan(app, who.user, caps.create_posts))) {
    return adminDie(reply, app, `Sorry, you are not allowed to create ${type === 'page' ? 'pages' : 'posts'} as this user.`, 403, 'You need a higher level of permission.');
  }
  const id = await createAutoDraft(app, who.user, type);
  return sendEditor(app, reply, who, type, id, true);
}

async function postEdit(app: App, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const who = await signedInOrRedirect(app, req, reply);
  if (!who) return reply;
  const query = queryFields(req);
  const id = Number(query.post ?? query.post_ID ?? 0);
  // post.php without an action to do goes back to the list, as WordPress's does.
  if (query.action !== 'edit') return reply.code(302).header('location', sitePath(app, listUrl('post'))).send();
  const row = Number.isSafeInteger(id) && id > 0 ? await app.db.selectFrom('posts').select(['id', 'type', 'status']).where('id', '=', id).executeTakeFirst() : undefined;
  if (!row) return adminDie(reply, app, 'You attempted to edit an item that does not exist. Perhaps it was deleted?', 500);
  if (!EDITABLE_TYPES.has(row.type)) return adminDie(reply, app, 'Sorry, you are not allowed to edit posts in this post type.', 403);
  if (!(await userCan(app, who.user, 'edit_post', row.id))) return adminDie(reply, app, 'Sorry, you are not allowed to edit this item.', 403);
  if (row.status === 'trash') return adminDie(reply, app, 'You cannot edit this item because it is in the Trash. Please restore it and try again.', 500);
  return sendEditor(app, reply, who, row.type, row.id, row.status === 'auto-draft');
}

export function registerEditPages(fastify: FastifyInstance, app: App): void {
  fastify.get('/wp-admin/post-new.php', (req, reply) => postNew(app, req, reply));
  fastify.get('/wp-admin/post.php', (req, reply) => postEdit(app, req, reply));
}
