/**
 * Cookie sessions and WordPress-style nonces.
 *
 * The cookie carries a random token; the database keeps only its SHA-256, so a leaked database
 * does not leak live sessions. A nonce is an HMAC of (time tick, action, user, session), valid
 * for the current and the previous half-day tick as in WordPress (12 to 24 hours), and useless
 * outside the session it was made for.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { hmac } from './secret.ts';

export { SESSION_COOKIE } from '../../contract/cookies.ts';
import { SESSION_COOKIE } from '../../contract/cookies.ts';
/** WordPress keeps a login for two days unless "remember me" asks for fourteen. */
export const SESSION_SECONDS = 2 * 24 * 3600;
export const REMEMBER_SECONDS = 14 * 24 * 3600;
const TICK_SECONDS = 12 * 3600;

export interface Session {
  userId: number;
  /** SHA-256 of the cookie token; nonces are bound to it. */
  tokenHash: string;
}

function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

function dbTime(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  options: { remember?: boolean; now?: Date } = {},
): Promise<{ cookieName: string; cookieValue: string; nonce: string; maxAge: number }> {
  const now = options.now ?? new Date();
  const maxAge = options.remember ? REMEMBER_SECONDS : SESSION_SECONDS;
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenHash = sha256(token);
  // Logins are rare enough to sweep expired sessions here instead of in a timer.
  await db.deleteFrom('sessions').where('expires', '<=', dbTime(now)).execute();
  await db.insertInto('sessions').values({
    token_hash: tokenHash,
    user_id: userId,
    created: dbTime(now),
    expires: dbTime(new Date(now.getTime() + maxAge * 1000)),
  }).execute();
  const nonce = await createNonce(db, 'wp_rest', { userId, tokenHash }, now);
  return { cookieName: SESSION_COOKIE, cookieValue: token, nonce, maxAge };
}

/** The live session a cookie value names, or undefined (unknown, expired). */
export async function findSession(db: Kysely<Database>, cookieValue: string | undefined, now = new Date()): Promise<Session | undefined> {
  if (!cookieValue) return undefined;
  const row = await db.selectFrom('sessions').select(['user_id', 'token_hash'])
    .where('token_hash', '=', sha256(cookieValue)).where('expires', '>', dbTime(now)).executeTakeFirst();
  return row ? { userId: row.user_id, tokenHash: row.token_hash } : undefined;
}

export async function destroySession(db: Kysely<Database>, cookieValue: string | undefined): Promise<void> {
  if (!cookieValue) return;
  await db.deleteFrom('sessions').where('token_hash', '=', sha256(cookieValue)).execute();
}

export async function destroyUserSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export interface FreshSession {
  cookieName: string;
  cookieValue: string;
  nonce: string;
  maxAge: number;
  /** The old session was a "remember me" one: the new cookie outlives the browser too. */
  remember: boolean;
}

/**
 * A password change ends every session of the account, as WordPress's login cookies stop
 * matching a changed password. When the caller changed their own password through one of those
 * sessions (`callerCookie`), the caller stays signed in on a fresh session that lasts as long as
 * the old one was meant to (remembered or not), so a copy of the old cookie dies with the rest.
 * Returns that fresh session, or undefined when nobody gets one.
 */
export async function endSessionsForNewPassword(db: Kysely<Database>, userId: number, callerCookie: string | undefined, now = new Date()): Promise<FreshSession | undefined> {
  const own = callerCookie
    ? await db.selectFrom('sessions').select(['user_id', 'expires'])
      .where('token_hash', '=', sha256(callerCookie)).where('expires', '>', dbTime(now)).executeTakeFirst()
    : undefined;
  await destroyUserSessions(db, userId);
  if (!own || own.user_id !== userId) return undefined;
  const left = (Date.parse(`${own.expires.replace(' ', 'T')}Z`) - now.getTime()) / 1000;
  const remember = left > SESSION_SECONDS;
  return { ...(await createSession(db, userId, { remember, now })), remember };
}

/** The Set-Cookie value of a session, with the attributes the login page gives it. */
export function sessionCookieHeader(session: FreshSession, secure: boolean): string {
  const parts = [`${session.cookieName}=${session.cookieValue}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (secure) parts.push('Secure');
  if (session.remember) parts.push(`Max-Age=${session.maxAge}`);
  return parts.join('; ');
}

function tick(now: Date): number {
  return Math.ceil(now.getTime() / 1000 / TICK_SECONDS);
}

async function nonceAt(db: Kysely<Database>, t: number, action: string, session: Session): Promise<string> {
  const mac = await hmac(db, `nonce|${t}|${action}|${session.userId}|${session.tokenHash}`);
  return mac.slice(-12, -2); // ten hex characters, the length WordPress nonces have
}

export function createNonce(db: Kysely<Database>, action: string, session: Session, now = new Date()): Promise<string> {
  return nonceAt(db, tick(now), action, session);
}

/** 1: made in this tick; 2: in the previous one; false: not valid (as wp_verify_nonce answers). */
export async function verifyNonce(db: Kysely<Database>, nonce: string | undefined, action: string, session: Session, now = new Date()): Promise<1 | 2 | false> {
  if (!nonce) return false;
  const t = tick(now);
  for (const [age, candidate] of [[1, t], [2, t - 1]] as const) {
    const expected = await nonceAt(db, candidate, action, session);
    if (expected.length === nonce.length && crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(nonce))) return age;
  }
  return false;
}
