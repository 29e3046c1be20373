/**
 * The HTML pages of authentication, registered on the HTTP server by the runtime
 * (`registerAuthPages(fastify, app)`): `/wp-login.php` (login, logout),
 * `/wp-admin/authorize-application.php`, `/wp-admin/` and `/wp-admin/admin-ajax.php?action=rest-nonce`.
 * Plain HTML forms from `templates/auth/*.hbs`; they work without JavaScript.
 */
import type { FastifyInstance } from 'fastify';
import type { App } from '../rest/types.ts';
import { registerLoginPage } from './login-page.ts';
import { registerAuthorizeApplicationPage } from './authorize-application-page.ts';
import { registerAccountPages } from './account-pages.ts';

export async function registerAuthPages(fastify: FastifyInstance, app: App): Promise<void> {
  registerLoginPage(fastify, app);
  registerAuthorizeApplicationPage(fastify, app);
  registerAccountPages(fastify, app);
}
