/**
 * Where an attached media item lives, as get_attachment_link says: under its published parent's
 * pretty link, at the site root when unattached, and at ?attachment_id=ID under a draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { setOption } from '../../runtime/content/options.ts';
import { cornerImage, uploadRaw } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  await setOption(server.app.db, 'permalink_structure', '/%postname%/');
});
afterAll(async () => server?.close());

const post = async (body: unknown) => (await (await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()).id as number;
const editView = async (id: number) => (await fetch(`${server.restUrl}/core/v2/media/${id}?context=edit`, { headers: server.authHeaders('administrator') })).json();

describe('attachment links', () => {
  it('an item attached to a published post lives under the post', async () => {
    const parent = await post({ title: 'Holder', status: 'publish' });
    const item = await (await uploadRaw(server, await cornerImage(4, 3), 'held.png', { query: `post=${parent}` })).json();
    const edit = await editView(item.id);
    expect(edit.link).toBe(`${server.siteUrl}/holder/held/`);
    expect(edit.permalink_template).toBe(`${server.siteUrl}/holder/%postname%/`);
  });

  it('an unattached item lives at the root; one under a draft at ?attachment_id', async () => {
    const loose = await editView((await (await uploadRaw(server, await cornerImage(4, 3), 'loose.png')).json()).id);
    expect(loose.link).toBe(`${server.siteUrl}/loose/`);
    expect(loose.permalink_template).toBe(`${server.siteUrl}/?attachment_id=${loose.id}`);
    const draft = await post({ title: 'Unpublished' });
    const held = await editView((await (await uploadRaw(server, await cornerImage(4, 3), 'drafted.png', { query: `post=${draft}` })).json()).id);
    expect(held.link).toBe(`${server.siteUrl}/?attachment_id=${held.id}`);
  });
});
