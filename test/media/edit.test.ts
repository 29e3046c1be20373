import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { mediaRoutes } from './routes.ts';
import { cornerImage, isRedAt, plainJpeg, uploadRaw } from './helpers.ts';

let server: TestServer;
let original: { id: number; source_url: string };

beforeAll(async () => {
  server = await startTestServer({ routes: mediaRoutes });
  // 400x200, red in the top-left corner.
  original = await (await uploadRaw(server, await cornerImage(400, 200), 'scene.png')).json();
});
afterAll(async () => {
  await server?.close();
});

async function edit(id: number, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${server.restUrl}/core/v2/media/${id}/edit`, {
    method: 'POST',
    headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function fileOf(item: { source_url: string }): Promise<Buffer> {
  const res = await fetch(item.source_url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('POST /core/v2/media/<id>/edit', () => {
  it('a horizontal flip makes a new -edited item whose red corner is top-right', async () => {
    const res = await edit(original.id, { src: original.source_url, modifiers: [{ type: 'flip', args: { flip: { horizontal: true, vertical: false } } }] });
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item.id).not.toBe(original.id);
    expect(item.source_url).toMatch(/\/scene-edited\.png$/);
    expect(res.headers.get('location')).toBe(`${server.restUrl}/core/v2/media/${item.id}`);
    const png = await fileOf(item);
    expect(await isRedAt(png, 395, 5)).toBe(true);
    expect(await isRedAt(png, 5, 5)).toBe(false);
    // The copy has its own sub-sizes.
    expect(item.media_details.sizes.thumbnail).toMatchObject({ width: 150, height: 150 });
  });

  it('a vertical flip moves the corner to the bottom-left', async () => {
    const item = await (await edit(original.id, { src: original.source_url, modifiers: [{ type: 'flip', args: { flip: { horizontal: false, vertical: true } } }] })).json();
    const png = await fileOf(item);
    expect(await isRedAt(png, 5, 195)).toBe(true);
  });

  it('rotating 90 degrees turns clockwise: 200x400 with the corner top-right', async () => {
    const item = await (await edit(original.id, { src: original.source_url, modifiers: [{ type: 'rotate', args: { angle: 90 } }] })).json();
    expect(item.media_details).toMatchObject({ width: 200, height: 400 });
    const png = await fileOf(item);
    expect(await isRedAt(png, 195, 5)).toBe(true);
  });

  it('rotating by a free angle enlarges the canvas to hold the turned image', async () => {
    const item = await (await edit(original.id, { src: original.source_url, modifiers: [{ type: 'rotate', args: { angle: 45 } }] })).json();
    expect(item.media_details.width).toBeGreaterThan(400);
    expect(item.media_details.height).toBeGreaterThan(400);
  });

  it('crop takes percentages of the image: left half, top half is 200x100 and keeps the corner', async () => {
    const item = await (await edit(original.id, { src: original.source_url, modifiers: [{ type: 'crop', args: { left: 0, top: 0, width: 50, height: 50 } }] })).json();
    expect(item.media_details).toMatchObject({ width: 200, height: 100 });
    expect(await isRedAt(await fileOf(item), 2, 2)).toBe(true);
  });

  it('applies modifiers in order: rotate then crop the right half', async () => {
    const item = await (await edit(original.id, {
      src: original.source_url,
      modifiers: [{ type: 'rotate', args: { angle: 90 } }, { type: 'crop', args: { left: 50, top: 0, width: 50, height: 50 } }],
    })).json();
    // After rotation: 200x400, corner top-right; the top-right quarter is 100x200 and holds it.
    expect(item.media_details).toMatchObject({ width: 100, height: 200 });
    expect(await isRedAt(await fileOf(item), 95, 5)).toBe(true);
  });

  it('the deprecated rotation param still works (180: corner bottom-right)', async () => {
    const item = await (await edit(original.id, { src: original.source_url, rotation: 180 })).json();
    expect(await isRedAt(await fileOf(item), 395, 195)).toBe(true);
  });

  it('editing an edited image keeps one -edited and numbers the name', async () => {
    const first = await (await edit(original.id, { src: original.source_url, rotation: 90 })).json();
    const second = await (await edit(first.id, { src: first.source_url, rotation: 90 })).json();
    expect(second.source_url).toMatch(/\/scene-edited-\d+\.png$/);
  });

  it('a src that is not this item is 404 rest_unknown_attachment', async () => {
    const res = await edit(original.id, { src: `${server.siteUrl}/wp-content/uploads/other.png`, rotation: 90 });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('rest_unknown_attachment');
  });

  it('no edit at all is 400 rest_image_not_edited', async () => {
    const res = await edit(original.id, { src: original.source_url });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_image_not_edited');
  });

  it('a crop outside the image is 400, not a server error', async () => {
    const res = await edit(original.id, { src: original.source_url, modifiers: [{ type: 'crop', args: { left: 100, top: 100, width: 50, height: 50 } }] });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_image_crop_failed');
  });

  it('a rotation of 360 is refused by validation (must be below 360)', async () => {
    const res = await edit(original.id, { src: original.source_url, rotation: 360 });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_invalid_param');
  });

  it('a text file cannot be edited', async () => {
    const text = await (await uploadRaw(server, Buffer.from('hi'), 'a.txt', { contentType: 'text/plain' })).json();
    const res = await edit(text.id, { src: text.source_url, rotation: 90 });
    expect(res.status).toBe(404);
  });
});

describe('POST /core/v2/media/<id>/post-process', () => {
  it('create-image-subsizes makes the sizes an upload skipped', async () => {
    const bare = await (await uploadRaw(server, await plainJpeg(900, 600), 'later.jpg', { contentType: 'image/jpeg', query: 'generate_sub_sizes=false' })).json();
    expect(bare.missing_image_sizes).toEqual(['thumbnail', 'medium', 'medium_large']);
    const res = await fetch(`${server.restUrl}/core/v2/media/${bare.id}/post-process`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create-image-subsizes' }),
    });
    expect(res.status).toBe(200);
    const item = await res.json();
    expect(item.missing_image_sizes).toEqual([]);
    expect(item.media_details.sizes.medium).toMatchObject({ width: 300, height: 200 });
    const thumb = await sharp(Buffer.from(await (await fetch(item.media_details.sizes.thumbnail.source_url)).arrayBuffer())).metadata();
    expect([thumb.width, thumb.height]).toEqual([150, 150]);
  });

  it('an unknown action is refused by validation', async () => {
    const res = await fetch(`${server.restUrl}/core/v2/media/${original.id}/post-process`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'explode' }),
    });
    expect(res.status).toBe(400);
  });
});
