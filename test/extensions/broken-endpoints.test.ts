/**
 * Regression tests of the six endpoints issue 12 found broken, each over HTTP on the studio
 * deployment, each read back where a user would look.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { clientFor } from './client.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;
/** The vendor's account service: grants an access token to /connect/authorize. */
let accounts: LoopbackServer;

beforeAll(async () => {
  accounts = await startLoopbackServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/connect/authorize') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'vendor-access-token-0001', account: 'studio' }));
      res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server = await startTestServer({ deployment: 'studio', config: { upstreams: { pagebuilder_one_connect_url: accounts.url } } });
  call = clientFor(server);
});
afterAll(async () => {
  await server?.close();
  await accounts?.close();
});

describe('the six broken endpoints', () => {
  it('pagebuilder-one/v1/connect/switch-domain: refused before connecting, done once connected', async () => {
    const before = await call('POST', '/pagebuilder-one/v1/connect/switch-domain');
    expect(before.status).toBe(409);
    expect(before.body).toMatchObject({ code: 'rest_action_requires', data: { status: 409, field: 'status' } });
    const authorized = await call('POST', '/pagebuilder-one/v1/connect/authorize');
    expect(authorized.body).toEqual({ account: 'studio', status: 'connected' });
    const switched = await call('POST', '/pagebuilder-one/v1/connect/switch-domain');
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ status: 'connected', domain: 'switched', access_token: '••••0001' });
    expect((await call('GET', '/pagebuilder-one/v1/settings')).body.connection).toMatchObject({ status: 'connected', domain: 'switched' });
  });

  it('pagebuilder/v1/favorites keeps each favorite slug and its kind', async () => {
    const marked = await call('POST', '/pagebuilder/v1/favorites/widgets', { role: 'editor', body: { favorite: 'heading' } });
    expect(marked.body).toMatchObject({ id: 'heading', kind: 'widgets' });
    await call('POST', '/pagebuilder/v1/favorites/widgets', { role: 'editor', body: { favorite: 'image' } });
    const list = await call('GET', '/pagebuilder/v1/favorites', { role: 'editor' });
    expect(list.body.map((f: { id: string; kind: string }) => [f.id, f.kind])).toEqual([
      ['heading', 'widgets'],
      ['image', 'widgets'],
    ]);
    expect((await call('DELETE', '/pagebuilder/v1/favorites/widgets', { role: 'editor', body: { favorite: 'heading' } })).body.deleted).toBe(true);
    expect((await call('GET', '/pagebuilder/v1/favorites', { role: 'editor' })).body.map((f: { id: string }) => f.id)).toEqual(['image']);
  });

  it('formsuite/v1/plugin-status answers every plugin: not installed, then what the install and activate actions wrote', async () => {
    const never = await call('GET', '/formsuite/v1/plugin-status', { query: { plugin: 'site-mailer' } });
    expect(never.status).toBe(200);
    expect(never.body).toEqual({ id: 'site-mailer', installed: 'no', status: 'not-installed' });
    await call('POST', '/pagebuilder-one/v1/plugins', { body: { slug: 'site-mailer' } });
    expect((await call('GET', '/formsuite/v1/plugin-status', { query: { plugin: 'site-mailer' } })).body).toMatchObject({ id: 'site-mailer', installed: 'yes' });
    await call('POST', '/pagebuilder-one/v1/plugins/site-mailer/activate');
    expect((await call('GET', '/formsuite/v1/plugin-status', { query: { plugin: 'site-mailer' } })).body).toMatchObject({ installed: 'yes', status: 'active' });
  });

  it('tmpl-library/v1/saved-templates lists what create-template made, and its delete removes it', async () => {
    expect((await call('GET', '/tmpl-library/v1/saved-templates')).body).toEqual([]);
    const created = await call('POST', '/tmpl-library/v1/create-template', { body: { platform: 'builder', type: 'header', title: 'Top bar' } });
    expect(created.status).toBe(201);
    const listed = await call('GET', '/tmpl-library/v1/saved-templates');
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, title: 'Top bar', type: 'header', platform: 'builder' })]);
    const deleted = await call('POST', '/tmpl-library/v1/saved-templates/delete', { body: { id: created.body.id } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: true, previous: { title: 'Top bar' } });
    expect((await call('GET', '/tmpl-library/v1/saved-templates')).body).toEqual([]);
    expect((await call('POST', '/tmpl-library/v1/saved-templates/delete', { body: { id: created.body.id } })).status).toBe(404);
  });
});
