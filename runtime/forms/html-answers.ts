/**
 * Answers for a browser that posted the rendered form without JavaScript: the form's HTML POST
 * (urlencoded or multipart, asking for text/html) gets a 303 to the form's confirmation address
 * or to the confirmation page, and an error as an HTML page with the error's status, instead of
 * JSON a person cannot read. Script clients (JSON bodies, or Accept without text/html) keep JSON.
 */
import Handlebars from 'handlebars';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RestError } from '../rest/errors.ts';
import type { HandlerContext, RestResponse } from '../rest/types.ts';

const templateFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../templates/forms/page.hbs');
let compiled: Handlebars.TemplateDelegate | undefined;

const FORM_POST = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** Whether the request is a page's form post from a browser that reads HTML. */
export function wantsHtmlAnswer(ctx: HandlerContext<unknown>): boolean {
  return FORM_POST.test(ctx.request.headers['content-type'] ?? '') && acceptsHtml(ctx);
}

export function acceptsHtml(ctx: HandlerContext<unknown>): boolean {
  return /\btext\/html\b/i.test(ctx.request.headers.accept ?? '');
}

interface PageView {
  kind: 'confirmation' | 'error';
  heading: string;
  message: string;
  problems?: string[];
  back?: string;
}

export function htmlPage(status: number, view: PageView, headers: Record<string, string> = {}): RestResponse {
  compiled ??= Handlebars.compile(fs.readFileSync(templateFile, 'utf8'), { strict: false });
  return { status, headers: { 'Cache-Control': 'no-store', ...headers }, body: null, raw: { contentType: 'text/html; charset=UTF-8', data: compiled(view) } };
}

/** Post/Redirect/Get: a reload of the page shown next does not submit again. */
export function seeOther(location: string): RestResponse {
  return { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' }, body: null, raw: { contentType: 'text/html; charset=UTF-8', data: '' } };
}

/** The page of a refused submission: the message, one line per field problem, a link back when the browser said where from. */
export function errorPage(ctx: HandlerContext<unknown>, err: RestError, heading = 'Your submission was not sent'): RestResponse {
  const params = err.data.params;
  const problems = typeof params === 'object' && params !== null ? Object.values(params as Record<string, unknown>).map(String) : [];
  const referer = ctx.request.headers.referer ?? '';
  return htmlPage(err.status, {
    kind: 'error',
    heading,
    message: err.message,
    problems,
    back: /^https?:\/\//i.test(referer) ? referer : undefined,
  }, err.headers);
}
