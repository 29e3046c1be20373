/**
 * Every declarative behaviour over real HTTP, and each one's data surviving a server restart
 * on the same data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { startLoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { behaviorCatalogs, behaviorRoutes } from './routes.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-behaviors-'));
let server: TestServer;

async function start(): Promise<TestServer> {
  const s = await startTestServer({ routes: behaviorRoutes, dataDir, config: { upstreams: {} } });
  Object.assign(s.app.deployment.catalogs, behaviorCatalogs);
  return s;
}

async function call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}, role: Parameters<TestServer['authHeaders']>[0] = 'administrator') {
  const res = await fetch(`${server.restUrl}${route}`, {
    method,
    headers: { ...server.authHeaders(role), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  server = await start();
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('option', () => {
  it('answers the default before anything is stored, then merges writes into it', async () => {
    expect((await call('GET', '/behave/v1/settings')).body).toEqual({ theme: 'light' });
    expect((await call('POST', '/behave/v1/settings', { layout: 'wide' })).body).toEqual({ theme: 'light', layout: 'wide' });
    expect((await call('GET', '/behave/v1/settings')).body).toEqual({ theme: 'light', layout: 'wide' });
  });

  it('keeps one value per user when scoped to the user', async () => {
    await call('POST', '/behave/v1/progress', { step: 3 }, {}, 'editor');
    expect((await call('GET', '/behave/v1/progress', undefined, {}, 'editor')).body).toEqual({ step: 3 });
    expect((await call('GET', '/behave/v1/progress', undefined, {}, 'author')).body).toEqual({});
  });

  it('refuses anonymous callers of an administrative option', async () => {
    const res = await call('POST', '/behave/v1/settings', { layout: 'narrow' }, {}, 'anonymous');
    expect(res.status).toBe(401);
  });
});

describe('collection', () => {
  it('lists seeded records with paging headers', async () => {
    const res = await call('GET', '/behave/v1/colors');
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: string }) => r.id)).toEqual(['primary']);
    expect(res.headers.get('x-wp-total')).toBe('1');
  });

  it('creates, reads, updates and deletes a record', async () => {
    const created = await call('POST', '/behave/v1/colors', { id: 'accent', value: '#f00' });
    expect(created.status).toBe(201);
    expect((await call('POST', '/behave/v1/colors', { id: 'accent', value: '#0f0' })).status).toBe(409);
    expect((await call('GET', '/behave/v1/colors/accent')).body).toMatchObject({ id: 'accent', value: '#f00' });
    expect((await call('POST', '/behave/v1/colors/accent', { value: '#00f' })).body).toMatchObject({ value: '#00f' });
    const deleted = await call('DELETE', '/behave/v1/colors/accent');
    expect(deleted.body).toMatchObject({ deleted: true, previous: { id: 'accent', value: '#00f' } });
    const gone = await call('GET', '/behave/v1/colors/accent');
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('rest_record_invalid_id');
  });

  it('pages and searches', async () => {
    for (const n of [1, 2, 3]) await call('POST', '/behave/v1/colors', { id: `shade-${n}`, value: `#00${n}` });
    const page = await call('GET', '/behave/v1/colors?per_page=2&page=2');
    expect(page.headers.get('x-wp-total')).toBe('4');
    expect(page.headers.get('x-wp-totalpages')).toBe('2');
    expect(page.body).toHaveLength(2);
    const found = await call('GET', '/behave/v1/colors?search=%23002');
    expect(found.body.map((r: { id: string }) => r.id)).toEqual(['shade-2']);
  });
});

describe('action', () => {
  it('moves a record through its allowed transitions only', async () => {
    expect((await call('POST', '/behave/v1/plugins/forms/activate')).body).toMatchObject({ id: 'forms', status: 'active' });
    const again = await call('POST', '/behave/v1/plugins/forms/activate');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('rest_action_not_allowed');
    expect((await call('POST', '/behave/v1/plugins/forms/deactivate')).body).toMatchObject({ status: 'inactive' });
  });
});

describe('catalog', () => {
  it('answers the shipped data to anyone', async () => {
    const res = await call('GET', '/behave/v1/languages', undefined, {}, 'anonymous');
    expect(res.body).toEqual([{ id: 'en', name: 'English' }, { id: 'fr', name: 'French' }]);
  });
});

describe('inbox', () => {
  it('stores an event once however often it is delivered, and lists it', async () => {
    const first = await call('POST', '/behave/v1/webhook', { kind: 'paid' }, { 'x-event-id': 'evt-1' }, 'anonymous');
    const retry = await call('POST', '/behave/v1/webhook', { kind: 'paid' }, { 'x-event-id': 'evt-1' }, 'anonymous');
    expect(first.body).toMatchObject({ received: true, duplicate: false });
    expect(retry.body).toMatchObject({ received: true, duplicate: true, id: first.body.id });
    const list = await call('GET', '/behave/v1/webhook');
    expect(list.body).toHaveLength(1);
    expect(list.body[0].body).toEqual({ kind: 'paid' });
  });
});

describe('upstream', () => {
  it('answers from the local provider when no service is configured', async () => {
    const res = await call('POST', '/behave/v1/keywords', { business_name: 'Harbour Bakery', business_description: 'Sourdough bread and bread rolls baked daily' });
    expect(res.status).toBe(200);
    expect(res.body.keywords[0]).toBe('bread');
    expect(res.body.keywords).toContain('sourdough');
  });

  it('answers 503 naming the setting when there is neither a service nor a local provider', async () => {
    const res = await call('POST', '/behave/v1/license', { key: 'abc' });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('rest_upstream_not_configured');
    expect(res.body.message).toContain('SPECPRESS_UPSTREAM_BEHAVE_LICENSE_URL');
  });

  it('forwards to the configured service and relays its answer', async () => {
    const upstream = await startLoopbackServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ valid: JSON.parse(body).key === 'abc' }));
      });
    });
    server.app.config.upstreams.behave_license_url = `${upstream.url}/check`;
    try {
      const res = await call('POST', '/behave/v1/license', { key: 'abc' });
      expect(res.body).toEqual({ valid: true });
    } finally {
      delete server.app.config.upstreams.behave_license_url;
      await upstream.close();
    }
  });
});

describe('after a restart on the same data folder', () => {
  it('every behaviour still has what it stored', async () => {
    await server.close();
    server = await start();
    expect((await call('GET', '/behave/v1/settings')).body).toEqual({ theme: 'light', layout: 'wide' });
    expect((await call('GET', '/behave/v1/progress', undefined, {}, 'editor')).body).toEqual({ step: 3 });
    expect((await call('GET', '/behave/v1/colors')).headers.get('x-wp-total')).toBe('4');
    const activated = await call('POST', '/behave/v1/plugins/forms/activate');
    expect(activated.status).toBe(200);
    const retry = await call('POST', '/behave/v1/webhook', { kind: 'paid' }, { 'x-event-id': 'evt-1' }, 'anonymous');
    expect(retry.body.duplicate).toBe(true);
  });
});
