import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { mediaRoutes } from './routes.ts';
import { cornerImage, uploadRaw } from './helpers.ts';

let server: TestServer;
const ids: Record<string, number> = {};

const list = async (query: string) => {
  const res = await fetch(`${server.restUrl}/core/v2/media?${query}`, { headers: server.authHeaders('administrator') });
  expect(res.status, query).toBe(200);
  return (await res.json()).map((m: any) => m.id) as number[];
};

beforeAll(async () => {
  server = await startTestServer({ routes: mediaRoutes });
  // Three items with distinct titles, authors and dates.
  ids.apple = (await (await uploadRaw(server, await cornerImage(20, 20), 'apple.png', { query: 'title=Apple&date=2024-01-10T10:00:00' })).json()).id;
  ids.cherry = (await (await uploadRaw(server, await cornerImage(20, 20), 'cherry.png', { query: 'title=Cherry&date=2025-06-01T10:00:00' })).json()).id;
  ids.banana = (await (await uploadRaw(server, await cornerImage(20, 20), 'banana.png', { query: 'title=Banana&date=2023-03-03T10:00:00', role: 'author' })).json()).id;
});
afterAll(async () => {
  await server?.close();
});

describe('media list params', () => {
  it('orders by date descending by default', async () => {
    expect(await list('')).toEqual([ids.cherry, ids.apple, ids.banana]);
  });

  it('orderby=title&order=asc sorts alphabetically', async () => {
    expect(await list('orderby=title&order=asc')).toEqual([ids.apple, ids.banana, ids.cherry]);
  });

  it('after and before compare with the date', async () => {
    expect(await list('after=2024-01-01T00:00:00')).toEqual([ids.cherry, ids.apple]);
    expect(await list('before=2024-01-01T00:00:00')).toEqual([ids.banana]);
  });

  it('author and author_exclude', async () => {
    const author = server.users.author.id;
    expect(await list(`author=${author}`)).toEqual([ids.banana]);
    expect(await list(`author_exclude=${author}`)).toEqual([ids.cherry, ids.apple]);
  });

  it('slug and orderby=include_slugs', async () => {
    expect(await list('slug=banana,apple&orderby=include_slugs')).toEqual([ids.banana, ids.apple]);
  });

  it('offset skips items and include/exclude pick them', async () => {
    expect(await list('offset=1')).toEqual([ids.apple, ids.banana]);
    expect(await list(`exclude=${ids.apple}`)).toEqual([ids.cherry, ids.banana]);
    expect(await list(`include=${ids.apple},${ids.banana}`)).toEqual([ids.apple, ids.banana]);
  });

  it('search_columns limits where the search looks', async () => {
    expect(await list('search=Cherry&search_columns=post_content')).toEqual([]);
  });
});
