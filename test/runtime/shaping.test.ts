import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { demoRoutes } from './fixtures/demo-routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ routes: demoRoutes(), users: false });
});
afterAll(async () => server?.close());

const get = (path: string) => fetch(`${server.restUrl}${path}`);
const body = async (path: string) => (await get(path)).json();

describe('_fields', () => {
  it('keeps only the named fields of each item', async () => {
    expect(await body('/demo/v1/items?_fields=id,author')).toEqual([{ id: 1, author: 1 }, { id: 2, author: 1 }]);
  });

  it('reaches inside objects with dotted names', async () => {
    expect(await body('/demo/v1/items/3?_fields=id,title.raw')).toEqual({ id: 3, title: { raw: 'Item 3' } });
  });

  it('accepts the PHP list form', async () => {
    expect(await body('/demo/v1/items/3?_fields[]=id')).toEqual({ id: 3 });
  });

  it('naming part of _links keeps all links of a single item, as WordPress adds them after filtering', async () => {
    const item = await body('/demo/v1/items/3?_fields=id,_links.self');
    expect(Object.keys(item._links)).toEqual(['self', 'author', 'missing', 'plain']);
  });

  it('naming part of _links narrows the links of list items, which WordPress filters with the fields', async () => {
    const list = await body('/demo/v1/items?_fields=id,_links.self');
    expect(Object.keys(list[0]._links)).toEqual(['self']);
  });

  it('does not touch error bodies', async () => {
    expect((await body('/demo/v1/items?per_page=0&_fields=id')).code).toBe('rest_invalid_param');
  });
});

describe('_embed', () => {
  it('embeds every embeddable relation; errors embedded as bodies; non-embeddable skipped', async () => {
    const item = await body('/demo/v1/items/3?_embed');
    expect(item._embedded.author).toEqual([{ id: 1, name: 'Ada', context: 'embed' }]);
    expect(item._embedded.missing).toEqual([{ code: 'rest_user_invalid_id', message: 'Invalid user ID.', data: { status: 404 } }]);
    expect(item._embedded.plain).toBeUndefined();
    expect(item._links.author[0].embeddable).toBe(true);
  });

  it('embeds only the relations asked for, in each item of a list', async () => {
    const list = await body('/demo/v1/items?_embed=author');
    expect(list).toHaveLength(2);
    for (const item of list) expect(Object.keys(item._embedded)).toEqual(['author']);
  });

  it('with _fields, embedding follows _embedded', async () => {
    const item = await body('/demo/v1/items/3?_fields=id,_embedded&_embed');
    expect(item.id).toBe(3);
    expect(item._embedded.author[0].name).toBe('Ada');
  });
});

describe('_envelope', () => {
  it('wraps status and headers in the body and answers 200', async () => {
    const res = await get('/demo/v1/items?_envelope&page=2&_fields=id');
    expect(res.status).toBe(200);
    const env = await res.json();
    expect(env.status).toBe(200);
    expect(env.body).toEqual([{ id: 3 }, { id: 4 }]);
    expect(env.headers['X-WP-Total']).toBe(7);
    expect(env.headers['X-WP-TotalPages']).toBe(4);
    expect(env.headers.Allow).toBe('GET');
  });

  it('an error inside an envelope still answers 200', async () => {
    const res = await get('/demo/v1/nothing?_envelope=1');
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe(404);
  });
});

describe('pagination headers', () => {
  it('first page: next only; the paging Link replaces the discovery Link', async () => {
    const res = await get('/demo/v1/items?per_page=3');
    expect(res.headers.get('x-wp-total')).toBe('7');
    expect(res.headers.get('x-wp-totalpages')).toBe('3');
    expect(res.headers.get('link')).toBe(`<${server.restUrl}/demo/v1/items?per_page=3&page=2>; rel="next"`);
  });

  it('middle page: prev and next, page replaced in place', async () => {
    const res = await get('/demo/v1/items?page=2&per_page=3');
    expect(res.headers.get('link')).toBe(`<${server.restUrl}/demo/v1/items?page=1&per_page=3>; rel="prev", <${server.restUrl}/demo/v1/items?page=3&per_page=3>; rel="next"`);
  });

  it('a handler that sets only the totals gets the Link from its page param', async () => {
    const res = await get('/demo/v1/totals-only?page=2&x=a%20b');
    expect(res.headers.get('link')).toBe(`<${server.restUrl}/demo/v1/totals-only?page=1&x=a+b>; rel="prev", <${server.restUrl}/demo/v1/totals-only?page=3&x=a+b>; rel="next"`);
  });

  it('last page: prev only', async () => {
    const res = await get('/demo/v1/items?page=3&per_page=3');
    expect(res.headers.get('link')).toBe(`<${server.restUrl}/demo/v1/items?page=2&per_page=3>; rel="prev"`);
  });
});

describe('_jsonp', () => {
  it('wraps the JSON in the named callback as JavaScript', async () => {
    const res = await get('/demo/v1/items/3?_jsonp=my.cb&_fields=id');
    expect(res.headers.get('content-type')).toBe('application/javascript; charset=UTF-8');
    expect(await res.text()).toBe('/**/my.cb({"id":3})');
  });

  it('refuses a callback name with other characters', async () => {
    const res = await get('/demo/v1/items/3?_jsonp=alert(1)');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_callback_invalid');
  });

  it('sends the JavaScript type as the first header, where WordPress sends it', async () => {
    const names = await new Promise<string[]>((resolve, reject) => {
      request(`${server.restUrl}/demo/v1/items/3?_jsonp=cb`, (res) => {
        res.resume();
        resolve(res.rawHeaders.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase()));
      }).on('error', reject).end();
    });
    expect(names[0]).toBe('content-type');
  });
});
