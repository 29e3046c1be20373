/** A media item lists the `wp` curie only when one of its links uses it, as WordPress does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { cornerImage, uploadRaw } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
});
afterAll(async () => server?.close());

describe('curies of media links', () => {
  it('absent in view context, where no wp: relation is listed', async () => {
    const item = await (await uploadRaw(server, await cornerImage(4, 3), 'curie.png')).json();
    const view = await (await fetch(`${server.restUrl}/wp/v2/media/${item.id}`)).json();
    expect(Object.keys(view._links).some((rel) => rel.startsWith('wp:'))).toBe(false);
    expect(view._links.curies).toBeUndefined();
  });

  it('present in edit context for an administrator, beside the wp:action links', async () => {
    const item = await (await uploadRaw(server, await cornerImage(4, 3), 'curie-edit.png')).json();
    const edit = await (await fetch(`${server.restUrl}/wp/v2/media/${item.id}?context=edit`, { headers: server.authHeaders('administrator') })).json();
    expect(edit._links['wp:action-unfiltered-html']).toBeDefined();
    expect(edit._links.curies).toEqual([{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }]);
  });
});
