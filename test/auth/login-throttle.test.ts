import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { loginBlockedFor, MAX_FAILURES, recordLoginFailure, WINDOW_SECONDS } from '../../runtime/auth/login-throttle.ts';
import { CookieJar, hiddenField } from './http-fixtures.ts';

describe('failed logins from one address', () => {
  let server: TestServer;
  let clock = Date.parse('2026-05-01T10:00:00Z');
  beforeAll(async () => {
    server = await startTestServer();
    server.app.now = () => new Date(clock);
  });
  afterAll(() => server.close());

  async function logIn(password: string): Promise<Response> {
    const jar = new CookieJar();
    const html = await (await jar.fetch(`${server.siteUrl}/wp-login.php`)).text();
    return jar.post(`${server.siteUrl}/wp-login.php`, { log: 'test-author', pwd: password, redirect_to: '', _csrf: hiddenField(html, '_csrf') });
  }

  it('are refused with 429 after the limit, even with the right password, until the window ends', async () => {
    for (let i = 0; i < MAX_FAILURES - 1; i++) await recordLoginFailure(server.app, '127.0.0.1');
    expect((await logIn('wrong')).status).toBe(401); // the last allowed failure
    const blocked = await logIn(server.users.author.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await blocked.text()).toContain('Too many failed login attempts');
    clock += WINDOW_SECONDS * 1000;
    expect(await loginBlockedFor(server.app, '127.0.0.1')).toBe(0);
    expect((await logIn(server.users.author.password)).status).toBe(302);
  });

  it('a successful login clears the count', async () => {
    for (let i = 0; i < MAX_FAILURES - 2; i++) await recordLoginFailure(server.app, '127.0.0.1');
    expect((await logIn(server.users.author.password)).status).toBe(302);
    await recordLoginFailure(server.app, '127.0.0.1');
    expect((await logIn('wrong')).status).toBe(401);
    expect((await logIn(server.users.author.password)).status).toBe(302);
  });
});
