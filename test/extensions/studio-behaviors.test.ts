/**
 * One real studio endpoint per declarative behaviour kind (option, collection, action,
 * catalog, inbox, upstream), the state they keep surviving a restart on the same data folder
 * (with the forms and variables of the hand-written handlers), and permissions enforced on an
 * administrative endpoint (anonymous 401, subscriber 403).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { clientFor } from './client.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-studio-behaviors-'));
let server: TestServer;
let call: ReturnType<typeof clientFor>;
let upstream: LoopbackServer;
let upstreamUrl: string;
const upstreamCalls: Array<{ method: string; url: string; body: string }> = [];

async function start(config: NonNullable<Parameters<typeof startTestServer>[0]>['config'] = {}) {
  server = await startTestServer({ deployment: 'studio', dataDir, config });
  call = clientFor(server);
}

beforeAll(async () => {
  upstream = await startLoopbackServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      upstreamCalls.push({ method: req.method!, url: req.url!, body: text });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ categories: ['Landing', 'Blog'] }));
    });
  });
  upstreamUrl = `${upstream.url}/library`;
  await start({ upstreams: { tmpl_library_url: upstreamUrl } });
});

afterAll(async () => {
  await server?.close();
  await upstream?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('each behaviour kind on studio endpoints', () => {
  it('option: answers its default, then stores and merges what is posted', async () => {
    expect((await call('GET', '/formsuite/v1/onboarding/get-status')).body).toEqual({ status: 'not-started' });
    await call('POST', '/formsuite/v1/onboarding/set-status', { body: { status: 'completed', step: 4 } });
    expect((await call('GET', '/formsuite/v1/onboarding/get-status')).body).toEqual({ status: 'completed', step: 4 });
  });

  it('collection: seeded global colours, upsert, read and delete one', async () => {
    const created = await call('POST', '/pagebuilder/v1/globals/colors/brand', { body: { title: 'Brand', value: '#112233' } });
    expect(created.status).toBe(201);
    expect((await call('GET', '/pagebuilder/v1/globals/colors/brand')).body).toMatchObject({ id: 'brand', title: 'Brand', value: '#112233' });
    expect((await call('DELETE', '/pagebuilder/v1/globals/colors/secondary')).body.deleted).toBe(true);
    expect((await call('GET', '/pagebuilder/v1/globals/colors/secondary')).status).toBe(404);
  });

  it('action: connects the library, disconnects it, and refuses to disconnect twice', async () => {
    expect((await call('DELETE', '/pagebuilder/v1/library/connect')).status).toBe(409);
    const connected = await call('POST', '/pagebuilder/v1/library/connect', { body: { token: 'abc' } });
    // The token is kept encrypted and answered masked (runtime/secrets).
    expect(connected.body).toMatchObject({ status: 'connected', token: '••••' });
    expect(connected.text).not.toContain('abc');
    expect((await call('DELETE', '/pagebuilder/v1/library/connect')).body.status).toBe('disconnected');
    const again = await call('DELETE', '/pagebuilder/v1/library/connect');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('rest_action_not_allowed');
  });

  it('catalog: answers the shipped migrator sources', async () => {
    const res = await call('GET', '/formsuite/v1/migrator/sources');
    expect(res.body.map((s: { id: string }) => s.id)).toEqual(['cf7', 'wpforms', 'gravityforms', 'ninjaforms']);
  });

  it('inbox: stores an editor\'s event once and lists it to administrators', async () => {
    const event = { event_data: { name: 'panel_opened', at: 1 } };
    const first = await call('POST', '/pagebuilder/v1/send-event', { role: 'editor', body: event });
    expect(first.body).toMatchObject({ received: true, duplicate: false });
    expect((await call('POST', '/pagebuilder/v1/send-event', { role: 'editor', body: event })).body.duplicate).toBe(true);
    const list = await call('GET', '/pagebuilder/v1/send-event');
    expect(list.body).toHaveLength(1);
    expect(list.body[0].body).toEqual(event);
  });

  it('upstream: forwards to the configured service, and without one answers 503 naming the setting', async () => {
    const forwarded = await call('GET', '/tmpl-library/v1/categories', { query: { platform: 'builder' } });
    expect(forwarded.body).toEqual({ categories: ['Landing', 'Blog'] });
    expect(upstreamCalls.at(-1)).toEqual({ method: 'GET', url: '/library/categories?platform=builder', body: '' });
    const missing = await call('GET', '/tmpl-library/v1/logo-generation/data');
    expect(missing.status).toBe(503);
    expect(missing.body).toMatchObject({ code: 'rest_upstream_not_configured', data: { status: 503, setting: 'tmpl_library_ai_url' } });
  });
});

describe('untyped params holding objects', () => {
  const trap = { toString: 'x' };

  it('collection: a record key that is an object names no record (400), not a 500', async () => {
    const res = await call('POST', '/formsuite/v1/plugin-status', { body: { plugin: trap }, query: { _method: 'GET' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { plugin: expect.any(String) } } });
  });

  it('catalog: paging that is an object is refused as not an integer (400), not a 500', async () => {
    const res = await call('POST', '/blocks-kit/v1/products', { body: { per_page: trap }, query: { _method: 'GET' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });
});

describe('permissions', () => {
  it('refuses the forms list to anonymous callers (401) and subscribers (403)', async () => {
    const anonymous = await call('GET', '/formsuite/v1/forms', { role: 'anonymous' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('rest_forbidden');
    const subscriber = await call('GET', '/formsuite/v1/forms', { role: 'subscriber' });
    expect(subscriber.status).toBe(403);
    expect(subscriber.body).toMatchObject({ code: 'rest_forbidden', data: { status: 403 } });
    expect((await call('POST', '/pagebuilder/v1/variables/create', { role: 'editor', body: { type: 'color', label: 'x', value: 'y' } })).status).toBe(403);
  });
});

describe('after a restart on the same data folder', () => {
  it('keeps every behaviour\'s state, the forms and the variables', async () => {
    const form = await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Kept form', status: 'publish' } });
    const variable = await call('POST', '/pagebuilder/v1/variables/create', { body: { type: 'color', label: 'Kept', value: '#abc' } });
    await server.close();
    await start();

    expect((await call('GET', '/formsuite/v1/onboarding/get-status')).body).toEqual({ status: 'completed', step: 4 });
    expect((await call('GET', '/pagebuilder/v1/globals/colors/brand')).body.value).toBe('#112233');
    expect((await call('GET', '/pagebuilder/v1/globals/colors/secondary')).status).toBe(404);
    expect((await call('POST', '/pagebuilder/v1/library/connect', { body: { token: 'new' } })).body.status).toBe('connected');
    expect((await call('GET', '/pagebuilder/v1/send-event')).body).toHaveLength(1);
    expect((await call('GET', '/formsuite/v1/forms', { query: { search: 'Kept form' } })).body.map((f: { id: number }) => f.id)).toEqual([form.body.id]);
    const vars = (await call('GET', '/pagebuilder/v1/variables/list')).body.data;
    expect(vars.variables[variable.body.data.variable.id]).toMatchObject({ label: 'Kept', value: '#abc' });
    expect(vars.watermark).toBe(variable.body.data.watermark);
    // This start has no upstream configured: the same endpoint now names its setting.
    expect((await call('GET', '/tmpl-library/v1/categories')).status).toBe(503);
  });
});
