/**
 * Login throttling by account and address with exponential backoff, on the login form and on
 * HTTP Basic (application passwords); the client address from X-Forwarded-For only through a
 * trusted proxy. Nobody can lock out a bystander: a wrong password for one account never
 * delays another, and many addresses against one account slow that account only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { backoffSeconds, FORGET_AFTER_SECONDS, POLICIES } from '../../runtime/auth/login-throttle.ts';
import { makeRoute } from '../../runtime/testing/routes.ts';
import { trustedProxies } from '../../runtime/http/trust-proxy.ts';
import { CookieJar, hiddenField } from './http-fixtures.ts';

const ME = makeRoute({ namespace: 'demo/v1', path: '/demo/v1/me', endpoints: [{ methods: ['GET'], handle: async (ctx) => ({ data: { id: ctx.user?.id ?? 0 } }) }] });

function serverWithClock(trustProxy?: string[]) {
  const state = { clock: Date.parse('2026-05-01T10:00:00Z'), server: undefined as unknown as TestServer };
  return {
    state,
    start: async () => {
      state.server = await startTestServer({ routes: [ME], config: trustProxy ? { trustProxy } : {} });
      state.server.app.now = () => new Date(state.clock);
    },
  };
}

async function logIn(server: TestServer, login: string, password: string, forwardedFor?: string): Promise<Response> {
  const jar = new CookieJar();
  const forwarded: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const html = await (await jar.fetch(`${server.siteUrl}/wp-login.php`, { headers: forwarded })).text();
  const form = new URLSearchParams({ log: login, pwd: password, redirect_to: '', _csrf: hiddenField(html, '_csrf') }).toString();
  return jar.fetch(`${server.siteUrl}/wp-login.php`, { method: 'POST', headers: { ...forwarded, 'content-type': 'application/x-www-form-urlencoded' }, body: form });
}

function basic(login: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}` };
}

describe('backoff', () => {
  it('is free up to the threshold, then doubles from one second, capped', () => {
    const p = POLICIES.pair;
    expect(backoffSeconds(p, p.free)).toBe(0);
    expect([1, 2, 3, 4].map((k) => backoffSeconds(p, p.free + k))).toEqual([1, 2, 4, 8]);
    expect(backoffSeconds(p, p.free + 100)).toBe(p.capSeconds);
    expect(backoffSeconds(POLICIES.account, 10_000)).toBe(60);
  });

  it('trusted proxies are addresses or CIDR ranges; anything else is refused', () => {
    expect(trustedProxies({}, { SPECPRESS_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' })).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(trustedProxies({ trustProxy: ['::1'] }, { SPECPRESS_TRUST_PROXY: '10.0.0.1' })).toEqual(['::1']);
    expect(() => trustedProxies({}, { SPECPRESS_TRUST_PROXY: 'proxy.example' })).toThrow(/proxy\.example/);
  });
});

describe('the login form, directly connected (no trusted proxy)', () => {
  const { state, start } = serverWithClock();
  beforeAll(start, 60_000);
  afterAll(() => state.server.close());

  it('failures on one account back off that account from this address only', async () => {
    const { server } = state;
    for (let i = 0; i < POLICIES.pair.free; i++) expect((await logIn(server, 'test-author', 'wrong')).status).toBe(401);
    expect((await logIn(server, 'test-author', 'wrong')).status).toBe(401); // starts a 1 s wait
    const blocked = await logIn(server, 'test-author', server.users.author.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toBe('1');
    expect(await blocked.text()).toContain('Too many failed login attempts');
    // Another account from the very same address is not delayed at all.
    expect((await logIn(server, 'test-editor', server.users.editor.password)).status).toBe(302);
    // The wait doubles with each further failure.
    state.clock += 1000;
    expect((await logIn(server, 'test-author', 'wrong')).status).toBe(401);
    expect((await logIn(server, 'test-author', 'wrong')).headers.get('retry-after')).toBe('2');
    state.clock += 2000;
    expect((await logIn(server, 'test-author', server.users.author.password)).status).toBe(302);
    // Success cleared the account's counters: free failures again.
    expect((await logIn(server, 'test-author', 'wrong')).status).toBe(401);
    expect((await logIn(server, 'test-author', server.users.author.password)).status).toBe(302);
  });

  it('X-Forwarded-For is not believed from an untrusted peer', async () => {
    const { server } = state;
    state.clock += FORGET_AFTER_SECONDS * 1000;
    for (let i = 0; i <= POLICIES.pair.free; i++) expect((await logIn(server, 'test-contributor', 'wrong', `203.0.113.${i}`)).status).toBe(401);
    // Six "different" addresses were one: the pair counter for 127.0.0.1 is in backoff.
    expect((await logIn(server, 'test-contributor', server.users.contributor.password, '198.51.100.7')).status).toBe(429);
  });

  it('counters are forgotten an hour after the last failure', async () => {
    const { server } = state;
    state.clock += FORGET_AFTER_SECONDS * 1000;
    expect((await logIn(server, 'test-contributor', server.users.contributor.password)).status).toBe(302);
  });
});

describe('behind a trusted proxy', () => {
  const { state, start } = serverWithClock(['127.0.0.1']);
  beforeAll(start, 60_000);
  afterAll(() => state.server.close());

  it('many addresses against one account slow that account only', async () => {
    const { server } = state;
    // Each address stays under its own free failures; together they pass the account's.
    for (let i = 0; i <= POLICIES.account.free; i++) expect((await logIn(server, 'test-author', 'wrong', `203.0.113.${i}`)).status).toBe(401);
    const owner = await logIn(server, 'test-author', server.users.author.password, '198.51.100.1');
    expect(owner.status).toBe(429);
    expect(Number(owner.headers.get('retry-after'))).toBeLessThanOrEqual(POLICIES.account.capSeconds);
    // The attackers' addresses can still sign in to their own accounts.
    expect((await logIn(server, 'test-editor', server.users.editor.password, '203.0.113.1')).status).toBe(302);
    state.clock += 2000;
    expect((await logIn(server, 'test-author', server.users.author.password, '198.51.100.1')).status).toBe(302);
  });

  it('the same person behind the proxy is told apart from another by X-Forwarded-For', async () => {
    const { server } = state;
    for (let i = 0; i <= POLICIES.pair.free; i++) await logIn(server, 'test-subscriber', 'wrong', '192.0.2.50');
    expect((await logIn(server, 'test-subscriber', server.users.subscriber.password, '192.0.2.50')).status).toBe(429);
    expect((await logIn(server, 'test-subscriber', server.users.subscriber.password, '192.0.2.51')).status).toBe(302);
  });
});

describe('HTTP Basic (application passwords)', () => {
  const { state, start } = serverWithClock();
  beforeAll(start, 60_000);
  afterAll(() => state.server.close());

  it('wrong application passwords back off that account; others are untouched', async () => {
    const { server } = state;
    const me = (headers: Record<string, string>) => fetch(`${server.restUrl}/demo/v1/me`, { headers });
    for (let i = 0; i <= POLICIES.pair.free; i++) {
      const res = await me(basic('test-author', 'abcd efgh ijkl mnop qrst uvwx'));
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('incorrect_password');
    }
    const throttled = await me(basic('test-author', server.users.author.appPassword!));
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('1');
    expect(await throttled.json()).toMatchObject({ code: 'rest_too_many_login_attempts', data: { status: 429 } });
    const other = await me(basic('test-editor', server.users.editor.appPassword!));
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ id: server.users.editor.id });
    state.clock += 1000;
    expect((await me(basic('test-author', server.users.author.appPassword!))).status).toBe(200);
  });

  it('unknown names are throttled too (guessing which logins exist costs the same)', async () => {
    const { server } = state;
    const me = (headers: Record<string, string>) => fetch(`${server.restUrl}/demo/v1/me`, { headers });
    for (let i = 0; i <= POLICIES.pair.free; i++) expect((await me(basic('nobody-here', 'x'))).status).toBe(401);
    expect((await me(basic('nobody-here', 'x'))).status).toBe(429);
  });
});
