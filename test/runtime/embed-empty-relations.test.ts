/**
 * `_embed` leaves out a relation whose every answer is empty (a list with nothing in it), as
 * WordPress's embed_links filters them; a relation with content is embedded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { makeRoute } from '../../runtime/testing/routes.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    users: false,
    routes: [
      makeRoute({
        namespace: 'emb/v1',
        path: '/emb/v1/item',
        endpoints: [{
          methods: ['GET'],
          handle: (ctx) => {
            const base = `${ctx.app.config.restUrl}/emb/v1`;
            return { data: { id: 1, _links: { replies: [{ embeddable: true, href: `${base}/none` }], author: [{ embeddable: true, href: `${base}/one` }] } } };
          },
        }],
      }),
      makeRoute({ namespace: 'emb/v1', path: '/emb/v1/none', endpoints: [{ methods: ['GET'], handle: () => ({ data: [] }) }] }),
      makeRoute({ namespace: 'emb/v1', path: '/emb/v1/one', endpoints: [{ methods: ['GET'], handle: () => ({ data: { id: 7 } }) }] }),
    ],
  });
});
afterAll(async () => server?.close());

describe('_embed of empty relations', () => {
  it('drops a relation whose answers are all empty and keeps the others', async () => {
    const item = await (await fetch(`${server.restUrl}/emb/v1/item?_embed`)).json();
    expect(Object.keys(item._embedded)).toEqual(['author']);
    expect(item._embedded.author).toEqual([{ id: 7 }]);
  });
});
