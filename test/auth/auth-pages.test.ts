import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { bareDeployment } from '../../runtime/app.ts';
import { CookieJar, hiddenField, NOTE_ROUTE } from './http-fixtures.ts';

const AUTHORIZE = '/wp-admin/authorize-application.php';

async function logIn(server: TestServer, jar: CookieJar, login: string, password: string, redirectTo = ''): Promise<Response> {
  const form = await jar.fetch(`${server.siteUrl}/wp-login.php${redirectTo ? `?redirect_to=${encodeURIComponent(redirectTo)}` : ''}`);
  const html = await form.text();
  return jar.post(`${server.siteUrl}/wp-login.php`, { log: login, pwd: password, redirect_to: hiddenField(html, 'redirect_to'), _csrf: hiddenField(html, '_csrf') });
}

describe('login page and cookie sessions', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ routes: [NOTE_ROUTE] }); });
  afterAll(() => server.close());

  it('logs in with the form, and the session works for REST only with the nonce', async () => {
    const jar = new CookieJar();
    const res = await logIn(server, jar, 'test-editor', server.users.editor.password);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${server.siteUrl}/wp-admin/`);
    const nonceRes = await jar.fetch(`${server.siteUrl}/wp-admin/admin-ajax.php?action=rest-nonce`);
    expect(nonceRes.status).toBe(200);
    const nonce = await nonceRes.text();
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);

    const write = (headers: Record<string, string>) => jar.fetch(`${server.restUrl}/authtest/v1/note`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ text: 'hi' }) });
    const withNonce = await write({ 'x-wp-nonce': nonce });
    expect(withNonce.status).toBe(200);
    const without = await write({});
    expect(without.status).toBe(401);
    expect(((await without.json()) as { code: string }).code).toBe('rest_forbidden');
    const bad = await write({ 'x-wp-nonce': '0123456789' });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } });
  });

  it('a wrong password re-shows the form with 401 and sets no session', async () => {
    const jar = new CookieJar();
    const res = await logIn(server, jar, 'test-editor', 'not-the-password');
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('wrong password');
    expect(jar.get('specpress_logged_in')).toBeUndefined();
  });

  it('a login post without the form token is refused', async () => {
    const jar = new CookieJar();
    const res = await jar.post(`${server.siteUrl}/wp-login.php`, { log: 'test-editor', pwd: server.users.editor.password });
    expect(res.status).toBe(403);
    expect(jar.get('specpress_logged_in')).toBeUndefined();
  });

  it('does not redirect to another site after login', async () => {
    const jar = new CookieJar();
    const res = await logIn(server, jar, 'test-author', server.users.author.password, 'https://evil.example/');
    expect(res.headers.get('location')).toBe(`${server.siteUrl}/wp-admin/`);
  });

  it('logging out needs the confirmation form and ends the session', async () => {
    const jar = new CookieJar();
    await logIn(server, jar, 'test-author', server.users.author.password);
    const bare = await jar.post(`${server.siteUrl}/wp-login.php?action=logout`, {});
    expect(bare.status).toBe(200); // shown the confirmation form again, still logged in
    const page = await (await jar.fetch(`${server.siteUrl}/wp-login.php?action=logout`)).text();
    const out = await jar.post(`${server.siteUrl}/wp-login.php?action=logout`, { _csrf: hiddenField(page, '_csrf') });
    expect(out.status).toBe(302);
    const after = await jar.fetch(`${server.siteUrl}/wp-admin/admin-ajax.php?action=rest-nonce`);
    expect(after.status).toBe(400);
    expect(await after.text()).toBe('0');
  });
});

describe('authorize-application page', () => {
  let server: TestServer;
  beforeAll(async () => { server = await startTestServer({ routes: [NOTE_ROUTE] }); });
  afterAll(() => server.close());

  const authorizeUrl = (q: Record<string, string>) => `${server.siteUrl}${AUTHORIZE}?${new URLSearchParams(q)}`;

  it('sends a visitor who is not logged in to the login page, and back', async () => {
    const jar = new CookieJar();
    const url = authorizeUrl({ app_name: 'Phone', success_url: 'https://app.example/done' });
    const first = await jar.fetch(url);
    expect(first.status).toBe(302);
    const loginUrl = new URL(first.headers.get('location')!);
    expect(loginUrl.pathname).toBe('/wp-login.php');
    expect(loginUrl.searchParams.get('redirect_to')).toBe(url);
    const res = await logIn(server, jar, 'test-editor', server.users.editor.password, url);
    expect(res.headers.get('location')).toBe(url);
  });

  it('approving redirects to success_url with site_url, user_login and a password that works', async () => {
    const jar = new CookieJar();
    await logIn(server, jar, 'test-author', server.users.author.password);
    const page = await jar.fetch(authorizeUrl({ app_name: 'Phone <app>', app_id: '5a3c3f0e-3b1f-4a55-9d42-0d4b7d9f1a11', success_url: 'https://app.example/done?x=1', reject_url: 'https://app.example/no' }));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Phone &lt;app&gt;');
    const res = await jar.post(`${server.siteUrl}${AUTHORIZE}`, {
      app_name: hiddenField(html, 'app_name'), app_id: hiddenField(html, 'app_id'), success_url: hiddenField(html, 'success_url'),
      reject_url: hiddenField(html, 'reject_url'), _csrf: hiddenField(html, '_csrf'), decision: 'approve',
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://app.example/done');
    expect(back.searchParams.get('x')).toBe('1');
    expect(back.searchParams.get('site_url')).toBe(server.siteUrl);
    expect(back.searchParams.get('user_login')).toBe('test-author');
    const password = back.searchParams.get('password')!;
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    const write = await fetch(`${server.restUrl}/authtest/v1/note`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`test-author:${password}`).toString('base64')}` },
      body: JSON.stringify({ from: 'phone' }),
    });
    expect(write.status).toBe(200);
    const row = await server.app.db.selectFrom('application_passwords').selectAll().where('name', '=', 'Phone <app>').executeTakeFirstOrThrow();
    expect(row.app_id).toBe('5a3c3f0e-3b1f-4a55-9d42-0d4b7d9f1a11');
  });

  it('rejecting redirects to reject_url with success=false and creates nothing', async () => {
    const jar = new CookieJar();
    await logIn(server, jar, 'test-subscriber', server.users.subscriber.password);
    const html = await (await jar.fetch(authorizeUrl({ app_name: 'Rejected app', reject_url: 'https://app.example/no' }))).text();
    const res = await jar.post(`${server.siteUrl}${AUTHORIZE}`, { app_name: 'Rejected app', app_id: '', success_url: '', reject_url: 'https://app.example/no', _csrf: hiddenField(html, '_csrf'), decision: 'reject' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://app.example/no?success=false');
    const rows = await server.app.db.selectFrom('application_passwords').select('uuid').where('user_id', '=', server.users.subscriber.id).where('name', '=', 'Rejected app').execute();
    expect(rows).toHaveLength(0);
  });

  it('without success_url the new password is shown once on the page', async () => {
    const jar = new CookieJar();
    await logIn(server, jar, 'test-editor', server.users.editor.password);
    const html = await (await jar.fetch(authorizeUrl({ app_name: 'Script' }))).text();
    const res = await jar.post(`${server.siteUrl}${AUTHORIZE}`, { app_name: 'Script', app_id: '', success_url: '', reject_url: '', _csrf: hiddenField(html, '_csrf'), decision: 'approve' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(await res.text()).toMatch(/id="new-application-password">([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}</);
  });

  it('refuses an approval without the form token (another site cannot approve for you)', async () => {
    const jar = new CookieJar();
    await logIn(server, jar, 'test-editor', server.users.editor.password);
    const res = await jar.post(`${server.siteUrl}${AUTHORIZE}`, { app_name: 'Forged', success_url: 'https://evil.example/', decision: 'approve' });
    expect(res.status).toBe(403);
    const rows = await server.app.db.selectFrom('application_passwords').select('uuid').where('name', '=', 'Forged').execute();
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['http to a remote host', { success_url: 'http://app.example/done' }, 'secure connection'],
    ['a javascript: address', { reject_url: 'javascript:alert(1)' }, 'javascript'],
    ['an app_id that is not a UUID', { app_id: 'nope' }, 'UUID'],
  ])('answers 400 for %s', async (_what, q, words) => {
    const res = await fetch(authorizeUrl({ app_name: 'X', ...q }), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(words);
  });

  it('allows http to the local machine and custom app schemes', async () => {
    const jar = new CookieJar();
    await logIn(server, jar, 'test-editor', server.users.editor.password);
    for (const success of ['http://127.0.0.1:9999/cb', 'http://localhost/cb', 'myapp://auth']) {
      const res = await jar.fetch(authorizeUrl({ app_name: `Local ${success}`, success_url: success }));
      expect(res.status, success).toBe(200);
    }
  });
});

describe('authorize-application in a deployment without application passwords', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ routes: [NOTE_ROUTE] });
    (server.app as { deployment: ReturnType<typeof bareDeployment> }).deployment = bareDeployment({ authentication: { applicationPasswords: false } });
  });
  afterAll(() => server.close());

  it('answers 501 and Basic credentials are refused with application_passwords_disabled', async () => {
    const res = await fetch(`${server.siteUrl}${AUTHORIZE}?app_name=X`, { redirect: 'manual' });
    expect(res.status).toBe(501);
    const rest = await fetch(`${server.restUrl}/authtest/v1/note`, { headers: server.authHeaders('editor') });
    expect(rest.status).toBe(401);
    expect(((await rest.json()) as { code: string }).code).toBe('application_passwords_disabled');
  });
});
