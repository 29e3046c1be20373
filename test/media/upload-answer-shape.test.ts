/**
 * What an upload answers beyond the item, as WordPress sends it: X-WP-Upload-Attachment-ID
 * before Location, and a description picture classed as the medium size even when the image is
 * too small to have one.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { cornerImage, uploadRaw } from './helpers.ts';

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
