import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { guardedFetch, OutboundError } from '../../runtime/net/guarded-fetch.ts';
import { isPublicAddress } from '../../runtime/net/address-policy.ts';
import { mediaRoutes } from './routes.ts';
import { plainJpeg } from './helpers.ts';

/** A local "remote" site on 127.0.0.1: an image, a redirect into a private network, a big file. */
let remote: LoopbackServer;
let remoteUrl: string;
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await plainJpeg(500, 400);
  remote = await startLoopbackServer((req, res) => {
    if (req.url === '/photos/lake.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    if (req.url === '/moved/lake.jpg') return res.writeHead(302, { location: '/photos/lake.jpg' }).end();
    if (req.url === '/to-metadata/lake.jpg') return res.writeHead(302, { location: 'http://169.254.169.254/latest/lake.jpg' }).end();
    if (req.url === '/huge/lake.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(300_000));
    if (req.url === '/page.html/lake.jpg') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (req.url === '/slow/lake.jpg') return; // never answers: only the caller's timeout ends it (close() drops the connection)
    res.writeHead(404).end();
  });
  remoteUrl = `${remote.url}`;
});
afterAll(async () => {
  await remote?.close();
});

describe('the SSRF-guarded fetch', () => {
  it('refuses 127.0.0.1 when it is not allowed, before connecting', async () => {
    await expect(guardedFetch(`${remoteUrl}/photos/lake.jpg`, { allow: [], maxBytes: 1e6 })).rejects.toMatchObject({ reason: 'blocked_address' });
  });

  it('fetches 127.0.0.1 when the allow list names it (address or range)', async () => {
    const byHost = await guardedFetch(`${remoteUrl}/photos/lake.jpg`, { allow: ['127.0.0.1'], maxBytes: 1e6 });
    expect(byHost.body.equals(jpeg)).toBe(true);
    const byRange = await guardedFetch(`${remoteUrl}/photos/lake.jpg`, { allow: ['127.0.0.0/8'], maxBytes: 1e6 });
    expect(byRange.contentType).toBe('image/jpeg');
  });

  it('follows a redirect and checks the new location again', async () => {
    const moved = await guardedFetch(`${remoteUrl}/moved/lake.jpg`, { allow: ['127.0.0.1'], maxBytes: 1e6 });
    expect(moved.url).toBe(`${remoteUrl}/photos/lake.jpg`);
    await expect(guardedFetch(`${remoteUrl}/to-metadata/lake.jpg`, { allow: ['127.0.0.1'], maxBytes: 1e6 })).rejects.toMatchObject({ reason: 'blocked_address' });
  });

  it('stops reading past maxBytes and past the time limit', async () => {
    await expect(guardedFetch(`${remoteUrl}/huge/lake.jpg`, { allow: ['127.0.0.1'], maxBytes: 1000 })).rejects.toMatchObject({ reason: 'too_large' });
    await expect(guardedFetch(`${remoteUrl}/slow/lake.jpg`, { allow: ['127.0.0.1'], maxBytes: 1e6, timeoutMs: 300 })).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('refuses a content type the caller does not accept, and non-http schemes', async () => {
    await expect(guardedFetch(`${remoteUrl}/page.html/lake.jpg`, { allow: ['127.0.0.1'], maxBytes: 1e6, acceptContentType: (t) => t.startsWith('image/') })).rejects.toMatchObject({ reason: 'content_type' });
    await expect(guardedFetch('file:///etc/passwd', { allow: [], maxBytes: 1e6 })).rejects.toBeInstanceOf(OutboundError);
  });

  it('classifies special-purpose addresses as not public, IPv4-mapped IPv6 included', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fc00::1', '::ffff:127.0.0.1', '0.0.0.0', '100.64.0.1']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true);
  });
});

describe('sideloading with POST /core/v2/media {url}', () => {
  let allowed: TestServer;
  let guarded: TestServer;
  beforeAll(async () => {
    allowed = await startTestServer({ routes: mediaRoutes, config: { outboundAllow: ['127.0.0.1'], maxUploadBytes: 200_000 } });
    guarded = await startTestServer({ routes: mediaRoutes });
  });
  afterAll(async () => {
    await allowed?.close();
    await guarded?.close();
  });

  const sideload = (server: TestServer, url: string) =>
    fetch(`${server.restUrl}/core/v2/media`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
      body: JSON.stringify({ url }),
    });

  it('stores the remote image with its sizes when the host is allowed', async () => {
    const res = await sideload(allowed, `${remoteUrl}/photos/lake.jpg`);
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item).toMatchObject({ mime_type: 'image/jpeg', title: { raw: 'lake' } });
    expect(item.media_details).toMatchObject({ width: 500, height: 400 });
    expect(item.media_details.sizes.medium).toMatchObject({ width: 300, height: 240 });
  });

  it('refuses 127.0.0.1 when outboundAllow does not name it', async () => {
    const res = await sideload(guarded, `${remoteUrl}/photos/lake.jpg`);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_invalid_url');
  });

  it('refuses a URL that does not name an image file', async () => {
    const res = await sideload(allowed, `${remoteUrl}/photos/lake.php`);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_invalid_url');
  });

  it('refuses a remote file larger than maxUploadBytes', async () => {
    const res = await sideload(allowed, `${remoteUrl}/huge/lake.jpg`);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_upload_file_too_big');
  });

  it('refuses a redirect into a private address', async () => {
    const res = await sideload(allowed, `${remoteUrl}/to-metadata/lake.jpg`);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_invalid_url');
  });
});
