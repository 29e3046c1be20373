/**
 * The HTML of a form, as the block or shortcode would print it: one labelled control per field,
 * everything escaped, posting to the submit-form endpoint so it works without JavaScript.
 */
import Handlebars from 'handlebars';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FormRecord } from './form-store.ts';

const templateFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../templates/forms/form.hbs');
let compiled: Handlebars.TemplateDelegate | undefined;

interface FieldView {
  name: string;
  label: string;
  type: string;
  required: boolean;
  isTextarea: boolean;
  options: string[];
  isSelect: boolean;
}

const INPUT_TYPES = new Set(['text', 'email', 'url', 'tel', 'number', 'date', 'checkbox', 'hidden', 'password']);

function fieldView(raw: unknown, i: number): FieldView {
  const f = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const declared = String(f.type ?? 'text');
  const type = declared === 'textarea' || declared === 'select' || INPUT_TYPES.has(declared) ? declared : 'text';
  const name = String(f.name ?? f.slug ?? `field_${i + 1}`);
  return {
    name,
    label: String(f.label ?? name),
    type,
    required: f.required === true,
    isTextarea: type === 'textarea',
    isSelect: type === 'select',
    options: Array.isArray(f.options) ? f.options.map(String) : [],
  };
}

/** `honeypot`: the name of the hidden bait field to print, or '' when the global settings turn it off. */
export function renderFormMarkup(form: FormRecord, restUrl: string, honeypot = ''): string {
  compiled ??= Handlebars.compile(fs.readFileSync(templateFile, 'utf8'), { strict: true });
  return compiled({
    id: form.id,
    title: form.title,
    action: `${restUrl}/formsuite/v1/submit-form`,
    submitText: String(form.settings.submit_text ?? 'Submit'),
    fields: form.fields.map(fieldView),
    honeypot,
  });
}
