/**
 * A visitor's side of the form suite: submitting a published form (each value checked against
 * its field) and the confirmation the browser asks for right after.
 */
import { RestError, restError } from '../rest/errors.ts';
import { asResult } from '../rest/answer.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { gmtNow } from '../content/dates.ts';
import { findForm } from './form-store.ts';
import { fieldProblem } from './field-validation.ts';
import { addLog, requireEntry } from './entry-store.ts';
import { looseNumber } from '../rest/loose-params.ts';
import { formsGlobalSettings } from './global-settings.ts';
import { guardSubmission, HONEYPOT_FIELD } from './spam-guard.ts';
import { notifyOfEntry } from './notification.ts';
import { errorPage, htmlPage, seeOther, wantsHtmlAnswer, acceptsHtml } from './html-answers.ts';

/** Params of submit-form that are not field values. */
const NOT_FIELDS = new Set(['form_id', 'form-id', '_wpnonce', '_fields', '_envelope', '_embed', '_method', 'rest_route', HONEYPOT_FIELD]);

/**
 * A visitor's submission: JSON for scripts; for the rendered form posted by a browser without
 * JavaScript, a 303 to the form's `confirmation_url` (or to the confirmation page), and errors
 * as an HTML page.
 */
/**
 * A submission's params: the form (`form_id`, or `form-id` as the rendered form names it) and
 * the visitor's values, keyed by the form's own field names, so an open map, as the spec
 * declares the body.
 */
export type SubmissionParams = { form_id?: unknown; 'form-id'?: unknown; [field: string]: unknown };

export async function submitForm<R>(ctx: HandlerContext<SubmissionParams>): Promise<HandlerResult<R>> {
  if (!wantsHtmlAnswer(ctx)) {
    const receipt = await submitJson(ctx);
    return asResult<R>(receipt.data, receipt);
  }
  try {
    const res = await submitJson(ctx);
    const own = String(res.data.confirmation_url ?? '');
    return seeOther(own || res.data.after_submission);
  } catch (err) {
    if (err instanceof RestError) return errorPage(ctx, err);
    throw err;
  }
}

async function submitJson(ctx: HandlerContext<SubmissionParams>) {
  const formId = Number(ctx.params.form_id ?? ctx.params['form-id']);
  const form = Number.isInteger(formId) && formId > 0 ? await findForm(ctx.app.db, formId) : undefined;
  if (!form || form.status !== 'publish') throw restError('rest_form_invalid_id', [], { form_id: ctx.params.form_id ?? null });
  const settings = await formsGlobalSettings(ctx);
  await guardSubmission(ctx, settings);

  const values: Record<string, unknown> = {};
  const declared = form.fields.map((f) => (typeof f === 'object' && f !== null ? (f as Record<string, unknown>) : {}));
  if (declared.length) {
    const problems: Record<string, string> = {};
    for (const field of declared) {
      const name = String(field.name ?? '');
      const value = ctx.params[name];
      const problem = fieldProblem(field, value);
      if (problem) problems[name] = problem;
      if (name && value !== undefined) values[name] = value;
    }
    if (Object.keys(problems).length) throw restError('rest_invalid_param', [Object.keys(problems).join(', ')], { params: problems });
  } else {
    for (const [k, v] of Object.entries(ctx.params)) if (!NOT_FIELDS.has(k)) values[k] = v;
  }

  const now = ctx.app.now();
  const entryId = await ctx.app.db.transaction().execute(async (trx) => {
    const stamp = gmtNow(now);
    const res = await trx
      .insertInto('form_entries')
      .values({ form_id: form.id, user_id: ctx.user?.id ?? 0, status: 'unread', type: 'submission', data: JSON.stringify(values), created_at: stamp, updated_at: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = res.id;
    await addLog(trx, id, 'Entry submitted.', now);
    return id;
  });
  // Not awaited: the visitor's answer does not wait for the mail server (the outcome goes to the entry's log).
  void notifyOfEntry(ctx.app, entryId, form, values, settings);
  return {
    status: 201,
    data: {
      success: true,
      entry_id: entryId,
      form_id: form.id,
      message: String(form.settings.confirmation_message ?? 'Thank you! Your submission has been received.'),
      after_submission: `${ctx.app.config.restUrl}/formsuite/v1/after-submission/${entryId}`,
      ...(confirmationUrl(form.settings) && { confirmation_url: confirmationUrl(form.settings) }),
    },
  };
}

/** The form's own thank-you address (form settings `confirmation_url`), when it is a web address. */
function confirmationUrl(settings: Record<string, unknown>): string | undefined {
  const url = settings.confirmation_url;
  return typeof url === 'string' && /^https?:\/\//i.test(url) && URL.canParse(url) ? url : undefined;
}

/** How long after submitting the visitor's browser may still ask for the confirmation. */
const CONFIRMATION_WINDOW_MS = 60 * 60 * 1000;

/**
 * The confirmation a visitor sees after submitting: never the submitted values themselves,
 * and only for a recent submission, so entry ids cannot be walked to learn about old ones.
 */
/** The entry just created (a capture of digits the spec gives no type, so read loosely). */
export type ConfirmationParams = { submission_id: unknown };

export async function afterSubmission<R>(ctx: HandlerContext<ConfirmationParams>): Promise<HandlerResult<R>> {
  if (!acceptsHtml(ctx)) return asResult<R>((await confirmationJson(ctx)).data);
  // The page a browser lands on after the no-JavaScript submit (303 from submit-form).
  try {
    const res = await confirmationJson(ctx);
    return htmlPage(200, { kind: 'confirmation', heading: res.data.form_title || 'Thank you', message: res.data.message });
  } catch (err) {
    if (err instanceof RestError) return errorPage(ctx, err, 'This confirmation is no longer available');
    throw err;
  }
}

async function confirmationJson(ctx: HandlerContext<ConfirmationParams>) {
  const entry = await requireEntry(ctx.app.db, looseNumber(ctx.params.submission_id));
  const age = ctx.app.now().getTime() - Date.parse(`${entry.created_at.replace(' ', 'T')}Z`);
  if (!(age <= CONFIRMATION_WINDOW_MS)) throw restError('rest_entry_invalid_id', [], { entry_id: entry.id });
  const form = await findForm(ctx.app.db, entry.form_id);
  return {
    data: {
      entry_id: entry.id,
      form_id: entry.form_id,
      form_title: form?.title ?? '',
      message: String(form?.settings.confirmation_message ?? 'Thank you! Your submission has been received.'),
    },
  };
}
