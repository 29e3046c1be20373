/**
 * Media text is saved through WordPress's HTML filters (issue 27, part 4): an author's title,
 * caption and description, from the request body or taken from an image's EXIF (uploaded or
 * fetched by URL), keep no script and no event handler; an editor, who has `unfiltered_html`,
 * keeps what they wrote. The EXIF facts themselves (image_meta) are filtered for everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestRole, type TestServer } from '../../runtime/testing/harness.ts';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { cornerImage, plainJpeg } from '../media/helpers.ts';

let server: TestServer;
let remote: LoopbackServer;
let exifJpeg: Buffer;

const SCRIPT_TITLE = '<script>alert(1)</script><b>Bold</b><img src=x onerror=alert(2)>';
const LONG_DESCRIPTION = `${'A long description of the lake. '.repeat(3)}<script>alert(3)</script><em>dusk</em><img src=x onerror=alert(4)>`;

beforeAll(async () => {
  exifJpeg = await plainJpeg(40, 30, { IFD0: { ImageDescription: SCRIPT_TITLE, Artist: '<i>Jo</i><script>alert(5)</script>' } });
  const longJpeg = await plainJpeg(40, 30, { IFD0: { ImageDescription: LONG_DESCRIPTION } });
  remote = await startLoopbackServer((req, res) => {
    if (req.url === '/photos/short.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(exifJpeg);
    if (req.url === '/photos/long.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(longJpeg);
    res.writeHead(404).end();
  });
  server = await startTestServer({ deployment: 'studio', config: { outboundAllow: ['127.0.0.1'], maxUploadBytes: 4 * 1024 * 1024 } });
});
afterAll(async () => {
  await server?.close();
  await remote?.close();
});

function expectNothingRuns(text: string): void {
  expect(text).not.toMatch(/<script/i);
  expect(text).not.toMatch(/onerror|onclick/i);
}

async function upload(role: TestRole, body: Buffer, filename: string, type: string, fields: Record<string, string> = {}): Promise<any> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(body)], { type }), filename);
  const res = await fetch(`${server.restUrl}/core/v2/media?context=edit`, { method: 'POST', headers: server.authHeaders(role), body: form });
  expect(res.status).toBe(201);
  return res.json();
}

async function update(role: TestRole, id: number, body: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${server.restUrl}/core/v2/media/${id}?context=edit`, { method: 'POST', headers: server.jsonHeaders(role), body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
}

describe('title, caption and description from the request', () => {
  it("are filtered for an author, on upload and on update", async () => {
    const fields = { title: `  ${SCRIPT_TITLE} `, caption: '<script>alert(6)</script><p onclick="x()">cap</p>', description: '<img src=x onerror=alert(7)><em>desc</em><iframe src="https://evil.test/"></iframe>' };
    const made = await upload('author', await cornerImage(8, 8), 'a.png', 'image/png', fields);
    for (const item of [made, await update('author', made.id, fields)]) {
      expectNothingRuns(item.title.raw);
      expect(item.title.raw).toContain('<b>Bold</b>');
      expect(item.title.raw).not.toContain('<img');
      expect(item.title.raw).toBe(item.title.raw.trim());
      expectNothingRuns(item.caption.raw);
      expect(item.caption.raw).toContain('<p>cap</p>');
      expectNothingRuns(item.description.raw);
      expect(item.description.raw).toContain('<em>desc</em>');
      expect(item.description.raw).not.toContain('<iframe');
      expectNothingRuns(item.title.rendered);
      expectNothingRuns(item.caption.rendered);
      expectNothingRuns(item.description.rendered);
    }
  });

  it('are kept as written for an editor (unfiltered_html)', async () => {
    const made = await upload('editor', await cornerImage(8, 8), 'b.png', 'image/png');
    const item = await update('editor', made.id, { title: SCRIPT_TITLE, caption: '<script>c()</script>', description: '<script>d()</script>' });
    expect([item.title.raw, item.caption.raw, item.description.raw]).toEqual([SCRIPT_TITLE, '<script>c()</script>', '<script>d()</script>']);
  });
});

describe('title and caption taken from the image', () => {
  it("are filtered for an author: EXIF's short description becomes a title without script", async () => {
    const item = await upload('author', exifJpeg, 'exif.jpg', 'image/jpeg');
    expectNothingRuns(item.title.raw);
    expect(item.title.raw).toContain('<b>Bold</b>');
    expect(item.title.raw).not.toContain('<img');
  });

  it('are in image_meta without script for everyone, administrators included', async () => {
    const item = await upload('administrator', exifJpeg, 'exif-admin.jpg', 'image/jpeg');
    const meta = item.media_details.image_meta;
    expectNothingRuns(meta.title);
    expect(meta.title).toContain('<b>Bold</b>');
    expectNothingRuns(meta.credit);
    expect(meta.credit).toContain('<i>Jo</i>');
  });

  it('are filtered when the image is fetched by URL (sideload), title and caption', async () => {
    const short = await fetch(`${server.restUrl}/core/v2/media?context=edit`, { method: 'POST', headers: server.jsonHeaders('author'), body: JSON.stringify({ url: `${remote.url}/photos/short.jpg` }) });
    expect(short.status).toBe(201);
    const shortItem = await short.json();
    expectNothingRuns(shortItem.title.raw);
    expect(shortItem.title.raw).toContain('<b>Bold</b>');
    expectNothingRuns(shortItem.media_details.image_meta.title);

    const long = await fetch(`${server.restUrl}/core/v2/media?context=edit`, { method: 'POST', headers: server.jsonHeaders('author'), body: JSON.stringify({ url: `${remote.url}/photos/long.jpg` }) });
    expect(long.status).toBe(201);
    const longItem = await long.json();
    // A description of 80 characters or more is the caption.
    expect(longItem.caption.raw).toContain('<em>dusk</em>');
    expectNothingRuns(longItem.caption.raw);
    expectNothingRuns(longItem.caption.rendered);
    expectNothingRuns(longItem.media_details.image_meta.caption);
  });
});
