/**
 * core/v2 answers WordPress 6.8 gives and the replay (bench/replay-wordpress.ts) found apart,
 * over HTTP on the default deployment: arg key order and keyed enums in discovery, the comments
 * list's filters and their refusals, `Allow` on handler refusals, term_exists details, role
 * capabilities in WordPress's order, type and taxonomy label keys, an own draft's autosave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from '../content/content-server.ts';

let s: ContentServer;

beforeAll(async () => {
  s = await startContentServer('studio');
}, 60_000);
afterAll(() => s?.close());

const argsOf = async (route: string, method = 'GET') => {
  const index = await s.call('anonymous', 'GET', '/wp/v2');
  const endpoints = index.body.routes[route].endpoints as Array<{ methods: string[]; args: Record<string, any> }>;
  return endpoints.find((e) => e.methods.includes(method))!.args;
};

describe('discovery writes args as WordPress does', () => {
  it('keeps default (or type) before description where 6.8 does', async () => {
    const users = await argsOf('/wp/v2/users');
    expect(Object.keys(users.order)).toEqual(['default', 'description', 'enum', 'type', 'required']);
    expect(Object.keys(users.orderby)).toEqual(['default', 'description', 'enum', 'type', 'required']);
    expect(Object.keys(users.search_columns)).toEqual(['default', 'description', 'type', 'items', 'required']);
    const force = (await argsOf('/wp/v2/tags/(?P<id>[\\d]+)', 'DELETE')).force;
    expect(Object.keys(force)).toEqual(['type', 'default', 'description', 'required']);
  });

  it('prints the post types of has_published_posts as a map of names, and still validates them', async () => {
    const arg = (await argsOf('/wp/v2/users')).has_published_posts;
    const types = ['post', 'page', 'attachment', 'nav_menu_item', 'wp_block', 'wp_template', 'wp_template_part', 'wp_global_styles', 'wp_navigation', 'wp_font_family', 'wp_font_face'];
    expect(arg.items).toEqual({ type: 'string', enum: Object.fromEntries(types.map((t) => [t, t])) });
    expect((await s.call('anonymous', 'GET', '/wp/v2/users?has_published_posts[]=page')).status).toBe(200);
    const bad = await s.call('anonymous', 'GET', '/wp/v2/users?has_published_posts[]=nope');
    expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('lists the comment filters 6.8 takes, in its order', async () => {
    const args = await argsOf('/wp/v2/comments');
    expect(Object.keys(args)).toEqual(['context', 'page', 'per_page', 'search', 'after', 'author', 'author_exclude', 'author_email', 'before', 'exclude', 'include', 'offset', 'order', 'orderby', 'parent', 'parent_exclude', 'post', 'status', 'type', 'password']);
    expect(args.author_email).toMatchObject({ default: null, format: 'email', type: 'string' });
    expect(Object.keys(args.status)).toEqual(['default', 'description', 'type', 'required']);
  });
});

describe('comments list refusals', () => {
  it('refuses protected filters to callers without edit_posts, naming each', async () => {
    const one = await s.call('anonymous', 'GET', '/wp/v2/comments?status=hold');
    expect([one.status, one.body]).toEqual([401, { code: 'rest_forbidden_param', message: 'Query parameter not permitted: status', data: { status: 401 } }]);
    const many = await s.call('subscriber', 'GET', '/wp/v2/comments?author=1&type=pingback&status=approve');
    expect([many.status, many.body.message]).toEqual([403, 'Query parameter not permitted: author, type']);
    const allowed = await s.call('author', 'GET', '/wp/v2/comments?status=hold&author=1');
    expect([allowed.status, allowed.body]).toEqual([200, []]);
    expect(allowed.headers.get('x-wp-total')).toBe('0');
  });

  it('checks the named posts and the edit context', async () => {
    const draft = await s.call('author', 'POST', '/wp/v2/posts', { title: 'Hidden', status: 'draft' });
    const hidden = await s.call('anonymous', 'GET', `/wp/v2/comments?post=${draft.body.id}`);
    expect([hidden.status, hidden.body.code, hidden.body.message]).toEqual([401, 'rest_cannot_read_post', 'Sorry, you are not allowed to read the post for this comment.']);
    expect((await s.call('author', 'GET', `/wp/v2/comments?post=${draft.body.id}`)).status).toBe(200);
    const locked = await s.call('author', 'POST', '/wp/v2/posts', { title: 'Locked', status: 'publish', password: 'sesame' });
    expect((await s.call('anonymous', 'GET', `/wp/v2/comments?post=${locked.body.id}`)).body.code).toBe('rest_cannot_read_post');
    expect((await s.call('anonymous', 'GET', `/wp/v2/comments?post=${locked.body.id}&password=sesame`)).status).toBe(200);
    const noPost = await s.call('anonymous', 'GET', '/wp/v2/comments?post=0');
    expect([noPost.status, noPost.body.code]).toEqual([401, 'rest_cannot_read']);
    const edit = await s.call('author', 'GET', '/wp/v2/comments?context=edit');
    expect([edit.status, edit.body.code]).toEqual([403, 'rest_forbidden_context']);
    expect((await s.call('editor', 'GET', '/wp/v2/comments?context=edit')).status).toBe(200);
  });
});

describe('Allow on refusals made by the handler', () => {
  it('answers users/me and unknown types or taxonomies with Allow: GET', async () => {
    const me = await s.call('anonymous', 'GET', '/wp/v2/users/me');
    expect([me.status, me.body.code, me.headers.get('allow')]).toEqual([401, 'rest_not_logged_in', 'GET']);
    const type = await s.call('anonymous', 'GET', '/wp/v2/types/nope');
    expect([type.status, type.body.code, type.headers.get('allow')]).toEqual([404, 'rest_type_invalid', 'GET']);
    const tax = await s.call('anonymous', 'GET', '/wp/v2/taxonomies/nope');
    expect([tax.status, tax.body.code, tax.headers.get('allow')]).toEqual([404, 'rest_taxonomy_invalid', 'GET']);
  });

  it('refuses one type in edit context from the handler, the list from the permission check', async () => {
    const one = await s.call('anonymous', 'GET', '/wp/v2/types/post?context=edit');
    expect([one.status, one.body.code, one.headers.get('allow')]).toEqual([401, 'rest_forbidden_context', 'GET']);
    const all = await s.call('anonymous', 'GET', '/wp/v2/types?context=edit');
    expect([all.status, all.body.code, all.headers.get('allow')]).toEqual([401, 'rest_cannot_view', null]);
    expect((await s.call('contributor', 'GET', '/wp/v2/types/post?context=edit')).status).toBe(200);
  });
});

describe('terms', () => {
  it('gives a duplicate name additional_data, and lets an update take another name', async () => {
    const first = await s.call('editor', 'POST', '/wp/v2/tags', { name: 'Parity one' });
    const dup = await s.call('editor', 'POST', '/wp/v2/tags', { name: 'Parity one' });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ code: 'term_exists', message: 'A term with the name provided already exists in this taxonomy.', data: { status: 400, term_id: first.body.id }, additional_data: [first.body.id, first.body.id] });
    const second = await s.call('editor', 'POST', '/wp/v2/tags', { name: 'Parity two' });
    const renamed = await s.call('editor', 'POST', `/wp/v2/tags/${second.body.id}`, { name: 'Parity one' });
    expect([renamed.status, renamed.body.name, renamed.body.slug]).toEqual([200, 'Parity one', 'parity-two']);
  });
});

describe('users in edit context', () => {
  it('lists role capabilities in the order WordPress grants them, levels included', async () => {
    const editor = await s.call('administrator', 'GET', `/wp/v2/users/${s.users.editor.id}?context=edit`);
    const caps = Object.keys(editor.body.capabilities);
    expect(caps.slice(0, 19)).toEqual(['moderate_comments', 'manage_categories', 'manage_links', 'upload_files', 'unfiltered_html', 'edit_posts', 'edit_others_posts', 'edit_published_posts', 'publish_posts', 'edit_pages', 'read', 'level_7', 'level_6', 'level_5', 'level_4', 'level_3', 'level_2', 'level_1', 'level_0']);
    expect(caps.at(-1)).toBe('editor');
    expect(caps).toHaveLength(35);
    const me = await s.call('administrator', 'GET', '/wp/v2/users/me?context=edit');
    const adminCaps = Object.keys(me.body.capabilities);
    expect(adminCaps.slice(0, 7)).toEqual(['switch_themes', 'edit_themes', 'activate_plugins', 'edit_plugins', 'edit_users', 'edit_files', 'manage_options']);
    expect(adminCaps.filter((c) => c.startsWith('level_'))).toEqual(['level_10', 'level_9', 'level_8', 'level_7', 'level_6', 'level_5', 'level_4', 'level_3', 'level_2', 'level_1', 'level_0']);
    expect(adminCaps).toHaveLength(62);
  });
});

describe('labels', () => {
  it('carries every label key of 6.8, null where the kind of entry has no such label', async () => {
    const page = (await s.call('editor', 'GET', '/wp/v2/types/page?context=edit')).body.labels;
    expect(Object.keys(page)).toHaveLength(35);
    expect(Object.keys(page).slice(0, 8)).toEqual(['name', 'singular_name', 'add_new', 'add_new_item', 'edit_item', 'new_item', 'view_item', 'view_items']);
    expect(typeof page.parent_item_colon).toBe('string');
    const post = (await s.call('editor', 'GET', '/wp/v2/types/post?context=edit')).body.labels;
    expect(post.parent_item_colon).toBeNull();
    const media = (await s.call('editor', 'GET', '/wp/v2/types/attachment?context=edit')).body.labels;
    expect(Object.keys(media).at(-1)).toBe('template_name');
    const tags = (await s.call('editor', 'GET', '/wp/v2/taxonomies/post_tag?context=edit')).body.labels;
    expect(Object.keys(tags)).toHaveLength(31);
    expect([tags.parent_item, tags.filter_by_item, typeof tags.separate_items_with_commas]).toEqual([null, null, 'string']);
    const cats = (await s.call('editor', 'GET', '/wp/v2/taxonomies/category?context=edit')).body.labels;
    expect([typeof cats.parent_item, cats.popular_items, cats.separate_items_with_commas]).toEqual(['string', null, null]);
  });
});

describe('autosaves', () => {
  it("answers an own draft saved in place without _links; another's autosave links its parent", async () => {
    const draft = await s.call('author', 'POST', '/wp/v2/posts', { title: 'Floating', status: 'draft' });
    const own = await s.call('author', 'POST', `/wp/v2/posts/${draft.body.id}/autosaves`, { content: 'autosaved body' });
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(draft.body.id);
    expect(own.body._links).toBeUndefined();
    const other = await s.call('editor', 'POST', `/wp/v2/posts/${draft.body.id}/autosaves`, { content: 'editor body' });
    expect(other.body.id).not.toBe(draft.body.id);
    expect(other.body._links.parent[0].href).toBe(`${s.restUrl}/wp/v2/posts/${draft.body.id}`);
  });
});
