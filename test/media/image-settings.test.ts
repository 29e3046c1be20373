import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { planResize, registeredImageSizes } from '../../runtime/media/image-sizes.ts';
import { mediaRoutes } from './routes.ts';
import { cornerImage, uploadRaw } from './helpers.ts';

describe('sub-size geometry', () => {
  it('skips sizes the original is not larger than', () => {
    expect(planResize(100, 100, { width: 150, height: 150, crop: true })).toBeNull();
    expect(planResize(300, 200, { width: 300, height: 300, crop: false })).toBeNull();
  });

  it('crops a wide image to the box it can fill (200x100 for a 150x150 crop gives 150x100)', () => {
    expect(planResize(200, 100, { width: 150, height: 150, crop: true })).toEqual({ width: 150, height: 100, source: { left: 25, top: 0, width: 150, height: 100 } });
  });

  it('fits inside a box with 0 meaning unbounded', () => {
    expect(planResize(2000, 500, { width: 768, height: 0, crop: false })).toEqual({ width: 768, height: 192 });
    expect(planResize(500, 2000, { width: 1024, height: 1024, crop: false })).toEqual({ width: 256, height: 1024 });
  });

  it('deployment settings replace, add and remove sizes', () => {
    const sizes = registeredImageSizes({ imageSizes: { medium: { width: 200, height: 200 }, square: { width: 64, height: 64, crop: true }, medium_large: null } });
    expect(Object.keys(sizes)).toEqual(['thumbnail', 'medium', 'large', 'square']);
    expect(sizes.medium).toEqual({ width: 200, height: 200, crop: false });
  });
});

describe('sizes and output formats from the deployment settings, over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ routes: mediaRoutes });
    server.app.deployment.settings = {
      imageSizes: { medium: { width: 200, height: 200 }, square: { width: 64, height: 64, crop: true }, medium_large: null },
      imageOutputFormats: { 'image/png': 'image/webp' },
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('makes the configured sizes, written in the configured output format', async () => {
    const item = await (await uploadRaw(server, await cornerImage(800, 600), 'configured.png')).json();
    const sizes = item.media_details.sizes;
    expect(Object.keys(sizes).sort()).toEqual(['full', 'medium', 'square', 'thumbnail']);
    expect(sizes.medium).toMatchObject({ width: 200, height: 150, mime_type: 'image/webp' });
    expect(sizes.square.file).toMatch(/-64x64\.webp$/);
    const bytes = Buffer.from(await (await fetch(sizes.square.source_url)).arrayBuffer());
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    // The original keeps its own type.
    expect(sizes.full.mime_type).toBe('image/png');
  });

  it('convert_format=false keeps sub-sizes in the source format', async () => {
    const item = await (await uploadRaw(server, await cornerImage(800, 600), 'kept.png', { query: 'convert_format=false' })).json();
    expect(item.media_details.sizes.medium).toMatchObject({ mime_type: 'image/png' });
    expect(item.media_details.sizes.medium.file).toMatch(/\.png$/);
  });
});

describe('big images', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ routes: mediaRoutes });
    server.app.deployment.settings = { bigImageSizeThreshold: 1000 };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('an image over the threshold is served as a -scaled copy; the upload stays as original_image', async () => {
    const item = await (await uploadRaw(server, await cornerImage(2000, 1000), 'wide.png')).json();
    expect(item.source_url).toMatch(/\/wide-scaled\.png$/);
    expect(item.media_details).toMatchObject({ width: 1000, height: 500, original_image: 'wide.png' });
    expect(item.media_details.sizes.medium).toMatchObject({ width: 300, height: 150, file: 'wide-300x150.png' });
    const scaled = await sharp(Buffer.from(await (await fetch(item.source_url)).arrayBuffer())).metadata();
    expect([scaled.width, scaled.height]).toEqual([1000, 500]);
    const original = item.source_url.replace('wide-scaled.png', 'wide.png');
    expect((await fetch(original)).status).toBe(200);
    // Deleting removes the original too.
    await fetch(`${server.restUrl}/core/v2/media/${item.id}?force=true`, { method: 'DELETE', headers: server.authHeaders('administrator') });
    expect((await fetch(original)).status).toBe(404);
  });

  it('an edit starts from the original, not the scaled copy', async () => {
    const item = await (await uploadRaw(server, await cornerImage(2000, 1000), 'wide2.png')).json();
    const res = await fetch(`${server.restUrl}/core/v2/media/${item.id}/edit`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
      body: JSON.stringify({ src: item.source_url, modifiers: [{ type: 'crop', args: { left: 0, top: 0, width: 50, height: 50 } }] }),
    });
    const edited = await res.json();
    expect(edited.source_url).toMatch(/\/wide2-edited\.png$/);
    expect(edited.media_details).toMatchObject({ width: 1000, height: 500 });
  });
});

describe('EXIF orientation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ routes: mediaRoutes });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a photo tagged "rotate 90" is served upright as a -rotated copy with upright sizes', async () => {
    // Stored 400x200 with orientation 6: it shows as 200x400, its red corner at the top-right.
    const tagged = await sharp(await cornerImage(400, 200, 'jpeg')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const item = await (await uploadRaw(server, tagged, 'phone.jpg', { contentType: 'image/jpeg' })).json();
    expect(item.source_url).toMatch(/\/phone-rotated\.jpg$/);
    expect(item.media_details).toMatchObject({ width: 200, height: 400, original_image: 'phone.jpg' });
    expect(item.media_details.image_meta.orientation).toBe('1');
    expect(item.media_details.sizes.medium).toMatchObject({ width: 150, height: 300 });
    const shown = Buffer.from(await (await fetch(item.source_url)).arrayBuffer());
    const meta = await sharp(shown).metadata();
    expect([meta.width, meta.height]).toEqual([200, 400]);
    const { data, info } = await sharp(shown).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels];
    expect(at(195, 5)).toBeGreaterThan(180);
  });
});
