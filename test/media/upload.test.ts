import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { mediaRoutes } from './routes.ts';
import { cornerImage, plainJpeg, pngBomb, uploadMultipart, uploadRaw } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ routes: mediaRoutes, config: { maxUploadBytes: 4 * 1024 * 1024 } });
});
afterAll(async () => {
  await server?.close();
});

const uploadsDir = () => server.app.config.uploadsDir;

describe('uploading a file to POST /core/v2/media', () => {
  it('a raw body with Content-Disposition becomes a media item with WordPress sub-sizes', async () => {
    const res = await uploadRaw(server, await plainJpeg(1200, 800), 'holiday photo.jpg', { contentType: 'image/jpeg' });
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(res.headers.get('location')).toBe(`${server.restUrl}/core/v2/media/${item.id}`);
    expect(res.headers.get('x-wp-upload-attachment-id')).toBe(String(item.id));
    expect(item).toMatchObject({ type: 'attachment', status: 'inherit', media_type: 'image', mime_type: 'image/jpeg', title: { raw: 'holiday-photo' }, slug: 'holiday-photo', post: null });
    expect(item.source_url).toMatch(/\/wp-content\/uploads\/\d{4}\/\d{2}\/holiday-photo\.jpg$/);
    const sizes = item.media_details.sizes;
    expect(item.media_details).toMatchObject({ width: 1200, height: 800 });
    expect([sizes.thumbnail.width, sizes.thumbnail.height]).toEqual([150, 150]);
    expect([sizes.medium.width, sizes.medium.height]).toEqual([300, 200]);
    expect([sizes.medium_large.width, sizes.medium_large.height]).toEqual([768, 512]);
    expect([sizes.large.width, sizes.large.height]).toEqual([1024, 683]);
    expect(sizes.full).toMatchObject({ width: 1200, height: 800, mime_type: 'image/jpeg' });
    expect(item.missing_image_sizes).toEqual([]);
    // Each size is really on disk with the dimensions it claims, and served over HTTP.
    const served = await fetch(sizes.thumbnail.source_url);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([150, 150]);
  });

  it('a multipart `file` field with other fields sets title, caption and alt text', async () => {
    const res = await uploadMultipart(server, await cornerImage(400, 300), 'corner.png', { title: 'A corner', alt_text: 'Red corner', caption: 'Seen from above' });
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item.title.raw).toBe('A corner');
    expect(item.alt_text).toBe('Red corner');
    expect(item.caption.raw).toBe('Seen from above');
    expect(item.caption.rendered).toContain('Seen from above');
    expect(item.mime_type).toBe('image/png');
    expect(item.description.rendered).toContain('<img');
  });

  it('without a title, a multipart file is titled by its client name, a raw body by the stored name', async () => {
    const multi = await (await uploadMultipart(server, await cornerImage(30, 30), 'my picture.png')).json();
    expect(multi.title.raw).toBe('my picture');
    expect(multi.source_url).toMatch(/\/my-picture\.png$/);
  });

  it('a second file of the same name is stored as name-1 and the first is untouched', async () => {
    const first = await (await uploadRaw(server, await cornerImage(50, 50), 'same.png')).json();
    const second = await (await uploadRaw(server, await cornerImage(60, 60), 'same.png')).json();
    expect(first.source_url).toMatch(/\/same\.png$/);
    expect(second.source_url).toMatch(/\/same-1\.png$/);
    expect(first.media_details.width).toBe(50);
  });

  it('uploads of one name at the same time never overwrite each other', async () => {
    const items = await Promise.all([1, 2, 3, 4, 5].map(async (n) => (await uploadRaw(server, await cornerImage(10 + n, 10), 'race.png')).json()));
    const files = items.map((i) => i.media_details.file);
    expect(new Set(files).size).toBe(5);
    expect(items.map((i) => i.media_details.width).sort()).toEqual([11, 12, 13, 14, 15]);
  });

  it('a path-traversal file name stays inside the uploads folder', async () => {
    const res = await uploadRaw(server, await cornerImage(40, 40), '../../../etc/evil.png');
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item.media_details.file).toMatch(/^\d{4}\/\d{2}\/evil\.png$/);
    expect(fs.existsSync(path.join(uploadsDir(), item.media_details.file))).toBe(true);
    expect(fs.existsSync(path.resolve(uploadsDir(), '../../../etc/evil.png'))).toBe(false);
  });

  it('an RFC 5987 file name (filename*=UTF-8\'\'...) is read and served with its letters', async () => {
    const res = await uploadRaw(server, await cornerImage(20, 20), null, { headers: { 'content-disposition': "attachment; filename=\"fallback.png\"; filename*=UTF-8''caf%C3%A9%20cr%C3%A8me.png" } });
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item.media_details.file).toMatch(/\/café-crème\.png$/);
    expect((await fetch(item.source_url)).status).toBe(200);
  });

  it('a script named as an image is refused and nothing is stored', async () => {
    const res = await uploadRaw(server, Buffer.from('<?php system($_GET["c"]); ?>'), 'photo.jpg', { contentType: 'image/jpeg' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'rest_upload_sideload_error', message: 'Sorry, you are not allowed to upload this file type.', data: { status: 400 } });
  });

  it('a PNG named .txt is refused: the bytes decide the type, not the name', async () => {
    const res = await uploadRaw(server, await cornerImage(20, 20), 'notes.txt', { contentType: 'text/plain' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'rest_upload_sideload_error', message: 'Sorry, you are not allowed to upload this file type.', data: { status: 400 } });
  });

  it('a type the site does not allow (.php) is refused', async () => {
    const res = await uploadRaw(server, Buffer.from('<?php echo 1;'), 'shell.php', { contentType: 'application/x-php' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_upload_sideload_error');
  });

  it('a plain text file is accepted as a file, not an image', async () => {
    const res = await uploadRaw(server, Buffer.from('hello\n'), 'readme.txt', { contentType: 'text/plain' });
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item).toMatchObject({ media_type: 'file', mime_type: 'text/plain' });
    expect(item.media_details.sizes).toEqual({});
  });

  it('answers rest_upload_no_data for an empty body', async () => {
    const res = await uploadRaw(server, Buffer.alloc(0), 'x.png');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_upload_no_data');
  });

  it('answers rest_upload_no_content_type without a Content-Type', async () => {
    const res = await uploadRaw(server, await cornerImage(10, 10), 'x.png', { contentType: null });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.code).toBe('rest_upload_no_content_type');
  });

  it('answers rest_upload_no_content_disposition without a Content-Disposition', async () => {
    const res = await uploadRaw(server, await cornerImage(10, 10), null);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_upload_no_content_disposition');
  });

  it('answers rest_upload_invalid_disposition when the header names no file', async () => {
    const res = await uploadRaw(server, await cornerImage(10, 10), null, { headers: { 'content-disposition': 'attachment' } });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_upload_invalid_disposition');
  });

  it('checks Content-MD5: a wrong hash is 412, the right one passes', async () => {
    const png = await cornerImage(12, 12);
    const bad = await uploadRaw(server, png, 'md5.png', { headers: { 'content-md5': 'deadbeef' } });
    expect(bad.status).toBe(412);
    expect((await bad.json()).code).toBe('rest_upload_hash_mismatch');
    const good = await uploadRaw(server, png, 'md5.png', { headers: { 'content-md5': crypto.createHash('md5').update(png).digest('hex') } });
    expect(good.status).toBe(201);
  });

  it('refuses a decompression bomb from its header, before decoding, and leaves no file', async () => {
    const bomb = pngBomb(12_000);
    expect(bomb.length).toBeLessThan(200_000);
    const before = listFiles(uploadsDir());
    const res = await uploadRaw(server, bomb, 'bomb.png');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_upload_image_too_large');
    expect(listFiles(uploadsDir())).toEqual(before);
  });

  it('refuses a body larger than config.maxUploadBytes without a 500', async () => {
    const res = await uploadRaw(server, Buffer.alloc(5 * 1024 * 1024, 1), 'big.png');
    expect([400, 413]).toContain(res.status);
    const body = await res.json();
    // WordPress's error shape, whichever layer refuses it (the transport answers before the service).
    expect(typeof body.code).toBe('string');
    expect(body.data.status).toBe(res.status);
  });

  it('generate_sub_sizes=false stores the original only', async () => {
    const res = await uploadRaw(server, await plainJpeg(800, 600), 'nosizes.jpg', { contentType: 'image/jpeg', query: 'generate_sub_sizes=false' });
    const item = await res.json();
    expect(item.media_details.sizes).toEqual({});
    expect(item.missing_image_sizes).toEqual(['thumbnail', 'medium', 'medium_large']);
  });

  it('reads EXIF into image_meta and uses a short description as the title', async () => {
    const jpeg = await plainJpeg(320, 240, { IFD0: { Model: 'TestCam 9', Copyright: 'Jo Doe', ImageDescription: 'Lake at dawn', Artist: 'Jo' } });
    const item = await (await uploadRaw(server, jpeg, 'exif.jpg', { contentType: 'image/jpeg' })).json();
    expect(item.media_details.image_meta).toMatchObject({ camera: 'TestCam 9', copyright: 'Jo Doe', credit: 'Jo', title: 'Lake at dawn' });
    expect(item.title.raw).toBe('Lake at dawn');
  });

  it('is refused to anonymous callers (401) and subscribers (403)', async () => {
    const png = await cornerImage(10, 10);
    expect((await uploadRaw(server, png, 'a.png', { role: 'anonymous' })).status).toBe(401);
    expect((await uploadRaw(server, png, 'a.png', { role: 'subscriber' })).status).toBe(403);
  });

  it('refuses attaching to a revision or another attachment (Invalid parent type)', async () => {
    const host = await (await uploadRaw(server, await cornerImage(10, 10), 'host.png')).json();
    const res = await uploadRaw(server, await cornerImage(10, 10), 'child.png', { query: `post=${host.id}` });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'rest_invalid_param', message: 'Invalid parent type.' });
  });
});

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String).sort();
}
