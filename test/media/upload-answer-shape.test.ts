/**
 * What an upload answers beyond the item, as WordPress sends it: X-WP-Upload-Attachment-ID
 * before Location, and a description picture classed as the medium size even when the image is
 * too small to have one.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { cornerImage, plainJpeg, uploadRaw } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
});
afterAll(async () => server?.close());

describe('upload answer', () => {
  it('sends the attachment id header before Location', async () => {
    // fetch sorts header names; node:http keeps them as sent.
    const png = Buffer.from(await cornerImage(4, 3));
    const headers = { ...server.authHeaders('administrator'), 'content-type': 'image/png', 'content-disposition': 'attachment; filename="order.png"' };
    const names = await new Promise<string[]>((resolve, reject) => {
      const req = request(`${server.restUrl}/wp/v2/media`, { method: 'POST', headers }, (res) => {
        res.resume();
        expect(res.statusCode).toBe(201);
        resolve(res.rawHeaders.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase()));
      });
      req.on('error', reject);
      req.end(png);
    });
    expect(names.indexOf('x-wp-upload-attachment-id')).toBeGreaterThan(-1);
    expect(names.indexOf('x-wp-upload-attachment-id')).toBeLessThan(names.indexOf('location'));
  });

  it('classes the description picture of a small image as the medium size', async () => {
    const item = await (await uploadRaw(server, await cornerImage(4, 3), 'small.png')).json();
    expect(item.description.rendered).toContain('class="attachment-medium size-medium"');
    expect(item.description.rendered).toContain('width="4" height="3"');
  });
});

describe('description and caption rendering', () => {
  it('renders them as WordPress 6.8 does: the medium picture with srcset and auto sizes, then the texturized paragraphs', async () => {
    const made = await (await uploadRaw(server, await plainJpeg(800, 600), 'land.jpg', { contentType: 'image/jpeg' })).json();
    const res = await fetch(`${server.restUrl}/wp/v2/media/${made.id}`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'A "desc" -- here\n\nSecond', caption: 'Cap "x"', alt_text: 'Alt' }),
    });
    const item = await res.json();
    const file = String(item.source_url);
    const base = file.slice(0, file.lastIndexOf('/') + 1);
    // 6.8's answer for the same upload and edit, with its addresses in place of ours.
    expect(item.description.rendered).toBe(
      `<p class="attachment"><a href='${file}'><img loading="lazy" decoding="async" width="300" height="225" src="${base}land-300x225.jpg" class="attachment-medium size-medium" alt="Alt" ` +
        `srcset="${base}land-300x225.jpg 300w, ${base}land-768x576.jpg 768w, ${file} 800w" sizes="auto, (max-width: 300px) 100vw, 300px" /></a></p>\n` +
        '<p>A &#8220;desc&#8221; &#8212; here</p>\n<p>Second</p>\n',
    );
    expect(item.caption.rendered).toBe('<p>Cap &#8220;x&#8221;</p>\n');
  });
});
