/**
 * CSRF tokens for the HTML forms (login, logout, authorize-application). Double-submit: a random
 * HttpOnly cookie per browser, and in each form an HMAC of that cookie, the form's action and the
 * session (when logged in). A page on another site can neither read the cookie nor compute the
 * token, so it cannot post these forms on a visitor's behalf.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { hmac } from './secret.ts';

export const CSRF_COOKIE = 'specpress_csrf';

export function newCsrfCookieValue(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export function csrfToken(db: Kysely<Database>, cookieValue: string, action: string, sessionHash = ''): Promise<string> {
  return hmac(db, `csrf|${action}|${cookieValue}|${sessionHash}`);
}

export async function verifyCsrfToken(db: Kysely<Database>, cookieValue: string | undefined, token: unknown, action: string, sessionHash = ''): Promise<boolean> {
  if (!cookieValue || typeof token !== 'string') return false;
  const expected = Buffer.from(await csrfToken(db, cookieValue, action, sessionHash));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
