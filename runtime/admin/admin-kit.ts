/**
 * What every admin page shares: its handlebars templates (`templates/admin/`), the sign-in gate
 * (WordPress's auth_redirect: not signed in → 302 to the login page, which comes back here), the
 * signed-in user as the capability checks see them, and WordPress's wp_die pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../rest/types.ts';
import { makeCurrentUser, type CurrentUser } from '../auth/current-user.ts';
import { loginUrl } from '../auth/login-page.ts';
import { currentVisitor, redirect, sendPage, sitePath } from '../auth/page-kit.ts';
import type { Session } from '../auth/sessions.ts';

const TEMPLATE_DIR = path.resolve(import.meta.dirname, '..', '..', 'templates', 'admin');
const handlebars = Handlebars.create();
const compiled = new Map<string, Handlebars.TemplateDelegate>();

export function renderAdminTemplate(name: string, data: Record<string, unknown>): string {
  let template = compiled.get(name);
  if (!template) {
    template = handlebars.compile(fs.readFileSync(path.join(TEMPLATE_DIR, `${name}.hbs`), 'utf8'), { strict: false });
    compiled.set(name, template);
  }
  return template(data);
}

/** Admin pages carry the session's nonce: never cached, never framed, no referrer. */
export function sendAdminHtml(reply: FastifyReply, html: string): FastifyReply {
  return reply
    .code(200)
    .type('text/html; charset=UTF-8')
    .header('cache-control', 'no-cache, must-revalidate, max-age=0, no-store, private')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('x-content-type-options', 'nosniff')
    .send(html);
}

export interface SignedIn {
  user: CurrentUser;
  session: Session;
}

/**
 * The signed-in user, or undefined after answering with the redirect to the login page (with
 * `reauth=1`, as auth_redirect sends it), which returns to the address asked for.
 */
export async function signedInOrRedirect(app: App, req: FastifyRequest, reply: FastifyReply): Promise<SignedIn | undefined> {
  const visitor = await currentVisitor(app, req);
  if (visitor.user && visitor.session) return { user: makeCurrentUser(visitor.user, 'cookie'), session: visitor.session };
  redirect(reply, `${loginUrl(app, sitePath(app, req.url))}&reauth=1`);
  return undefined;
}

/**
 * wp_die's page: WordPress answers 403 for a refused capability and, when it gives no status
 * (an item that does not exist, an unknown post type), 500.
 */
export function adminDie(reply: FastifyReply, app: App, message: string, status: number, heading = ''): FastifyReply {
  return sendPage(reply, app, 'message', 'Error', { heading: heading || 'Error', text: message, kind: 'error' }, status);
}
