import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { bareDeployment } from '../../runtime/app.ts';
import { demoRoutes } from './fixtures/demo-routes.ts';

// A deployment without application passwords: the harness falls back to cookie sessions.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ routes: demoRoutes(), deploymentOverrides: { authentication: { applicationPasswords: false } } });
});
afterAll(async () => server?.close());

describe('test harness without application passwords', () => {
  it('acts as each role through a session cookie and nonce', async () => {
    expect(bareDeployment().authentication.applicationPasswords).toBe(true);
    expect(server.users.editor.appPassword).toBeUndefined();
    expect(server.authHeaders('editor')).toHaveProperty('x-wp-nonce');
    expect((await fetch(`${server.restUrl}/demo/v1/admin`, { headers: server.authHeaders('editor') })).status).toBe(403);
    expect((await fetch(`${server.restUrl}/demo/v1/admin`, { headers: server.authHeaders('administrator') })).status).toBe(200);
  });

  it('cookie-authenticated answers carry a fresh nonce that works', async () => {
    const res = await fetch(`${server.restUrl}/demo/v1/admin`, { headers: server.authHeaders('administrator') });
    const nonce = res.headers.get('x-wp-nonce');
    expect(nonce).toBeTruthy();
    const again = await fetch(`${server.restUrl}/demo/v1/admin`, { headers: { cookie: server.authHeaders('administrator').cookie!, 'x-wp-nonce': nonce! } });
    expect(again.status).toBe(200);
    expect((await fetch(`${server.restUrl}/demo/v1/items/1`)).headers.get('x-wp-nonce')).toBeNull();
  });

  it('a cookie without its nonce is anonymous', async () => {
    const { cookie } = server.authHeaders('administrator');
    expect((await fetch(`${server.restUrl}/demo/v1/admin`, { headers: { cookie: cookie! } })).status).toBe(401);
  });
});
