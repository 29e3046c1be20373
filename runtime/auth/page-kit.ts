/**
 * What every auth page needs: rendering a handlebars template inside the layout with safe
 * headers, reading a urlencoded form body (the HTTP layer hands bodies over as bytes), the
 * visitor's session, and the CSRF cookie + token of a form.
 */
import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../rest/types.ts';
import { parseQueryString } from '../rest/query-string.ts';
import { CSRF_COOKIE, csrfToken, newCsrfCookieValue, verifyCsrfToken } from './csrf.ts';
import { findSession, SESSION_COOKIE, type Session } from './sessions.ts';
import { findUserById, type UserRow } from './users.ts';

const TEMPLATE_DIR = path.resolve(import.meta.dirname, '..', '..', 'templates', 'auth');
const handlebars = Handlebars.create();
const compiled = new Map<string, Handlebars.TemplateDelegate>();

function template(name: string): Handlebars.TemplateDelegate {
  let t = compiled.get(name);
  if (!t) {
    t = handlebars.compile(fs.readFileSync(path.join(TEMPLATE_DIR, `${name}.hbs`), 'utf8'), { strict: false });
    compiled.set(name, t);
  }
  return t;
}

/** Sends `name` rendered in the layout. Pages carry secrets (passwords, nonces): no caching, no framing, no referrer. */
export function sendPage(reply: FastifyReply, app: App, name: string, title: string, data: Record<string, unknown>, status = 200): FastifyReply {
  const body = template(name)({ siteName: app.deployment.site.name, ...data });
  const html = template('layout')({ title, siteName: app.deployment.site.name, body });
  return securityHeaders(reply).code(status).type('text/html; charset=UTF-8').send(html);
}

export function securityHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-cache, must-revalidate, max-age=0, no-store, private')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    // No form-action: approving must be able to redirect to the application's own address.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
}

export function redirect(reply: FastifyReply, location: string): FastifyReply {
  return securityHeaders(reply).code(302).header('location', location).send();
}

/** Fields of a urlencoded form post (anything else reads as an empty form). */
export function formFields(req: FastifyRequest): Record<string, unknown> {
  const type = String(req.headers['content-type'] ?? '');
  if (!Buffer.isBuffer(req.body) || !type.startsWith('application/x-www-form-urlencoded')) return {};
  return parseQueryString(req.body.toString('utf8'));
}

export function queryFields(req: FastifyRequest): Record<string, unknown> {
  return parseQueryString(req.url.split('?')[1] ?? '');
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export interface Visitor {
  session?: Session;
  user?: UserRow;
}

export async function currentVisitor(app: App, req: FastifyRequest): Promise<Visitor> {
  const session = await findSession(app.db, req.cookies?.[SESSION_COOKIE], app.now());
  if (!session) return {};
  const user = await findUserById(app.db, session.userId);
  return user ? { session, user } : {};
}

export function secureCookies(app: App): boolean {
  return app.config.siteUrl.startsWith('https:');
}

/** The form token for `action`, setting the CSRF cookie first when the browser has none. */
export async function issueCsrf(app: App, req: FastifyRequest, reply: FastifyReply, action: string, visitor: Visitor): Promise<string> {
  let cookie = req.cookies?.[CSRF_COOKIE];
  if (!cookie) {
    cookie = newCsrfCookieValue();
    reply.setCookie(CSRF_COOKIE, cookie, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies(app) });
  }
  return csrfToken(app.db, cookie, action, visitor.session?.tokenHash);
}

export function checkCsrf(app: App, req: FastifyRequest, fields: Record<string, unknown>, action: string, visitor: Visitor): Promise<boolean> {
  return verifyCsrfToken(app.db, req.cookies?.[CSRF_COOKIE], fields._csrf, action, visitor.session?.tokenHash);
}

export function sitePath(app: App, p: string): string {
  return `${app.config.siteUrl}${p}`;
}
