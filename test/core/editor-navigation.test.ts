/**
 * Navigation menus (core/v2/navigation served as wp/v2/navigation, post type wp_navigation) over
 * HTTP on the studio deployment, as WordPress 6.8's posts controller answers them for this type:
 * managed only with edit_theme_options (administrators), published menus readable by anyone,
 * drafts by no one else, title and content with their raw forms in the embed context, links
 * without author or replies, revisions kept, and the navigation fallback's `self` link resolving
 * to the menu (embedded with `_embed`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer } from './editor-server.ts';

let s: EditorServer;
let menu: any;
let draft: any;

const LINK = '<!-- wp:navigation-link {"label":"Home","url":"/"} /-->';

beforeAll(async () => {
  s = await startEditorServer();
  const made = await s.call('administrator', 'POST', '/wp/v2/navigation', { title: 'Main', content: LINK, status: 'publish' });
  expect(made.status).toBe(201);
  menu = made.body;
  const hidden = await s.call('administrator', 'POST', '/wp/v2/navigation', { title: 'Footer', content: LINK, status: 'draft' });
  expect(hidden.status).toBe(201);
  draft = hidden.body;
}, 60_000);
afterAll(() => s?.close());

describe('writing navigation menus as an administrator', () => {
  it('answers a new one in the edit context, with the fields and links 6.8 gives', () => {
    expect(Object.keys(menu)).toEqual([
      'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'password', 'slug', 'status', 'type', 'link', 'title', 'content', 'template', '_links',
    ]);
    expect(menu).toMatchObject({ type: 'wp_navigation', slug: 'main', status: 'publish', title: { raw: 'Main' }, content: { raw: LINK, protected: false, block_version: 1 }, template: '' });
    // No author, replies or assign-author: the type supports neither authors nor comments.
    expect(Object.keys(menu._links)).toEqual(['self', 'collection', 'about', 'version-history', 'wp:attachment', 'wp:action-publish', 'wp:action-unfiltered-html', 'curies']);
    expect(menu._links.self[0]).toEqual({ href: `${s.restUrl}/wp/v2/navigation/${menu.id}`, targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } });
    expect(menu._links.about[0].href).toBe(`${s.restUrl}/wp/v2/types/wp_navigation`);
  });

  it('updates one and keeps the earlier version as a revision', async () => {
    const r = await s.call('administrator', 'POST', `/wp/v2/navigation/${menu.id}`, { title: 'Main menu' });
    expect([r.status, r.body.title.raw]).toEqual([200, 'Main menu']);
    expect(r.body._links['version-history'][0].count).toBe(1);
    const revisions = await s.call('administrator', 'GET', `/wp/v2/navigation/${menu.id}/revisions`);
    expect(revisions.status).toBe(200);
    expect(revisions.body).toHaveLength(1);
    expect(Object.keys(revisions.body[0])).toEqual([
      'author', 'date', 'date_gmt', 'id', 'modified', 'modified_gmt', 'parent', 'slug', 'guid', 'title', 'content', 'meta', '_links',
    ]);
    expect(revisions.body[0]).toMatchObject({ parent: menu.id, title: { rendered: 'Main menu' } });
    const one = await s.call('administrator', 'GET', `/wp/v2/navigation/${menu.id}/revisions/${revisions.body[0].id}?context=edit`);
    expect([one.status, one.body.title.raw, one.body.content.raw]).toEqual([200, 'Main menu', LINK]);
  });

  it('lists menus, drafts included when asked', async () => {
    const published = await s.call('administrator', 'GET', '/wp/v2/navigation');
    expect([published.status, published.headers.get('x-wp-total')]).toEqual([200, '1']);
    expect(published.body.map((m: any) => m.id)).toEqual([menu.id]);
    const all = await s.call('administrator', 'GET', '/wp/v2/navigation?status=publish,draft&context=edit&orderby=id&order=asc');
    expect(all.body.map((m: any) => [m.id, m.status])).toEqual([[menu.id, 'publish'], [draft.id, 'draft']]);
  });

  it('trashes one, then deletes it for good', async () => {
    const extra = (await s.call('administrator', 'POST', '/wp/v2/navigation', { title: 'Spare', content: LINK, status: 'publish' })).body;
    const trashed = await s.call('administrator', 'DELETE', `/wp/v2/navigation/${extra.id}`);
    expect([trashed.status, trashed.body.status]).toEqual([200, 'trash']);
    const other = (await s.call('administrator', 'POST', '/wp/v2/navigation', { title: 'Gone', content: LINK, status: 'publish' })).body;
    const gone = await s.call('administrator', 'DELETE', `/wp/v2/navigation/${other.id}?force=true`);
    expect([gone.status, gone.body.deleted, gone.body.previous.title.raw]).toEqual([200, true, 'Gone']);
    expect((await s.call('administrator', 'GET', `/wp/v2/navigation/${other.id}`)).status).toBe(404);
  });
});

describe('who may read and write them', () => {
  it('refuses an editor every write, as edit_theme_options is needed', async () => {
    const create = await s.call('editor', 'POST', '/wp/v2/navigation', { title: 'Mine', status: 'draft' });
    expect([create.status, create.body.code]).toEqual([403, 'rest_cannot_create']);
    const update = await s.call('editor', 'POST', `/wp/v2/navigation/${menu.id}`, { title: 'Hijacked' });
    expect([update.status, update.body.code]).toEqual([403, 'rest_cannot_edit']);
    const remove = await s.call('editor', 'DELETE', `/wp/v2/navigation/${menu.id}?force=true`);
    expect([remove.status, remove.body.code]).toEqual([403, 'rest_cannot_delete']);
    const revisions = await s.call('editor', 'GET', `/wp/v2/navigation/${menu.id}/revisions`);
    expect([revisions.status, revisions.body.code]).toEqual([403, 'rest_cannot_read']);
  });

  it('lets anyone read a published menu, with only GET allowed', async () => {
    for (const who of ['anonymous', 'editor'] as const) {
      const r = await s.call(who, 'GET', `/wp/v2/navigation/${menu.id}`);
      expect([r.status, r.headers.get('allow'), r.body.title]).toEqual([200, 'GET', { rendered: 'Main menu' }]);
      expect(r.body._links.self[0].targetHints.allow).toEqual(['GET']);
    }
    const list = await s.call('anonymous', 'GET', '/wp/v2/navigation');
    expect(list.body.map((m: any) => m.id)).toEqual([menu.id]);
  });

  it('refuses a draft to an editor (403) and to anonymous (401), as 6.8 does', async () => {
    const editor = await s.call('editor', 'GET', `/wp/v2/navigation/${draft.id}`);
    expect([editor.status, editor.body.code]).toEqual([403, 'rest_forbidden']);
    const anonymous = await s.call('anonymous', 'GET', `/wp/v2/navigation/${draft.id}`);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'rest_forbidden']);
    const drafts = await s.call('editor', 'GET', '/wp/v2/navigation?status=draft');
    expect([drafts.status, drafts.body.code, drafts.body.data.params.status]).toEqual([400, 'rest_invalid_param', 'Status is forbidden.']);
    const edit = await s.call('editor', 'GET', '/wp/v2/navigation?context=edit');
    expect([edit.status, edit.body.code]).toEqual([403, 'rest_forbidden_context']);
  });
});

describe('the navigation fallback', () => {
  it('links self to a menu that resolves, and embeds it with raw title and content', async () => {
    const fallback = await s.call('administrator', 'GET', '/wp-block-editor/v1/navigation-fallback?_embed');
    expect(fallback.status).toBe(200);
    // The most recently published menu is the fallback.
    expect(fallback.body.id).toBe(menu.id);
    const self = fallback.body._links.self[0];
    expect(self.href).toBe(`${s.restUrl}/wp/v2/navigation/${menu.id}`);
    const resolved = await s.call('administrator', 'GET', self.href.slice(s.restUrl.length));
    expect([resolved.status, resolved.body.id]).toEqual([200, menu.id]);
    const [embedded] = fallback.body._embedded.self;
    expect(Object.keys(embedded)).toEqual(['id', 'date', 'slug', 'status', 'type', 'link', 'title', 'content', '_links']);
    expect(embedded).toMatchObject({ id: menu.id, status: 'publish', title: { raw: 'Main menu', rendered: 'Main menu' }, content: { raw: LINK, protected: false, block_version: 1 } });
  });
});
