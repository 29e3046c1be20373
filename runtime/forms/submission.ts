/**
 * A visitor's side of the form suite: submitting a published form (each value checked against
 * its field) and the confirmation the browser asks for right after.
 */
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { gmtNow } from '../content/dates.ts';
import { findForm } from './form-store.ts';
import { fieldProblem } from './field-validation.ts';
import { addLog, requireEntry } from './entry-store.ts';
import { looseNumber } from '../rest/loose-params.ts';
import { formsGlobalSettings } from './global-settings.ts';
import { guardSubmission, HONEYPOT_FIELD } from './spam-guard.ts';
import { notifyOfEntry } from './notification.ts';

/** Params of submit-form that are not field values. */
const NOT_FIELDS = new Set(['form_id', 'form-id', '_wpnonce', '_fields', '_envelope', '_embed', '_method', 'rest_route', HONEYPOT_FIELD]);

export async function submitForm(ctx: HandlerContext): Promise<HandlerResult> {
  const formId = Number(ctx.params.form_id ?? ctx.params['form-id']);
  const form = Number.isInteger(formId) && formId > 0 ? await findForm(ctx.app.db, formId) : undefined;
  if (!form || form.status !== 'publish') throw restError('rest_form_invalid_id', [], { form_id: ctx.params.form_id ?? null });
  const settings = await formsGlobalSettings(ctx);
  const refused = await guardSubmission(ctx, settings);
  if (refused) return refused;

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
    },
  };
}

/** How long after submitting the visitor's browser may still ask for the confirmation. */
const CONFIRMATION_WINDOW_MS = 60 * 60 * 1000;

/**
 * The confirmation a visitor sees after submitting: never the submitted values themselves,
 * and only for a recent submission, so entry ids cannot be walked to learn about old ones.
 */
export async function afterSubmission(ctx: HandlerContext): Promise<HandlerResult> {
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
