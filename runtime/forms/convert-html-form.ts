/**
 * `convert-html-form`: makes a draft form from a form that exists elsewhere as HTML. The
 * client's parser sends the fields it found; when it says its confidence is low (or found
 * nothing) and sends the markup, the markup is parsed here instead.
 */
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { findForm, insertForm } from './form-store.ts';
import { presentForm } from './forms.ts';
import { DEFAULT_FORM_SETTINGS, fieldTypeOf, uniqueName, type FormField } from './field-types.ts';
import { fieldsFromHtml } from './html-form-fields.ts';
import { asResult } from '../rest/answer.ts';

function fromParsed(list: unknown[]): FormField[] {
  const taken = new Set<string>();
  return list.map((raw, i) => {
    if (!raw || typeof raw !== 'object') {
      throw restError('rest_invalid_param', ['parsed_fields'], { params: { parsed_fields: `parsed_fields[${i}] is not an object.` } });
    }
    const f = raw as Record<string, unknown>;
    const label = String(f.label ?? f.name ?? `Field ${i + 1}`);
    const type = fieldTypeOf(String(f.type ?? 'text'));
    const options = Array.isArray(f.options) ? f.options.map((o) => String(o && typeof o === 'object' ? ((o as Record<string, unknown>).label ?? '') : o)) : [];
    return { name: uniqueName(String(f.name ?? label), taken), label, type, required: f.required === true, ...(type === 'select' && { options }) };
  });
}

/** What the client's parser sends: the fields it found, how sure it is, the markup, and the new form's title, submit text and styling. */
export type ConvertHtmlFormParams = {
  parsed_fields?: unknown[];
  submit_text: string;
  confidence: string;
  html?: string;
  form_title: string;
  styling?: object;
};

export async function convertHtmlForm<R>(ctx: HandlerContext<ConvertHtmlFormParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const parsed = Array.isArray(p.parsed_fields) ? p.parsed_fields : [];
  const useHtml = typeof p.html === 'string' && p.html.trim() !== '' && (p.confidence === 'low' || parsed.length === 0);
  const fromMarkup = useHtml && typeof p.html === 'string' ? fieldsFromHtml(p.html) : undefined;
  const fields = fromMarkup ? fromMarkup.fields : fromParsed(parsed);
  if (!fields.length) throw restError('rest_form_conversion_empty');

  const submitText = String(p.submit_text ?? '') || fromMarkup?.submitText || DEFAULT_FORM_SETTINGS.submit_text;
  const settings: Record<string, unknown> = { ...DEFAULT_FORM_SETTINGS, submit_text: submitText };
  if (p.styling && typeof p.styling === 'object') settings.styling = p.styling;
  const title = String(p.form_title ?? '').trim() || 'Converted form';
  const id = await insertForm(ctx.app.db, { title, status: 'draft', author: ctx.user?.id ?? 0, fields, settings }, ctx.app.now());
  return asResult<R>({ ...presentForm((await findForm(ctx.app.db, id))!), source: fromMarkup ? 'html' : 'parsed_fields' }, { status: 201 });
}
