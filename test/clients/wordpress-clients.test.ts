/**
 * Unmodified WordPress client libraries from npm against the default deployment (studio), over
 * HTTP: wpapi discovers the wp/v2 routes from the discovery document and @wordpress/api-fetch
 * calls wp/v2 paths, both with an application password. Discover, create, list with paging,
 * update, delete, upload with FormData, `_embed` author name and term names; then the calls a
 * headless front end makes.
 */
import sharp from 'sharp';
import * as apiFetchModule from '@wordpress/api-fetch';
import WPAPI from 'wpapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';

/** The package's default export (its CommonJS/ESM wrapping hides it from the type checker). */
type Middleware = (options: { headers?: Record<string, string> } & Record<string, unknown>, next: (o: Record<string, unknown>) => Promise<unknown>) => Promise<unknown>;
type ApiFetch = (<T>(options: Record<string, unknown>) => Promise<T>) & { use: (m: Middleware) => void; createRootURLMiddleware: (root: string) => Middleware };
const apiFetch = ((apiFetchModule as unknown as { default: ApiFetch }).default ?? apiFetchModule) as ApiFetch;

let s: TestServer;
let png: Buffer;

// api-fetch as WordPress 6.8 ships it (7.19) calls `window.fetch`, as in the browser it is made
// for: Node's fetch is lent as `window` for these tests and taken back after (the worker is shared).
const hadWindow = 'window' in globalThis;

beforeAll(async () => {
  if (!hadWindow) (globalThis as { window?: unknown }).window = globalThis;
  s = await startTestServer({ deployment: 'studio' });
  png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } }).png().toBuffer();
  apiFetch.use(apiFetch.createRootURLMiddleware(`${s.restUrl}/`));
  apiFetch.use((options, next) => next({ ...options, headers: { ...options.headers, ...s.authHeaders('editor') } }));
}, 60_000);
afterAll(async () => {
  if (!hadWindow) delete (globalThis as { window?: unknown }).window;
  await s?.close();
});

describe('discovery names wp/v2 as well as core/v2', () => {
  it('lists the wp/v2 namespace and its routes, and keeps the core/v2 ones', async () => {
    const doc = await (await fetch(`${s.restUrl}/`)).json();
    expect(doc.namespaces).toContain('core/v2');
    expect(doc.namespaces).toContain('wp/v2');
    for (const route of ['/wp/v2/posts', '/wp/v2/users', '/wp/v2/categories', '/wp/v2/tags', '/wp/v2/media', '/core/v2/posts']) expect(Object.keys(doc.routes), route).toContain(route);
    expect(doc.routes['/wp/v2/posts'].namespace).toBe('wp/v2');
    expect(doc.routes['/wp/v2/posts']._links.self[0].href).toBe(`${s.restUrl}/wp/v2/posts`);
    expect(doc.routes['/core/v2/posts'].namespace).toBe('core/v2');
  });

  it('says on the site front page where the API lives', async () => {
    const head = await fetch(`${s.siteUrl}/`, { method: 'HEAD' });
    expect([head.status, head.headers.get('link')]).toEqual([200, `<${s.restUrl}/>; rel="https://api.w.org/"`]);
    expect(await (await fetch(`${s.siteUrl}/`)).text()).toContain(`<link rel="https://api.w.org/" href="${s.restUrl}/">`);
    expect((await fetch(`${s.siteUrl}/?rest_route=/wp/v2/types/post`)).status).toBe(200);
  });
});

describe('wpapi', () => {
  it('discovers the site and creates, pages, updates, uploads, embeds and deletes', async () => {
    const site = await WPAPI.discover(s.siteUrl);
    const editor = s.users.editor;
    site.auth({ username: editor.login, password: editor.appPassword });
    const tag = await site.tags().create({ name: 'Client tag' });
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await site.posts().create({ title: `Client post ${i}`, content: 'Hello', status: 'publish', tags: [tag.id] }));
    expect(created.map((p) => p.title.raw)).toEqual(['Client post 0', 'Client post 1', 'Client post 2']);

    const page1 = await site.posts().perPage(2).page(1);
    expect(page1).toHaveLength(2);
    expect(page1._paging.total).toBe(3);
    expect(page1._paging.totalPages).toBe(2);
    const page2 = await page1._paging.next;
    expect(page2).toHaveLength(1);

    const updated = await site.posts().id(created[0].id).update({ title: 'Renamed by wpapi' });
    expect(updated.title.raw).toBe('Renamed by wpapi');

    const media = await site.media().file(png, 'client.png').create({ title: 'Uploaded by wpapi' });
    expect(media.media_type).toBe('image');
    expect(media.mime_type).toBe('image/png');

    const embedded = await site.posts().id(created[1].id).embed();
    expect(embedded._embedded.author[0].name).toBe(editor.login);
    expect(embedded._embedded['wp:term'].flat().map((t: { name: string }) => t.name)).toEqual(['Uncategorized', 'Client tag']);

    const deleted = await site.posts().id(created[2].id).delete({ force: true });
    expect(deleted.deleted).toBe(true);
    await expect(site.posts().id(created[2].id).get()).rejects.toMatchObject({ code: 'rest_post_invalid_id' });
  }, 60_000);
});

describe('@wordpress/api-fetch', () => {
  it('creates, pages, updates, uploads with FormData, embeds and deletes through wp/v2 paths', async () => {
    const category = await apiFetch<{ id: number; name: string }>({ path: '/wp/v2/categories', method: 'POST', data: { name: 'Fetched & filed' } });
    const post = await apiFetch<any>({ path: '/wp/v2/posts', method: 'POST', data: { title: 'From api-fetch', status: 'publish', categories: [category.id] } });
    expect(post.categories).toEqual([category.id]);

    const response = await apiFetch<Response>({ path: `/wp/v2/posts?per_page=1&categories=${category.id}`, parse: false });
    expect(response.headers.get('X-WP-Total')).toBe('1');
    expect((await response.json())[0].id).toBe(post.id);

    const updated = await apiFetch<any>({ path: `/wp/v2/posts/${post.id}`, method: 'PUT', data: { excerpt: 'Short' } });
    expect(updated.excerpt.raw).toBe('Short');

    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'form-data.png');
    body.append('alt_text', 'A red rectangle');
    const media = await apiFetch<any>({ path: '/wp/v2/media', method: 'POST', body });
    expect([media.mime_type, media.alt_text, media.media_details.width]).toEqual(['image/png', 'A red rectangle', 8]);

    const [embedded] = await apiFetch<any[]>({ path: `/wp/v2/posts?include=${post.id}&_embed=author,wp:term` });
    expect(embedded._embedded.author[0].name).toBe(s.users.editor.login);
    expect(embedded._embedded['wp:term'][0][0].name).toBe('Fetched &amp; filed');

    const deleted = await apiFetch<any>({ path: `/wp/v2/posts/${post.id}?force=true`, method: 'DELETE' });
    expect(deleted).toMatchObject({ deleted: true, previous: { id: post.id } });
  }, 60_000);
});

describe('a headless front end', () => {
  it('reads posts with _embed, categories, tags and author names anonymously', async () => {
    const tag = await apiFetch<{ id: number }>({ path: '/wp/v2/tags', method: 'POST', data: { name: 'Front tag' } });
    await apiFetch({ path: '/wp/v2/posts', method: 'POST', data: { title: 'For the front end', status: 'publish', tags: [tag.id] } });
    const get = async (path: string) => {
      const res = await fetch(`${s.restUrl}${path}`);
      expect(res.status, path).toBe(200);
      return res.json();
    };
    const posts = await get('/wp/v2/posts?_embed&per_page=5');
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) {
      expect(typeof p._embedded.author[0].name).toBe('string');
      expect(p._embedded.replies).toBeUndefined();
    }
    const categories = await get('/wp/v2/categories?hide_empty=true&per_page=100');
    expect(categories.map((c: { name: string }) => c.name)).toContain('Uncategorized');
    const tags = await get('/wp/v2/tags?per_page=100');
    expect(tags.map((t: { name: string }) => t.name)).toContain('Front tag');
    const authors = await get('/wp/v2/users');
    expect(authors.map((u: { name: string }) => u.name)).toContain(s.users.editor.login);
  });
});
