import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { demoRoutes } from './fixtures/demo-routes.ts';
import { patient } from '../support/patience.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ routes: demoRoutes(), users: false, config: { maxUploadBytes: 1024 } });
});
afterAll(async () => server?.close());

describe('HTTP transport', () => {
  it('serves files of the uploads folder under /wp-content/uploads', async () => {
    const dir = path.join(server.app.config.uploadsDir, '2026', '11');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'hello.txt'), 'hello');
    const res = await fetch(`${server.siteUrl}/wp-content/uploads/2026/11/hello.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('hello');
  });

  it('does not serve files outside the uploads folder', async () => {
    const res = await fetch(`${server.siteUrl}/wp-content/uploads/..%2f..%2fspecpress.sqlite`);
    expect([403, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('SQLite');
  });

  it('a body over the size limit is 413 in WordPress error shape', async () => {
    const res = await fetch(`${server.restUrl}/demo/v1/multi`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ req: 'x'.repeat(5000) }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
  });

  it('any content type reaches the REST layer as bytes', async () => {
    const res = await fetch(`${server.restUrl}/demo/v1/multi?req=q`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' });
    expect(res.status).toBe(200);
  });

  it('paths outside the API are a plain 404', async () => {
    const res = await fetch(`${server.siteUrl}/no-such-page`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('a GET\'s JSON body counts as params, as WordPress reads it, within the body size limit', async () => {
    const get = (body: string) => new Promise<{ status: number; json: any }>((resolve, reject) => {
      const req = http.request(`${server.restUrl}/demo/v1/multi`, { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(body);
    });
    const ok = await get(JSON.stringify({ req: 'from-body', v: '7' }));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ req: 'from-body', v: 7 });
    const big = await get(JSON.stringify({ req: 'x'.repeat(5000) }));
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ code: 'rest_request_too_large', data: { status: 413 } });
  });

  it('a method no REST route takes (PROPFIND) is rest_no_route in JSON, not the HTML 404', async () => {
    const res = await fetch(`${server.restUrl}/demo/v1/multi`, { method: 'PROPFIND' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'rest_no_route', message: 'No route was found matching the URL and request method.', data: { status: 404 } });
  });

  /** A server whose pino logger at `level` writes its lines into the returned array. */
  async function serverLoggingAt(level: string): Promise<{ lines: Array<Record<string, unknown>>; logged: TestServer }> {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(JSON.parse(String(chunk))), done()) });
    const logged = await startTestServer({ routes: demoRoutes(), users: false, logger: pino({ level }, sink) });
    return { lines, logged };
  }

  it('at the debug level, logs one line per request with method, path, status and duration', async () => {
    const { lines, logged } = await serverLoggingAt('debug');
    try {
      expect((await fetch(`${logged.restUrl}/demo/v1/items/2?x=1`, { signal: patient() })).status).toBe(200);
    } finally {
      // Closed once every request is done with, its line logged included.
      await logged.close();
    }
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ level: 20, method: 'GET', path: '/wp-json/demo/v1/items/2', status: 200 });
    expect(typeof requests[0]!.ms).toBe('number');
  });

  it('at the default info level, writes no line per request', async () => {
    const { lines, logged } = await serverLoggingAt('info');
    try {
      expect((await fetch(`${logged.restUrl}/demo/v1/items/2?x=1`, { signal: patient() })).status).toBe(200);
    } finally {
      await logged.close();
    }
    expect(lines.filter((l) => l.msg === 'request')).toEqual([]);
  });
});

describe('unreadable URLs', () => {
  it('a bad percent-encoding under /wp-json is rest_no_route', async () => {
    const res = await fetch(`${server.restUrl}/demo/v1/items/%E0%A4%A`);
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('rest_no_route');
  });
});
