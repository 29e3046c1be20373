/**
 * `/wp-admin/` (who is logged in, the REST nonce, a logout link) and
 * `/wp-admin/admin-ajax.php?action=rest-nonce`, which answers a logged-in visitor's fresh
 * `wp_rest` nonce as WordPress does for the block editor, and `0` with 400 otherwise.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../rest/types.ts';
import { createNonce } from './sessions.ts';
import { LOGIN_PATH, loginUrl } from './login-page.ts';
import { currentVisitor, queryFields, formFields, redirect, securityHeaders, sendPage, sitePath } from './page-kit.ts';

export function registerAccountPages(fastify: FastifyInstance, app: App): void {
  fastify.get('/wp-admin', (_req, reply) => redirect(reply, sitePath(app, '/wp-admin/')));
  for (const url of ['/wp-admin/', '/wp-admin/index.php']) {
    fastify.get(url, async (req, reply) => {
      const visitor = await currentVisitor(app, req);
      if (!visitor.user || !visitor.session) return redirect(reply, loginUrl(app, sitePath(app, '/wp-admin/')));
      const nonce = await createNonce(app.db, 'wp_rest', visitor.session, app.now());
      return sendPage(reply, app, 'account', 'Your account', {
        login: visitor.user.login,
        roles: (JSON.parse(visitor.user.roles) as string[]).join(', '),
        nonce,
        logoutUrl: `${LOGIN_PATH}?action=logout`,
      });
    });
  }

  fastify.route({
    method: ['GET', 'POST'],
    url: '/wp-admin/admin-ajax.php',
    handler: async (req, reply) => {
      const action = queryFields(req).action ?? formFields(req).action;
      const visitor = await currentVisitor(app, req);
      securityHeaders(reply).type('text/html; charset=UTF-8');
      if (action !== 'rest-nonce' || !visitor.session) return reply.code(400).send('0');
      return reply.send(await createNonce(app.db, 'wp_rest', visitor.session, app.now()));
    },
  });
}
