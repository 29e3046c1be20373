/**
 * A single post, page or media item read through the studio deployment names its HTML page in
 * a `Link: <…>; rel="alternate"; type=text/html` header, as WordPress's get_item does; other
 * answers keep the discovery Link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { setOption } from '../../runtime/content/options.ts';
import { cornerImage, uploadRaw } from '../media/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  await setOption(server.app.db, 'permalink_structure', '/%postname%/');
});
afterAll(async () => server?.close());

const create = async (type: string, body: unknown) => {
  const res = await fetch(`${server.restUrl}/wp/v2/${type}`, { method: 'POST', headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return res.json();
};

describe('Link rel=alternate of single items', () => {
  it('a published post links its pretty permalink', async () => {
    const post = await create('posts', { title: 'Alternate me', status: 'publish' });
    const res = await fetch(`${server.restUrl}/wp/v2/posts/${post.id}`);
    expect(res.headers.get('link')).toBe(`<${server.siteUrl}/alternate-me/>; rel="alternate"; type=text/html`);
  });

  it('a draft page links its plain address (to its editor)', async () => {
    const page = await create('pages', { title: 'Draft page' });
    const res = await fetch(`${server.restUrl}/wp/v2/pages/${page.id}?context=edit`, { headers: server.authHeaders('administrator') });
    expect(res.headers.get('link')).toBe(`<${server.siteUrl}/?page_id=${page.id}>; rel="alternate"; type=text/html`);
  });

  it('a media item links its attachment page', async () => {
    const item = await (await uploadRaw(server, await cornerImage(4, 3), 'alt-pixel.png')).json();
    const res = await fetch(`${server.restUrl}/wp/v2/media/${item.id}`);
    expect(res.headers.get('link')).toBe(`<${item.link}>; rel="alternate"; type=text/html`);
  });

  it('lists and errors keep the discovery Link', async () => {
    const res = await fetch(`${server.restUrl}/wp/v2/posts/999999`);
    expect(res.headers.get('link')).toBe(`<${server.restUrl}/>; rel="https://api.w.org/"`);
  });
});
