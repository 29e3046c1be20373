/**
 * `/wp-admin/authorize-application.php`, the address the discovery document advertises: a
 * logged-in person approves or rejects an application's request for an application password.
 * Query: app_name, app_id (a UUID), success_url, reject_url. Approving redirects to success_url
 * with site_url, user_login and password, or shows the password when there is no success_url;
 * rejecting redirects to reject_url with success=false.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../rest/types.ts';
import { ApplicationPasswordError, createApplicationPassword, normalizeApplicationPassword } from './application-passwords.ts';
import { applicationRedirectProblem, withQueryArgs } from './redirect-urls.ts';
import { ACCOUNT_PATH, loginUrl } from './login-page.ts';
import { checkCsrf, currentVisitor, formFields, issueCsrf, queryFields, redirect, sendPage, sitePath, str, type Visitor } from './page-kit.ts';

export const AUTHORIZE_PATH = '/wp-admin/authorize-application.php';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface AuthorizeRequest {
  appName: string;
  appId: string;
  successUrl: string;
  rejectUrl: string;
}

function readRequest(fields: Record<string, unknown>): AuthorizeRequest {
  return { appName: str(fields.app_name).trim(), appId: str(fields.app_id).trim(), successUrl: str(fields.success_url).trim(), rejectUrl: str(fields.reject_url).trim() };
}

/** What is wrong with the request, as WordPress checks it before showing anything. */
export function authorizeRequestProblems(r: AuthorizeRequest): string[] {
  const problems: string[] = [];
  if (r.successUrl) { const p = applicationRedirectProblem(r.successUrl, 'success'); if (p) problems.push(p); }
  if (r.rejectUrl) { const p = applicationRedirectProblem(r.rejectUrl, 'rejection'); if (p) problems.push(p); }
  if (r.appId && !UUID.test(r.appId)) problems.push('The application ID must be a UUID.');
  return problems;
}

function requestUrl(app: App, r: AuthorizeRequest): string {
  const url = new URL(sitePath(app, AUTHORIZE_PATH));
  if (r.appName) url.searchParams.set('app_name', r.appName);
  if (r.appId) url.searchParams.set('app_id', r.appId);
  if (r.successUrl) url.searchParams.set('success_url', r.successUrl);
  if (r.rejectUrl) url.searchParams.set('reject_url', r.rejectUrl);
  return url.href;
}

export function registerAuthorizeApplicationPage(fastify: FastifyInstance, app: App): void {
  fastify.route({
    method: ['GET', 'POST'],
    url: AUTHORIZE_PATH,
    handler: async (req, reply) => {
      if (!app.deployment.authentication.applicationPasswords) {
        return sendPage(reply, app, 'message', 'Cannot authorize application', { heading: 'Cannot authorize application', kind: 'error', text: 'Application passwords are not available.' }, 501);
      }
      const r = readRequest(req.method === 'POST' ? formFields(req) : queryFields(req));
      const problems = authorizeRequestProblems(r);
      if (problems.length) {
        return sendPage(reply, app, 'message', 'Cannot authorize application', { heading: 'Cannot authorize application', kind: 'error', text: `The Authorize Application request is not allowed. ${problems.join(' ')}` }, 400);
      }
      const visitor = await currentVisitor(app, req);
      if (!visitor.user) return redirect(reply, loginUrl(app, requestUrl(app, r)));
      if (req.method === 'POST') return decide(app, req, reply, visitor, r);
      return authorizeForm(app, req, reply, visitor, r);
    },
  });
}

async function authorizeForm(app: App, req: FastifyRequest, reply: FastifyReply, visitor: Visitor, r: AuthorizeRequest, error?: string, status = 200) {
  const csrf = await issueCsrf(app, req, reply, 'authorize-application', visitor);
  const successHost = r.successUrl ? new URL(r.successUrl).host || r.successUrl : '';
  return sendPage(reply, app, 'authorize-application', 'Authorize application', { ...r, login: visitor.user!.login, successHost, csrf, error, formAction: AUTHORIZE_PATH }, status);
}

async function decide(app: App, req: FastifyRequest, reply: FastifyReply, visitor: Visitor, r: AuthorizeRequest) {
  const fields = formFields(req);
  if (!(await checkCsrf(app, req, fields, 'authorize-application', visitor))) {
    return authorizeForm(app, req, reply, visitor, r, 'The form expired or came from another site. Please decide again.', 403);
  }
  if (fields.decision === 'reject') {
    return redirect(reply, r.rejectUrl ? withQueryArgs(r.rejectUrl, { success: 'false' }) : sitePath(app, ACCOUNT_PATH));
  }
  if (fields.decision !== 'approve') return authorizeForm(app, req, reply, visitor, r, 'Choose whether to approve the connection.', 400);
  let created: { password: string };
  try {
    created = await createApplicationPassword(app.db, visitor.user!.id, r.appName, r.appId);
  } catch (err) {
    if (err instanceof ApplicationPasswordError) return authorizeForm(app, req, reply, visitor, r, err.message, 400);
    throw err;
  }
  app.logger.info({ user: visitor.user!.login, app: r.appName }, 'application password created by authorization');
  if (r.successUrl) {
    return redirect(reply, withQueryArgs(r.successUrl, {
      site_url: app.config.siteUrl,
      user_login: visitor.user!.login,
      password: normalizeApplicationPassword(created.password),
    }));
  }
  return sendPage(reply, app, 'application-password-created', 'Application password created', {
    appName: r.appName, password: created.password, login: visitor.user!.login, adminUrl: sitePath(app, ACCOUNT_PATH),
  });
}
