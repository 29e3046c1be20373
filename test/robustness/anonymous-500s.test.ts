/**
 * The four anonymous 500s an outside review found, each fixed at its cause, and the error
 * answers produced before routing (unknown methods, oversize URLs and headers, `rest_route` in
 * odd forms) in the interface's shape with `Connection: close` where the socket is closed.
 * Also: `Link` headers bounded however long the query, uploads served with `nosniff`.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { MAX_LINK_HEADER_BYTES } from '../../runtime/rest/pagination.ts';
import { MAX_FILENAME_BYTES } from '../../runtime/media/filenames.ts';
import { plainJpeg } from '../media/helpers.ts';
import { PATIENCE_MS } from '../support/patience.ts';

const SECRET = 'webhook-secret-for-tests';
let server: TestServer;
let port: number;
const serverErrors: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio', config: { upstreams: { formsuite_webhook_secret: SECRET } } });
  port = Number(new URL(server.siteUrl).port);
  server.app.logger.error = (o: unknown, msg?: string) => serverErrors.push(String((o as { err?: Error })?.err?.stack ?? msg));
}, 60_000);

afterAll(async () => {
  await server?.close();
});

function isErrorShape(body: unknown, status: number): boolean {
  const b = body as { code?: unknown; message?: unknown; data?: { status?: unknown } };
  return typeof b?.code === 'string' && typeof b.message === 'string' && b.data?.status === status;
}

/**
 * Sends raw bytes; resolves with what came back (the first answer's head and body, and all of it)
 * and whether the server closed the socket: once it does, or once `enough` says what came back
 * is all the test waits for (the socket is then still open), or after the suite's patience.
 */
function rawExchange(bytes: string, enough?: (data: string) => boolean): Promise<{ head: string; body: string; data: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(giveUp);
      socket.destroy();
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ head, body, data, closed });
    };
    socket.on('data', (chunk) => {
      data += chunk;
      if (enough?.(data)) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(bytes);
    const giveUp = setTimeout(() => finish(false), PATIENCE_MS);
  });
}

describe('the four anonymous 500s', () => {
  it('an undeclared param (parent on posts) never reaches SQL', async () => {
    const admin = server.authHeaders('administrator');
    const created = await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'parentless', status: 'publish' }) });
    expect(created.status).toBe(201);
    for (const query of ['parent=1', 'parent_exclude=1', 'parent=abc', 'parent[]=1&parent_exclude[x]=2']) {
      const res = await fetch(`${server.restUrl}/core/v2/posts?${query}`);
      expect(res.status, query).toBe(200);
      // Posts have no parent: the undeclared filter is ignored, as WordPress ignores it.
      expect(((await res.json()) as unknown[]).length, query).toBe(1);
    }
    expect(serverErrors).toEqual([]);
  });

  it('a batch sub-request path with a broken percent-escape is that item\'s 400', async () => {
    const res = await fetch(`${server.restUrl}/batch/v1`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
      body: JSON.stringify({ requests: [{ method: 'POST', path: '/core/v2/posts/%E0%A4%A' }, { method: 'POST', path: '/core/v2/posts', body: { title: 'after the bad one' } }] }),
    });
    expect(res.status).toBe(207);
    const body = (await res.json()) as { responses: Array<{ status: number; body: unknown }> };
    expect(body.responses[0]!.status).toBe(400);
    expect(body.responses[0]!.body).toMatchObject({ code: 'parse_path_failed', data: { status: 400 } });
    expect(body.responses[1]!.status).toBe(201);
  });

  it('webhook events whose id is an object are kept apart, deduped by canonical JSON, never a TypeError', async () => {
    const send = async (payload: unknown) => {
      const raw = JSON.stringify(payload);
      const signature = createHmac('sha256', SECRET).update(raw).digest('hex');
      const res = await fetch(`${server.restUrl}/formsuite/webhook_test`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': signature }, body: raw });
      return { status: res.status, body: (await res.json()) as { duplicate?: boolean; id?: number } };
    };
    const trap = await send({ id: { toString: 1 }, event: 'a' });
    expect(trap.status).toBe(200);
    const first = await send({ id: { a: 1, b: 2 }, event: 'x' });
    const second = await send({ id: { a: 1, b: 3 }, event: 'x' });
    const again = await send({ event: 'y', id: { b: 2, a: 1 } });
    expect([first.body.duplicate, second.body.duplicate]).toEqual([false, false]);
    expect(second.body.id).not.toBe(first.body.id);
    // The same id with its keys in another order is a retry of the first delivery.
    expect(again.body).toMatchObject({ duplicate: true, id: first.body.id });
    expect(serverErrors).toEqual([]);
  });

  it('a 400-character upload name is shortened, stored and served with nosniff', async () => {
    const name = `${'Ünïcode-'.repeat(50)}.jpg`;
    const res = await fetch(`${server.restUrl}/core/v2/media`, {
      method: 'POST',
      headers: { ...server.authHeaders('administrator'), 'content-type': 'image/jpeg', 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}` },
      body: new Uint8Array(await plainJpeg(20, 10)),
    });
    expect(res.status).toBe(201);
    const item = (await res.json()) as { source_url: string; media_details: { file: string } };
    const stored = path.posix.basename(item.media_details.file);
    expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(MAX_FILENAME_BYTES);
    expect(stored.endsWith('.jpg')).toBe(true);
    expect(fs.existsSync(path.join(server.app.config.uploadsDir, item.media_details.file))).toBe(true);
    const served = await fetch(item.source_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('errors before routing, in the interface\'s shape', () => {
  it('?rest_route[]= and PROPFIND /?rest_route= answer rest_no_route as JSON', async () => {
    for (const [method, url] of [['GET', '/?rest_route[]=x'], ['PROPFIND', '/?rest_route='], ['PROPFIND', '/?rest_route=/core/v2/posts'], ['PROPFIND', '/wp-json/core/v2/posts']] as const) {
      const res = await fetch(`${server.siteUrl}${url}`, { method });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(isErrorShape(await res.json(), 404)).toBe(true);
    }
  });

  it('an unknown method is a shaped 400 and the socket closes with Connection: close', async () => {
    const { head, body, closed } = await rawExchange('FOO /wp-json/ HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/\r\nConnection: close/i);
    expect(isErrorShape(JSON.parse(body), 400)).toBe(true);
    expect(closed).toBe(true);
  });

  it('a URL over 16 KiB and an oversize header are shaped 431s with Connection: close', async () => {
    for (const request of [`GET /wp-json/core/v2/posts?x=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, `GET /wp-json/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`]) {
      const { head, body, closed } = await rawExchange(request);
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head).toMatch(/\r\nConnection: close/i);
      expect(JSON.parse(body)).toMatchObject({ code: 'rest_request_header_too_large', data: { status: 431 } });
      expect(closed).toBe(true);
    }
  });

  it('bytes that are not HTTP get a shaped 400', async () => {
    const { head, body, closed } = await rawExchange('GET /wp-json/ HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(isErrorShape(JSON.parse(body), 400)).toBe(true);
    expect(closed).toBe(true);
  });

  it('a shaped answer that keeps the connection says keep-alive and the socket serves the next request', async () => {
    // The second answer's status line follows the first answer's body on the same line.
    const statusLines = (data: string) => [...data.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
    const { head, data } = await rawExchange('GET /?rest_route[]=x HTTP/1.1\r\nHost: x\r\n\r\nGET /wp-json/ HTTP/1.1\r\nHost: x\r\n\r\n', (data) => statusLines(data).length === 2);
    expect(head).toMatch(/^HTTP\/1\.1 404 /);
    expect(head).not.toMatch(/Connection: close/i);
    expect(statusLines(data)).toEqual(['404', '200']);
  }, 2 * PATIENCE_MS);
});

describe('Link headers', () => {
  it('repeat the query as WordPress does, and stay bounded however long the query', async () => {
    const admin = server.authHeaders('administrator');
    for (let i = 0; i < 2; i++) await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, body: JSON.stringify({ title: `link ${i}`, status: 'publish' }) });
    const short = await fetch(`${server.restUrl}/core/v2/posts?per_page=1&marker=keep`);
    expect(short.headers.get('link')).toMatch(/marker=keep.*page=2>; rel="next"/);

    const long = await fetch(`${server.restUrl}/core/v2/posts?per_page=1&junk=${'j'.repeat(6000)}`);
    expect(long.status).toBe(200);
    const link = long.headers.get('link')!;
    expect(Buffer.byteLength(link)).toBeLessThanOrEqual(MAX_LINK_HEADER_BYTES);
    expect(link).toMatch(/per_page=1&page=2>; rel="next"/);

    const declaredLong = await fetch(`${server.restUrl}/core/v2/posts?per_page=1&slug=${'s,'.repeat(3000)}x`);
    expect(declaredLong.status).toBe(200);
    expect(Buffer.byteLength(declaredLong.headers.get('link') ?? '')).toBeLessThanOrEqual(MAX_LINK_HEADER_BYTES);
  });
});
