import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../runtime/auth/authenticate.ts';
import { createNonce, createSession, findSession, SESSION_COOKIE, verifyNonce } from '../../runtime/auth/sessions.ts';
import type { RestError } from '../../runtime/rest/errors.ts';
import type { RestRequest } from '../../runtime/rest/types.ts';
import { authTestSite, type AuthTestSite } from './auth-app.ts';

function withCookie(cookie: string, extra: Partial<RestRequest> = {}): RestRequest {
  return { method: 'POST', route: '/core/v2/posts', headers: {}, query: {}, cookies: { [SESSION_COOKIE]: cookie }, ...extra };
}

describe('a session cookie with a wp_rest nonce', () => {
  let site: AuthTestSite;
  let session: Awaited<ReturnType<typeof createSession>>;
  beforeAll(async () => {
    site = await authTestSite();
    session = await createSession(site.app.db, site.users.author.id);
  });
  afterAll(() => site.close());

  it('is that user with a valid X-WP-Nonce header or _wpnonce param', async () => {
    const byHeader = await authenticate(site.app, withCookie(session.cookieValue, { headers: { 'x-wp-nonce': session.nonce } }));
    expect(byHeader?.id).toBe(site.users.author.id);
    expect(byHeader?.via).toBe('cookie');
    const byParam = await authenticate(site.app, withCookie(session.cookieValue, { query: { _wpnonce: session.nonce } }));
    expect(byParam?.id).toBe(site.users.author.id);
  });

  it('is anonymous without a nonce, so another site cannot ride the cookie', async () => {
    expect(await authenticate(site.app, withCookie(session.cookieValue))).toBeNull();
  });

  it('is refused with 403 rest_cookie_invalid_nonce when the nonce is wrong', async () => {
    const err = (await authenticate(site.app, withCookie(session.cookieValue, { headers: { 'x-wp-nonce': 'deadbeef00' } })).catch((e) => e)) as RestError;
    expect(err.toBody()).toEqual({ code: 'rest_cookie_invalid_nonce', message: 'Cookie check failed', data: { status: 403 } });
  });

  it('a nonce of another session does not work', async () => {
    const other = await createSession(site.app.db, site.users.author.id);
    const err = (await authenticate(site.app, withCookie(session.cookieValue, { headers: { 'x-wp-nonce': other.nonce } })).catch((e) => e)) as RestError;
    expect(err.code).toBe('rest_cookie_invalid_nonce');
  });

  it('an unknown or expired cookie is anonymous', async () => {
    expect(await authenticate(site.app, withCookie('not-a-session', { headers: { 'x-wp-nonce': session.nonce } }))).toBeNull();
    const old = await createSession(site.app.db, site.users.editor.id, { now: new Date(Date.now() - 3 * 24 * 3600 * 1000) });
    expect(await findSession(site.app.db, old.cookieValue)).toBeUndefined();
  });

  it('a nonce lives for the current and the previous half-day tick, as WordPress\'s', async () => {
    const s = (await findSession(site.app.db, session.cookieValue))!;
    const t0 = new Date('2026-03-01T00:00:01Z');
    const nonce = await createNonce(site.app.db, 'wp_rest', s, t0);
    expect(await verifyNonce(site.app.db, nonce, 'wp_rest', s, t0)).toBe(1);
    expect(await verifyNonce(site.app.db, nonce, 'wp_rest', s, new Date(t0.getTime() + 12 * 3600e3))).toBe(2);
    expect(await verifyNonce(site.app.db, nonce, 'wp_rest', s, new Date(t0.getTime() + 24 * 3600e3))).toBe(false);
    expect(await verifyNonce(site.app.db, nonce, 'log-out', s, t0)).toBe(false);
  });

  it('application-password credentials win over a cookie', async () => {
    const req = withCookie(session.cookieValue, { headers: { authorization: `Basic ${Buffer.from('the-editor:wrong').toString('base64')}`, 'x-wp-nonce': session.nonce } });
    const err = (await authenticate(site.app, req).catch((e) => e)) as RestError;
    expect(err.code).toBe('incorrect_password');
  });
});
