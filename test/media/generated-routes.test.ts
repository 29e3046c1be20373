/**
 * The media and oEmbed endpoints through the generated route table of the default deployment
 * (spec args, generated validators, handler regions), not the hand-made one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { oembedFromXml } from '../../runtime/oembed/xml.ts';
import { cornerImage, isRedAt, plainJpeg, uploadMultipart, uploadRaw } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
});
afterAll(async () => {
  await server?.close();
});

const api = (p: string, init: RequestInit = {}) =>
  fetch(`${server.restUrl}${p}`, { ...init, headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json', ...(init.headers as Record<string, string>) } });

describe('media through the generated studio routes', () => {
  it('uploads raw and multipart, lists, reads, updates, edits, post-processes and deletes', async () => {
    const raw = await uploadRaw(server, await plainJpeg(1200, 800), 'gen.jpg', { contentType: 'image/jpeg' });
    expect(raw.status).toBe(201);
    const photo = await raw.json();
    expect(photo.media_details.sizes.large).toMatchObject({ width: 1024, height: 683 });

    const multi = await uploadMultipart(server, await cornerImage(300, 200), 'gen-corner.png', { alt_text: 'corner', generate_sub_sizes: 'false' });
    expect(multi.status).toBe(201);
    const corner = await multi.json();
    expect(corner.alt_text).toBe('corner');
    expect(corner.media_details.sizes).toEqual({});

    const list = await api('/core/v2/media?media_type=image&per_page=5');
    expect(list.status).toBe(200);
    expect(list.headers.get('x-wp-total')).toBe('2');

    const view = await (await fetch(`${server.restUrl}/core/v2/media/${photo.id}`)).json();
    expect(view.source_url).toBe(photo.source_url);
    expect(view.title.raw).toBeUndefined();

    const updated = await (await api(`/core/v2/media/${photo.id}`, { method: 'POST', body: JSON.stringify({ caption: { raw: 'New caption' }, alt_text: 'A photo' }) })).json();
    expect(updated).toMatchObject({ alt_text: 'A photo', caption: { raw: 'New caption' } });

    const edited = await api(`/core/v2/media/${corner.id}/edit`, {
      method: 'POST',
      body: JSON.stringify({ src: corner.source_url, modifiers: [{ type: 'flip', args: { flip: { horizontal: true, vertical: false } } }] }),
    });
    expect(edited.status).toBe(201);
    const copy = await edited.json();
    expect(await isRedAt(Buffer.from(await (await fetch(copy.source_url)).arrayBuffer()), 295, 5)).toBe(true);

    const processed = await (await api(`/core/v2/media/${corner.id}/post-process`, { method: 'POST', body: JSON.stringify({ action: 'create-image-subsizes' }) })).json();
    expect(processed.media_details.sizes.thumbnail).toMatchObject({ width: 150, height: 150 });

    expect((await api(`/core/v2/media/${photo.id}`, { method: 'DELETE' })).status).toBe(501);
    const deleted = await (await api(`/core/v2/media/${photo.id}?force=true`, { method: 'DELETE' })).json();
    expect(deleted.deleted).toBe(true);
    expect((await fetch(photo.source_url)).status).toBe(404);
  });

  it('stores the deployment\'s registered meta keys of a media item', async () => {
    const keys = server.app.deployment.resources.media?.schema.properties.meta?.properties ?? {};
    const key = Object.keys(keys).find((k) => keys[k].type === 'string');
    expect(key).toBeTruthy();
    const item = await (await uploadRaw(server, await cornerImage(20, 20), 'meta.png')).json();
    const res = await api(`/core/v2/media/${item.id}`, { method: 'POST', body: JSON.stringify({ meta: { [key!]: 'kept' } }) });
    expect(res.status).toBe(200);
    expect((await res.json()).meta[key!]).toBe('kept');
  });

  it('the wp/v2 alias answers with wp/v2 addresses', async () => {
    const res = await fetch(`${server.restUrl}/wp/v2/media`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'image/png', 'content-disposition': 'attachment; filename="alias.png"' },
      body: new Uint8Array(await cornerImage(20, 20)),
    });
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(res.headers.get('location')).toBe(`${server.restUrl}/wp/v2/media/${item.id}`);
    expect(item._links.self[0].href).toBe(`${server.restUrl}/wp/v2/media/${item.id}`);
  });

  it('sideloading 127.0.0.1 is refused by the SSRF guard', async () => {
    const res = await api('/core/v2/media', { method: 'POST', body: JSON.stringify({ url: `${server.siteUrl}/wp-content/uploads/x.jpg` }) });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_invalid_url');
  });
});

describe('oEmbed through the generated studio routes', () => {
  it('embeds a published post as JSON and XML', async () => {
    const now = '2026-03-01 10:00:00';
    const row = await server.app.db.insertInto('posts').values({
      author: server.users.author.id, type: 'post', status: 'publish', slug: 'generated-embed', title: 'Generated embed', content: 'Words', excerpt: '',
      password: '', parent: 0, menu_order: 0, comment_status: 'open', ping_status: 'open', format: 'standard', template: '',
      mime_type: '', guid: '', date: now, date_gmt: now, modified: now, modified_gmt: now, comment_count: 0,
    }).returning('id').executeTakeFirstOrThrow();
    const url = encodeURIComponent(`${server.siteUrl}/?p=${row.id}`);
    const json = await (await fetch(`${server.restUrl}/oembed/1.0/embed?url=${url}`)).json();
    expect(json).toMatchObject({ type: 'rich', title: 'Generated embed', width: 600, height: 338 });
    const xml = await fetch(`${server.restUrl}/oembed/1.0/embed?url=${url}&format=xml`);
    expect(xml.headers.get('content-type')).toBe('text/xml; charset=UTF-8');
    expect(oembedFromXml(await xml.text())).toMatchObject({ title: 'Generated embed', width: 600 });
  });

  it('the proxy refuses this machine\'s addresses that are not this site', async () => {
    const res = await fetch(`${server.restUrl}/oembed/1.0/proxy?url=${encodeURIComponent('http://127.0.0.1:9/video')}`, { headers: server.authHeaders('editor') });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('oembed_invalid_url');
  });
});
