/**
 * The users, categories, tags, types, taxonomies and comments routes of the default deployment
 * over HTTP, with WordPress 6.8's answers: who sees which user, editors writing terms, the
 * registries, and `_embed` of a post embedding its author and terms (and no replies).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from '../content/content-server.ts';

let s: ContentServer;
let postId: number;
let catId: number;
let tagId: number;

beforeAll(async () => {
  s = await startContentServer('studio');
  const cat = await s.call('editor', 'POST', '/wp/v2/categories', { name: 'Food & Drink', description: 'Eating' });
  expect(cat.status).toBe(201);
  catId = cat.body.id;
  const tag = await s.call('editor', 'POST', '/wp/v2/tags', { name: '  <b>Rock</b> & Roll  ' });
  expect(tag.status).toBe(201);
  tagId = tag.body.id;
  const post = await s.call('author', 'POST', '/wp/v2/posts', { title: 'Hello', content: 'Body', status: 'publish', categories: [catId], tags: [tagId] });
  expect(post.status).toBe(201);
  postId = post.body.id;
}, 60_000);
afterAll(() => s?.close());

describe('users', () => {
  it('shows anonymous visitors only authors of published posts', async () => {
    const list = await s.call('anonymous', 'GET', '/wp/v2/users');
    expect(list.status).toBe(200);
    expect(list.body.map((u: any) => u.id)).toEqual([s.users.author.id]);
    expect(list.headers.get('x-wp-total')).toBe('1');
    const u = list.body[0];
    expect(Object.keys(u)).toEqual(['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls', 'meta', '_links']);
    expect(u.meta).toEqual([]);
    expect(u.avatar_urls['96']).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\/[0-9a-f]{64}\?s=96&d=mm&r=g$/);
    expect(u._links.self[0]).toEqual({ href: `${s.restUrl}/wp/v2/users/${u.id}`, targetHints: { allow: ['GET'] } });
    const hidden = await s.call('anonymous', 'GET', `/wp/v2/users/${s.users.subscriber.id}`);
    expect(hidden.status).toBe(401);
    expect(hidden.body.code).toBe('rest_user_cannot_view');
    expect((await s.call('anonymous', 'GET', '/wp/v2/users/99999')).body.code).toBe('rest_user_invalid_id');
  });

  it('lists every user to administrators, with edit fields', async () => {
    const list = await s.call('administrator', 'GET', '/wp/v2/users?context=edit&per_page=100&orderby=id');
    expect(list.status).toBe(200);
    expect(list.body.length).toBe(5);
    const admin = list.body.find((u: any) => u.id === s.users.administrator.id);
    expect(admin.roles).toEqual(['administrator']);
    expect(admin.capabilities.list_users).toBe(true);
    expect(admin.extra_capabilities).toEqual({ administrator: true });
    expect(admin.meta).toEqual({ persisted_preferences: [] });
    expect(Object.keys(admin).slice(12, 14)).toEqual(['roles', 'registered_date']);
    expect(admin.registered_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
  });

  it('refuses what needs list_users as WordPress does', async () => {
    const cases: Array<[string, string]> = [
      ['context=edit', 'rest_forbidden_context'],
      ['orderby=email', 'rest_forbidden_orderby'],
      ['roles=editor', 'rest_user_cannot_view'],
      ['who=authors', 'rest_forbidden_who'],
    ];
    for (const [query, code] of cases) {
      const r = await s.call('anonymous', 'GET', `/wp/v2/users?${query}`);
      expect([r.status, r.body.code], query).toEqual([401, code]);
    }
    expect((await s.call('subscriber', 'GET', '/wp/v2/users?context=edit')).status).toBe(403);
  });

  it('answers /users/me for the logged-in user and 401 otherwise', async () => {
    const me = await s.call('editor', 'GET', '/wp/v2/users/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(s.users.editor.id);
    const anon = await s.call('anonymous', 'GET', '/wp/v2/users/me');
    expect([anon.status, anon.body.code]).toEqual([401, 'rest_not_logged_in']);
  });
});

describe('categories and tags', () => {
  it('cleans names and makes slugs, lists and reads terms with links and counts', async () => {
    const cat = await s.call('anonymous', 'GET', `/wp/v2/categories/${catId}`);
    expect(cat.body).toMatchObject({ id: catId, name: 'Food &amp; Drink', slug: 'food-drink', taxonomy: 'category', parent: 0, count: 1, meta: [] });
    expect(cat.body._links.self[0].targetHints).toEqual({ allow: ['GET'] });
    expect(cat.body._links.about[0].href).toBe(`${s.restUrl}/wp/v2/taxonomies/category`);
    expect(cat.body._links['wp:post_type'][0].href).toBe(`${s.restUrl}/wp/v2/posts?categories=${catId}`);
    const tag = await s.call('anonymous', 'GET', `/wp/v2/tags/${tagId}`);
    expect(tag.body).toMatchObject({ name: 'Rock &amp; Roll', slug: 'rock-roll', taxonomy: 'post_tag' });
    expect('parent' in tag.body).toBe(false);
    const ofPost = await s.call('anonymous', 'GET', `/wp/v2/tags?post=${postId}`);
    expect(ofPost.body.map((t: any) => t.id)).toEqual([tagId]);
    expect((await s.call('editor', 'POST', '/wp/v2/categories', { name: 'Travel' })).status).toBe(201);
    const all = await s.call('anonymous', 'GET', '/wp/v2/categories?per_page=1');
    // Uncategorized, which every site has, then the two made here.
    expect(all.headers.get('x-wp-total')).toBe('3');
    expect(all.body.map((t: any) => t.name)).toEqual(['Food &amp; Drink']);
    expect(all.headers.get('link')).toContain('rel="next"');
    expect((await s.call('anonymous', 'GET', '/wp/v2/categories/99999')).body.code).toBe('rest_term_invalid');
    expect((await s.call('anonymous', 'GET', '/wp/v2/tags?post=99999')).status).toBe(400);
  });

  it('lets editors update and delete terms, refuses others, and refuses duplicates and trashing', async () => {
    expect((await s.call('author', 'POST', '/wp/v2/tags', { name: 'x' })).body.code).toBe('rest_cannot_create');
    expect((await s.call('anonymous', 'POST', `/wp/v2/tags/${tagId}`, { name: 'x' })).status).toBe(401);
    const dup = await s.call('editor', 'POST', '/wp/v2/categories', { name: 'Food & Drink' });
    expect([dup.status, dup.body.code, dup.body.data.term_id]).toEqual([400, 'term_exists', catId]);
    const child = await s.call('editor', 'POST', '/wp/v2/categories', { name: 'Wine', parent: catId });
    expect(child.body.parent).toBe(catId);
    expect(child.body._links.up[0]).toEqual({ embeddable: true, href: `${s.restUrl}/wp/v2/categories/${catId}` });
    const renamed = await s.call('editor', 'PUT', `/wp/v2/categories/${child.body.id}`, { name: 'Red wine', slug: 'red' });
    expect(renamed.body).toMatchObject({ name: 'Red wine', slug: 'red' });
    const trash = await s.call('editor', 'DELETE', `/wp/v2/categories/${child.body.id}`);
    expect([trash.status, trash.body.code]).toEqual([501, 'rest_trash_not_supported']);
    const gone = await s.call('editor', 'DELETE', `/wp/v2/categories/${child.body.id}?force=true`);
    expect(gone.body).toMatchObject({ deleted: true, previous: { id: child.body.id, name: 'Red wine' } });
    expect('_links' in gone.body.previous).toBe(false);
    expect((await s.call('anonymous', 'GET', `/wp/v2/categories/${child.body.id}`)).status).toBe(404);
  });
});

describe('types and taxonomies', () => {
  it("describes 6.8's post types and taxonomies", async () => {
    const types = await s.call('anonymous', 'GET', '/wp/v2/types');
    expect(Object.keys(types.body)).toEqual(['post', 'page', 'attachment', 'nav_menu_item', 'wp_block', 'wp_template', 'wp_template_part', 'wp_global_styles', 'wp_navigation', 'wp_font_family', 'wp_font_face']);
    expect(Object.keys(types.body.post)).toEqual(['description', 'hierarchical', 'has_archive', 'name', 'slug', 'icon', 'taxonomies', 'rest_base', 'rest_namespace', 'template', 'template_lock', '_links']);
    expect(types.body.post.rest_namespace).toBe('wp/v2');
    expect(types.body.page.hierarchical).toBe(true);
    const edit = await s.call('anonymous', 'GET', '/wp/v2/types?context=edit');
    expect([edit.status, edit.body.code]).toEqual([401, 'rest_cannot_view']);
    expect((await s.call('anonymous', 'GET', '/wp/v2/types/nope')).body.code).toBe('rest_type_invalid');
    const taxes = await s.call('anonymous', 'GET', '/wp/v2/taxonomies?type=post');
    expect(Object.keys(taxes.body)).toEqual(['category', 'post_tag']);
    expect(taxes.body.category).toMatchObject({ name: 'Categories', slug: 'category', types: ['post'], hierarchical: true, rest_base: 'categories' });
    expect((await s.call('anonymous', 'GET', '/wp/v2/taxonomies?type=page')).body).toEqual({});
    const tag = await s.call('editor', 'GET', '/wp/v2/taxonomies/post_tag?context=edit');
    expect(tag.body.capabilities.manage_terms).toBe('manage_post_tags');
  });
});

describe('_embed of a post', () => {
  it('embeds the author and the terms, and no replies, as WordPress', async () => {
    const res = await s.call('anonymous', 'GET', `/wp/v2/posts?_embed&include=${postId}`);
    const embedded = res.body[0]._embedded;
    expect(Object.keys(embedded).sort()).toEqual(['author', 'wp:term']);
    expect(embedded.author[0]).toMatchObject({ id: s.users.author.id, name: s.users.author.login });
    expect(Object.keys(embedded.author[0])).toEqual(['id', 'name', 'url', 'description', 'link', 'slug', 'avatar_urls', '_links']);
    expect(embedded['wp:term'].map((list: any[]) => list.map((t) => t.name))).toEqual([['Food &amp; Drink'], ['Rock &amp; Roll']]);
    const comments = await s.call('anonymous', 'GET', `/wp/v2/comments?post=${postId}`);
    expect([comments.status, comments.body, comments.headers.get('x-wp-total')]).toEqual([200, [], '0']);
  });
});
