import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { createApplicationPassword, revokeApplicationPassword } from '../../runtime/auth/application-passwords.ts';
import { NOTE_ROUTE } from './http-fixtures.ts';

const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

describe('application passwords over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ routes: [NOTE_ROUTE] }); });
  afterAll(() => server.close());

  const write = (headers: Record<string, string>, route = '/authtest/v1/note') =>
    fetch(`${server.restUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"a":1}' });

  it('a wrong password answers 401 incorrect_password in WordPress\'s shape, before routing', async () => {
    const res = await write(basic('test-editor', 'aaaa bbbb cccc dddd eeee ffff'));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'incorrect_password', message: 'The provided password is an invalid application password.', data: { status: 401 } });
    const unrouted = await write(basic('test-editor', 'wrong'), '/no/such/route');
    expect(unrouted.status).toBe(401);
  });

  it('an unknown user answers 401 invalid_username', async () => {
    const res = await write(basic('nobody-here', 'whatever'));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_username');
  });

  it('a revoked password stops working at once', async () => {
    const made = await createApplicationPassword(server.app.db, server.users.author.id, 'revoked over http');
    expect((await write(basic('test-author', made.password))).status).toBe(200);
    await revokeApplicationPassword(server.app.db, server.users.author.id, made.uuid);
    const res = await write(basic('test-author', made.password));
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('incorrect_password');
  });

  it('a subscriber\'s valid credentials reach the permission check: 403, and Allow lists only GET', async () => {
    const res = await write(server.authHeaders('subscriber'));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('rest_forbidden');
    const read = await fetch(`${server.restUrl}/authtest/v1/note`, { headers: server.authHeaders('subscriber') });
    expect(read.headers.get('allow')).toBe('GET');
    const asEditor = await fetch(`${server.restUrl}/authtest/v1/note`, { headers: server.authHeaders('editor') });
    expect(asEditor.headers.get('allow')).toBe('GET, POST');
  });
});
