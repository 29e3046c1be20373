/**
 * The REST items of issue 11's list, as WordPress 6.8 answers them, over HTTP on the default
 * deployment: paging links of `?rest_route=` requests, a page made its own (or its child's)
 * parent, a child page's preview link, `_fields` naming part of `_embedded`, an upload's
 * extension case and a file's caption.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from '../content/content-server.ts';
import { setOption } from '../../runtime/content/options.ts';
import { cornerImage, uploadRaw } from '../media/helpers.ts';

let s: ContentServer;

beforeAll(async () => {
  s = await startContentServer('studio');
  await setOption(s.app.db, 'permalink_structure', '/%postname%/');
}, 60_000);
afterAll(() => s?.close());

describe('paging links of ?rest_route= requests', () => {
  it('repeat rest_route where the request had it, after the pretty address', async () => {
    const cat = await s.call('editor', 'POST', '/wp/v2/categories', { name: 'Paged' });
    for (const n of [1, 2, 3]) await s.call('author', 'POST', '/wp/v2/posts', { title: `Paged ${n}`, status: 'publish', categories: [cat.body.id] });
    const res = await fetch(`${s.siteUrl}/?rest_route=/wp/v2/posts&categories=${cat.body.id}&per_page=1&page=2`);
    expect(res.status).toBe(200);
    const base = `${s.restUrl}/wp/v2/posts?rest_route=%2Fwp%2Fv2%2Fposts&categories%5B0%5D=${cat.body.id}&per_page=1`;
    expect(res.headers.get('link')).toBe(`<${base}&page=1>; rel="prev", <${base}&page=3>; rel="next"`);
    const pretty = await fetch(`${s.restUrl}/wp/v2/posts?categories=${cat.body.id}&per_page=1&page=2`);
    expect(pretty.headers.get('link')).not.toContain('rest_route');
  });
});

describe('page parents', () => {
  it('saves a page asked to hang under itself, or under its own child, at the top', async () => {
    const top = await s.call('editor', 'POST', '/wp/v2/pages', { title: 'Top', status: 'publish' });
    const own = await s.call('editor', 'POST', `/wp/v2/pages/${top.body.id}`, { parent: top.body.id });
    expect([own.status, own.body.parent]).toEqual([200, 0]);
    const child = await s.call('editor', 'POST', '/wp/v2/pages', { title: 'Child', status: 'publish', parent: top.body.id });
    const grandchild = await s.call('editor', 'POST', '/wp/v2/pages', { title: 'Grandchild', status: 'publish', parent: child.body.id });
    const loop = await s.call('editor', 'POST', `/wp/v2/pages/${top.body.id}`, { parent: grandchild.body.id });
    expect([loop.status, loop.body.parent]).toEqual([200, 0]);
    const fine = await s.call('editor', 'POST', `/wp/v2/pages/${grandchild.body.id}`, { parent: top.body.id });
    expect([fine.status, fine.body.parent]).toEqual([200, top.body.id]);
    const missing = await s.call('editor', 'POST', `/wp/v2/pages/${child.body.id}`, { parent: 99999999 });
    expect([missing.status, missing.body.code]).toEqual([400, 'rest_post_invalid_id']);
  });

  it("previews a child page's autosave at the child's full path", async () => {
    const parent = await s.call('editor', 'POST', '/wp/v2/pages', { title: 'Preview parent', status: 'publish' });
    const child = await s.call('editor', 'POST', '/wp/v2/pages', { title: 'Preview child', status: 'publish', parent: parent.body.id });
    const autosave = await s.call('editor', 'POST', `/wp/v2/pages/${child.body.id}/autosaves`, { content: 'New words' });
    expect(autosave.status).toBe(200);
    expect(autosave.body.preview_link).toBe(`${s.siteUrl}/preview-parent/preview-child/?preview_id=${child.body.id}&preview=true`);
  });
});

describe('_fields naming part of _embedded', () => {
  it('keeps the links and the whole embedding of a single item, and nothing of a list item', async () => {
    const post = await s.call('author', 'POST', '/wp/v2/posts', { title: 'Embedded fields', status: 'publish' });
    const one = await s.call('anonymous', 'GET', `/wp/v2/posts/${post.body.id}?_fields=id,slug,_embedded.author&_embed`);
    expect(Object.keys(one.body)).toEqual(['id', 'slug', '_links', '_embedded']);
    expect(one.body._embedded.author[0].id).toBe(s.users.author.id);
    expect(Object.keys(one.body._embedded.author[0])).toContain('avatar_urls');
    const list = await s.call('anonymous', 'GET', `/wp/v2/posts?include=${post.body.id}&_fields=id,slug,_embedded.author&_embed`);
    expect(list.body).toEqual([{ id: post.body.id, slug: 'embedded-fields' }]);
    const plain = await s.call('anonymous', 'GET', `/wp/v2/posts/${post.body.id}?_fields=id,slug&_embed`);
    expect(Object.keys(plain.body)).toEqual(['id', 'slug']);
  });
});

describe('uploads', () => {
  it('stores the extension in lower case', async () => {
    const res = await uploadRaw(s, await cornerImage(8, 6), 'Holiday-Photo.PNG');
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item.source_url).toMatch(/\/Holiday-Photo\.png$/);
    expect(item.media_details.file).toMatch(/\/Holiday-Photo\.png$/);
    expect(item.title.raw).toBe('Holiday-Photo');
    expect((await fetch(item.source_url)).status).toBe(200);
  });

  it("makes an empty caption from the description as shown: a text file's caption is its title", async () => {
    const res = await uploadRaw(s, Buffer.from('plain words\n'), 'field-notes.txt', { contentType: 'text/plain' });
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item.caption).toEqual({ raw: '', rendered: '<p>field-notes</p>\n' });
    const image = await (await uploadRaw(s, await cornerImage(8, 6), 'quiet.png')).json();
    expect(image.caption.rendered).toBe('');
  });
});

describe('list statuses the caller may not ask for', () => {
  it('refuses them before checking their values, as WordPress sanitizes status first', async () => {
    const media = await s.call('anonymous', 'GET', '/wp/v2/media?status=publish');
    expect(media.status).toBe(400);
    expect(media.body.data).toEqual({ status: 400, params: { status: 'Status is forbidden.' }, details: { status: { code: 'rest_forbidden_status', message: 'Status is forbidden.', data: { status: 401 } } } });
    const posts = await s.call('subscriber', 'GET', '/wp/v2/posts?status=bogus&orderby=nope');
    expect(posts.body.data.params).toEqual({ status: 'Status is forbidden.', orderby: expect.stringContaining('is not one of') });
    expect(posts.body.data.details.status.data).toEqual({ status: 403 });
    const editor = await s.call('editor', 'GET', '/wp/v2/media?status=publish');
    expect(editor.body.data.params.status).toBe('status[0] is not one of inherit, private, and trash.');
    const privateOk = await s.call('editor', 'GET', '/wp/v2/media?status=private');
    expect(privateOk.status).toBe(200);
  });
});
