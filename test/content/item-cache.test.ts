/**
 * Prepared posts kept by the process (runtime/content/item-cache.ts), on a server whose answer
 * cache is off so that every request runs the list and reads its items: an item nothing wrote
 * to since is served from memory byte for byte; any write it shows (the post, its terms, a term's
 * name, an option, a raw SQL write standing for another process) is seen by the next read; who
 * reads, the namespace and the context each get their own item; password-protected posts are
 * never kept; a row deleted between the list and its preparation is left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { processCacheOf } from '../../runtime/cache/process-cache.ts';
import { preparePosts } from '../../runtime/content/prepare.ts';
import { matchRoute } from '../../runtime/rest/match-route.ts';
import type { HandlerContext } from '../../runtime/rest/types.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio', config: { answerCache: false } });
}, 60_000);
afterAll(() => server.close());

type Item = { id: number; title: { rendered: string; raw?: string }; content: { rendered: string; protected: boolean }; class_list: string[]; sticky: boolean; categories: number[]; _links: { self: Array<{ href: string }> } };

const counts = () => ({ ...(processCacheOf(server.app.db as Kysely<unknown>)!.counts.get('items') ?? { hits: 0, loads: 0 }) });
const admin = () => ({ ...server.authHeaders('administrator'), 'content-type': 'application/json' });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.restUrl}${path}`, { headers });
const json = async <T = Item>(path: string, headers: Record<string, string> = {}) => (await (await get(path, headers)).json()) as T;

async function send(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.restUrl}${path}`, { method, headers: admin(), body: JSON.stringify(body) });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}
const create = async (body: Record<string, unknown>) => (await send('POST', '/core/v2/posts', { status: 'publish', ...body })).id as number;

describe('prepared items kept by the process', () => {
  it('serves a list whose items nothing wrote to from memory, byte for byte', async () => {
    for (let i = 0; i < 3; i++) await create({ title: `Kept item ${i}`, content: `<!-- wp:paragraph --><p>Body ${i} -- "quoted"</p><!-- /wp:paragraph -->` });
    const first = await (await get('/core/v2/posts?per_page=3')).text();
    const before = counts();
    const second = await (await get('/core/v2/posts?per_page=3')).text();
    expect(second).toBe(first);
    expect(counts()).toEqual({ hits: before.hits + 3, loads: before.loads });
    // The single read is the list's item, kept under the same key.
    const one = JSON.parse(first)[0] as Item;
    expect(await (await get(`/core/v2/posts/${one.id}`)).text()).toBe(JSON.stringify(one));
  });

  it('shows the next read a post update, a category assignment, a term rename and a sticky option', async () => {
    const id = await create({ title: 'Before' });
    expect((await json(`/core/v2/posts/${id}`)).title.rendered).toBe('Before');
    await send('POST', `/core/v2/posts/${id}`, { title: 'After' });
    expect((await json(`/core/v2/posts/${id}`)).title.rendered).toBe('After');

    const category = (await send('POST', '/core/v2/categories', { name: 'Shelf' })).id as number;
    await send('POST', `/core/v2/posts/${id}`, { categories: [category] });
    const assigned = await json(`/core/v2/posts/${id}`);
    expect(assigned.categories).toEqual([category]);
    expect(assigned.class_list).toContain('category-shelf');

    await send('POST', `/core/v2/categories/${category}`, { slug: 'cupboard' });
    expect((await json(`/core/v2/posts/${id}`)).class_list).toContain('category-cupboard');

    await send('POST', `/core/v2/posts/${id}`, { sticky: true });
    expect((await json(`/core/v2/posts/${id}`)).sticky).toBe(true);
  });

  it('shows a write by another connection (raw SQL, only the version row moves) to the next read', async () => {
    const id = await create({ title: 'Written here' });
    expect((await json<Item[]>('/core/v2/posts?per_page=1'))[0]!.title.rendered).toBe('Written here');
    await sql`update posts set title = ${'Written elsewhere'} where id = ${id}`.execute(server.app.db.withoutPlugins());
    expect((await json<Item[]>('/core/v2/posts?per_page=1'))[0]!.title.rendered).toBe('Written elsewhere');
  });

  it('keeps an item per reader, namespace and context', async () => {
    const id = await create({ title: 'Seen by many' });
    const anonymous = await json(`/core/v2/posts/${id}`);
    const editing = await json(`/core/v2/posts/${id}?context=edit`, admin());
    const alias = await json(`/wp/v2/posts/${id}`);
    expect(anonymous.title.raw).toBeUndefined();
    expect(editing.title.raw).toBe('Seen by many');
    expect(anonymous._links.self[0]!.href).toContain('/core/v2/posts/');
    expect(alias._links.self[0]!.href).toContain('/wp/v2/posts/');
    // Asked again, each reader still gets its own.
    expect((await json(`/core/v2/posts/${id}`)).title.raw).toBeUndefined();
    expect((await json(`/core/v2/posts/${id}?context=edit`, admin())).title.raw).toBe('Seen by many');
  });

  it('never keeps a password-protected post', async () => {
    const id = await create({ title: 'Locked', content: 'Secret body', password: 'sesame' });
    const before = counts();
    for (let i = 0; i < 2; i++) expect((await json(`/core/v2/posts/${id}`)).content).toMatchObject({ rendered: '', protected: true });
    expect((await json(`/core/v2/posts/${id}?password=sesame`)).content.rendered).toContain('Secret body');
    expect((await json(`/core/v2/posts/${id}`)).content.rendered).toBe('');
    expect(counts().hits).toBe(before.hits);
  });

  it('leaves out a row deleted between the list and its preparation', async () => {
    const kept = await create({ title: 'Still here' });
    const gone = await create({ title: 'Gone by now' });
    await sql`delete from posts where id = ${gone}`.execute(server.app.db);
    const match = matchRoute(server.app, '/core/v2/posts', 'GET')!;
    const ctx = { app: server.app, user: null, route: match.route, endpoint: match.endpoint!, params: {}, request: { method: 'GET', route: '/core/v2/posts', headers: {}, query: {} } } as HandlerContext;
    const head = (id: number) => ({ id, type: 'post', status: 'publish', author: 1, parent: 0, password: '' });
    const items = await preparePosts(ctx, [head(gone), head(kept)], { context: 'view' });
    expect(items.map((i) => i.id)).toEqual([kept]);
  });
});
