/**
 * `/wp-login.php`: the login form (sets the session cookie) and `?action=logout` (a confirmation
 * form, since logging out by a bare link would let any page log a visitor out).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../rest/types.ts';
import { createSession, destroySession, SESSION_COOKIE } from './sessions.ts';
import { findUserByLoginOrEmail, verifyPassword } from './users.ts';
import { sameSiteRedirect } from './redirect-urls.ts';
import { accountOf, clearLoginFailures, loginBlockedFor, recordLoginFailure } from './login-throttle.ts';
import { checkCsrf, currentVisitor, formFields, issueCsrf, queryFields, redirect, secureCookies, sendPage, sitePath, str, type Visitor } from './page-kit.ts';

export const LOGIN_PATH = '/wp-login.php';
export const ACCOUNT_PATH = '/wp-admin/';

/** The login page address that returns to `target` afterwards. */
export function loginUrl(app: App, target?: string): string {
  return target ? `${sitePath(app, LOGIN_PATH)}?redirect_to=${encodeURIComponent(target)}` : sitePath(app, LOGIN_PATH);
}

export function registerLoginPage(fastify: FastifyInstance, app: App): void {
  fastify.route({
    method: ['GET', 'POST'],
    url: LOGIN_PATH,
    handler: async (req, reply) => {
      const query = queryFields(req);
      const visitor = await currentVisitor(app, req);
      if (query.action === 'logout') return req.method === 'POST' ? logout(app, req, reply, visitor) : logoutForm(app, req, reply, visitor);
      if (req.method === 'POST') return login(app, req, reply, visitor);
      const target = sameSiteRedirect(query.redirect_to, app.config.siteUrl);
      if (visitor.user && target) return redirect(reply, target);
      const message = query.loggedout === 'true' ? 'You are now logged out.' : undefined;
      return loginForm(app, req, reply, visitor, { redirectTo: target ?? '', message });
    },
  });
}

async function loginForm(app: App, req: FastifyRequest, reply: FastifyReply, visitor: Visitor, data: { redirectTo: string; login?: string; error?: string; message?: string }, status = 200) {
  const csrf = await issueCsrf(app, req, reply, 'login', {});
  return sendPage(reply, app, 'login', 'Log in', { ...data, csrf, formAction: LOGIN_PATH, loggedInAs: visitor.user?.login }, status);
}

async function login(app: App, req: FastifyRequest, reply: FastifyReply, visitor: Visitor) {
  const fields = formFields(req);
  const name = str(fields.log).trim();
  const password = str(fields.pwd);
  const redirectTo = sameSiteRedirect(fields.redirect_to, app.config.siteUrl) ?? '';
  if (!(await checkCsrf(app, req, fields, 'login', {}))) {
    return loginForm(app, req, reply, visitor, { redirectTo, login: name, error: 'The form expired or came from another site. Please try again.' }, 403);
  }
  if (!name || !password) {
    return loginForm(app, req, reply, visitor, { redirectTo, login: name, error: 'Enter your username or email address and your password.' }, 400);
  }
  const user = await findUserByLoginOrEmail(app.db, name);
  const attempt = { account: accountOf(user?.id, name), ip: req.ip };
  const blocked = await loginBlockedFor(app, attempt);
  if (blocked > 0) {
    const minutes = Math.ceil(blocked / 60);
    reply.header('retry-after', String(blocked));
    const wait = blocked < 60 ? `${blocked} second${blocked === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    return loginForm(app, req, reply, visitor, { redirectTo, login: name, error: `Too many failed login attempts. Try again in ${wait}.` }, 429);
  }
  // verifyPassword spends a full hash check even without a user, so timing reveals nothing;
  // one message for both failures, so the wording reveals nothing either.
  const ok = await verifyPassword(user?.password_hash, password);
  if (!user || !ok) {
    await recordLoginFailure(app, attempt);
    return loginForm(app, req, reply, visitor, { redirectTo, login: name, error: 'Unknown username or email address, or wrong password.' }, 401);
  }
  await clearLoginFailures(app, attempt);
  if (visitor.session) await destroySession(app.db, req.cookies[SESSION_COOKIE]);
  const session = await createSession(app.db, user.id, { remember: fields.rememberme === 'forever', now: app.now() });
  reply.setCookie(session.cookieName, session.cookieValue, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(app),
    ...(fields.rememberme === 'forever' ? { maxAge: session.maxAge } : {}),
  });
  return redirect(reply, redirectTo || sitePath(app, ACCOUNT_PATH));
}

async function logoutForm(app: App, req: FastifyRequest, reply: FastifyReply, visitor: Visitor) {
  if (!visitor.user) return redirect(reply, `${sitePath(app, LOGIN_PATH)}?loggedout=true`);
  const csrf = await issueCsrf(app, req, reply, 'logout', visitor);
  return sendPage(reply, app, 'logout', 'Log out', { login: visitor.user.login, csrf, formAction: `${LOGIN_PATH}?action=logout` });
}

async function logout(app: App, req: FastifyRequest, reply: FastifyReply, visitor: Visitor) {
  if (visitor.user && !(await checkCsrf(app, req, formFields(req), 'logout', visitor))) return logoutForm(app, req, reply, visitor);
  await destroySession(app.db, req.cookies?.[SESSION_COOKIE]);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  return redirect(reply, `${sitePath(app, LOGIN_PATH)}?loggedout=true`);
}
