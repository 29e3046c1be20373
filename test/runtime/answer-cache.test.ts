/**
 * Anonymous answers of core routes kept by the process (runtime/http/answer-cache.ts): an equal
 * request is answered from memory until a write to a table the answer shows, whoever writes it
 * (this process, or a raw connection standing for another process); signed-in requests,
 * cookies and errors are never served from or stored in it; it can be turned off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { processCacheOf } from '../../runtime/cache/process-cache.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
}, 60_000);
afterAll(() => server.close());

const counts = () => ({ ...(processCacheOf(server.app.db as Kysely<unknown>)!.counts.get('answers') ?? { hits: 0, loads: 0 }) });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.restUrl}${path}`, { headers });
async function create(title: string): Promise<number> {
  const res = await fetch(`${server.restUrl}/core/v2/posts`, {
    method: 'POST',
    headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
    body: JSON.stringify({ title, status: 'publish' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

describe('the answer cache', () => {
  it('answers an equal anonymous request from memory, byte for byte', async () => {
    await create('Kept one');
    const before = counts();
    const first = await get('/core/v2/posts?per_page=5');
    const second = await get('/core/v2/posts?per_page=5');
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('x-wp-total')).toBe(first.headers.get('x-wp-total'));
    expect(second.headers.get('link')).toBe(first.headers.get('link'));
    expect(counts()).toEqual({ loads: before.loads + 1, hits: before.hits + 1 });
  });

  it('keeps text beyond ASCII as the same UTF-8 bytes, with their length', async () => {
    await create('Ünïcödé — 日本語 ✓ 😀');
    const first = await get('/core/v2/posts?per_page=1');
    const second = await get('/core/v2/posts?per_page=1');
    const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await second.arrayBuffer())];
    expect(b.equals(a)).toBe(true);
    expect(Number(second.headers.get('content-length'))).toBe(b.length);
    expect(JSON.parse(b.toString('utf8'))[0].title.rendered).toBe('Ünïcödé — 日本語 ✓ 😀');
  });

  it('shows a write through the API to the very next read', async () => {
    await get('/core/v2/posts?per_page=1');
    const id = await create('Fresh after the cache');
    const list = (await (await get('/core/v2/posts?per_page=1')).json()) as Array<{ id: number }>;
    expect(list[0]!.id).toBe(id);
  });

  it('shows a write by another connection (no plugin, only the version row) to the next read', async () => {
    const id = await create('Renamed elsewhere');
    expect(((await (await get(`/core/v2/posts/${id}`)).json()) as { title: { rendered: string } }).title.rendered).toBe('Renamed elsewhere');
    // Straight SQL, as another process would write: the trigger moves the `answers` row.
    const elsewhere = server.app.db.withoutPlugins();
    await sql`update posts set title = ${'Renamed by SQL'} where id = ${id}`.execute(elsewhere);
    expect(((await (await get(`/core/v2/posts/${id}`)).json()) as { title: { rendered: string } }).title.rendered).toBe('Renamed by SQL');
  });

  it('never serves or keeps signed-in, cookie-carrying or failed requests', async () => {
    await get('/core/v2/posts?per_page=2');
    const before = counts();
    const signedIn = await get('/core/v2/posts?per_page=2', server.authHeaders('administrator'));
    expect(signedIn.headers.get('cache-control')).toContain('private');
    await get('/core/v2/posts?per_page=2', { cookie: 'unrelated=1' });
    expect((await get('/core/v2/posts/987654')).status).toBe(404);
    await get('/core/v2/posts/987654');
    // The 404s were loaded twice (not kept); nothing was served from memory.
    expect(counts().hits).toBe(before.hits);
  });

  it('keeps extension namespaces out (their answers may come from elsewhere)', async () => {
    const before = counts();
    await get('/oembed/1.0/embed?url=nothing');
    await get('/oembed/1.0/embed?url=nothing');
    expect(counts()).toEqual(before);
  });

  it('is off in a server started with SPECPRESS_ANSWER_CACHE=off', async () => {
    process.env.SPECPRESS_ANSWER_CACHE = 'off';
    const off = await startTestServer({ deployment: 'studio' }).finally(() => delete process.env.SPECPRESS_ANSWER_CACHE);
    try {
      for (let i = 0; i < 2; i++) expect((await fetch(`${off.restUrl}/core/v2/posts?per_page=3`)).status).toBe(200);
      expect(processCacheOf(off.app.db as Kysely<unknown>)!.counts.get('answers')).toBeUndefined();
    } finally {
      await off.close();
    }
  }, 60_000);
});
