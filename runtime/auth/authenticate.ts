/**
 * Decides who a REST request runs as, before routing, as WordPress's determine_current_user and
 * rest_authentication_errors do:
 * 1. HTTP Basic with login (or email) and an application password: that user, or a 401 naming
 *    what was wrong. Only where the deployment offers application passwords.
 * 2. Otherwise the session cookie: that user only with a valid `wp_rest` nonce (X-WP-Nonce
 *    header or _wpnonce param). Without a nonce the request is anonymous (a third-party page
 *    cannot ride the cookie); with a bad one it is refused with 403.
 */
import type { App, RestRequest } from '../rest/types.ts';
import type { CurrentUser } from './current-user.ts';
import { makeCurrentUser } from './current-user.ts';
import { authError, RestError } from '../rest/errors.ts';
import { findUserByEmail, findUserByLogin, loadCurrentUser, type UserRow } from './users.ts';
import { matchApplicationPassword, recordApplicationPasswordUse } from './application-passwords.ts';
import { findSession, SESSION_COOKIE, verifyNonce } from './sessions.ts';
import { accountOf, loginBlockedFor, recordLoginFailure, throttledError } from './login-throttle.ts';

export async function authenticate(app: App, request: RestRequest): Promise<CurrentUser | null> {
  const basic = parseBasicAuth(request.headers.authorization);
  if (basic) return authenticateApplicationPassword(app, basic.user, basic.password, request.ip);
  return authenticateCookie(app, request);
}

/** `Authorization: Basic base64(user:password)`; anything else is not Basic credentials. */
export function parseBasicAuth(header: string | undefined): { user: string; password: string } | null {
  const m = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A loose version of WordPress's is_email, enough to pick which error to answer. */
function looksLikeEmail(name: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(name);
}

/**
 * Basic credentials, throttled like the login form (login-throttle.ts): a throttled attempt is
 * refused with 429 before any password check; each failure counts.
 */
export async function authenticateApplicationPassword(app: App, name: string, password: string, ip?: string): Promise<CurrentUser> {
  const user = await findLogin(app, name);
  const attempt = { account: accountOf(user?.id, name), ip: ip ?? '' };
  const wait = await loginBlockedFor(app, attempt);
  if (wait > 0) throw throttledError(wait);
  try {
    return await checkApplicationPassword(app, name, user, password, ip);
  } catch (err) {
    if (err instanceof RestError && err.code !== 'application_passwords_disabled') await recordLoginFailure(app, attempt);
    throw err;
  }
}

async function findLogin(app: App, name: string): Promise<UserRow | undefined> {
  const user = await findUserByLogin(app.db, name);
  return user ?? (looksLikeEmail(name) ? await findUserByEmail(app.db, name) : undefined);
}

/**
 * The password check alone, without the throttle: it costs the same work whether or not the
 * login exists, so that timing does not tell logins apart (the timing test measures this).
 */
export async function checkApplicationPassword(app: App, name: string, user: UserRow | undefined, password: string, ip?: string): Promise<CurrentUser> {
  if (!user) {
    await matchApplicationPassword(app.db, -1, password);
    throw authError(looksLikeEmail(name) ? 'invalid_email' : 'invalid_username');
  }
  if (!app.deployment.authentication.applicationPasswords) throw authError('application_passwords_disabled');
  const match = await matchApplicationPassword(app.db, user.id, password);
  if (!match) throw authError('incorrect_password');
  await recordApplicationPasswordUse(app.db, match, ip, app.now());
  return makeCurrentUser(user, 'application-password');
}

async function authenticateCookie(app: App, request: RestRequest): Promise<CurrentUser | null> {
  // Most requests carry no session cookie: anonymous, without asking the clock or the store.
  const cookie = request.cookies?.[SESSION_COOKIE];
  if (!cookie) return null;
  const session = await findSession(app.db, cookie, app.now());
  if (!session) return null;
  // WordPress looks at the _wpnonce param first, then the header.
  const nonce = stringParam(request.query._wpnonce) ?? stringParam(request.body?._wpnonce) ?? formBodyNonce(request) ?? request.headers['x-wp-nonce'];
  if (nonce === undefined) return null;
  if (!(await verifyNonce(app.db, nonce, 'wp_rest', session, app.now()))) throw authError('rest_cookie_invalid_nonce');
  return loadCurrentUser(app.db, session.userId, 'cookie');
}

/** WordPress reads _wpnonce from $_REQUEST, so a urlencoded form body may carry it too. */
function formBodyNonce(request: RestRequest): string | undefined {
  if (!request.rawBody || !String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return undefined;
  return new URLSearchParams(request.rawBody.toString('utf8')).get('_wpnonce') ?? undefined;
}

function stringParam(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
