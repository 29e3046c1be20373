/**
 * As WordPress answers them: an edited copy comes back in the view context with its parent id
 * as a string, and an item's generated_slug is unique among every item (the copy took the title's
 * slug, so the original's suggestion gets -2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { cornerImage, uploadRaw } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
});
afterAll(async () => server?.close());

const api = (path: string, init: RequestInit = {}) => fetch(`${server.restUrl}${path}`, { ...init, headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' } });

describe('media edit answer', () => {
  it('is the view context, with parent_image.attachment_id a string', async () => {
    const item = await (await uploadRaw(server, await cornerImage(40, 30), 'turn.png')).json();
    await api(`/wp/v2/media/${item.id}`, { method: 'POST', body: JSON.stringify({ title: 'Turned title' }) });
    const res = await api(`/wp/v2/media/${item.id}/edit`, { method: 'POST', body: JSON.stringify({ src: item.source_url, rotation: 90 }) });
    expect(res.status).toBe(201);
    const copy = await res.json();
    expect(copy.title).toEqual({ rendered: 'Turned title' });
    expect(copy._links['wp:action-assign-author']).toBeUndefined();
    expect(copy.media_details.parent_image).toEqual({ attachment_id: String(item.id), file: expect.stringContaining('turn') });

    const original = await (await api(`/wp/v2/media/${item.id}?context=edit`)).json();
    expect(copy.slug).toBe('turned-title');
    expect(original.generated_slug).toBe('turned-title-2');
  });
});
