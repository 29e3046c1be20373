/**
 * The form suite's form operations (list, export, import, manage, duplicate, track-view,
 * settings, markup). Generated handlers call these from their preserved regions.
 */
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { deleteForm, findForm, FORM_TYPE, insertForm, isPublishedForm, previousStatus, setFormStatus, updateSettings, type FormRecord } from './form-store.ts';
import { countView } from './view-batches.ts';
import { renderFormMarkup } from './markup.ts';
import { formsGlobalSettings } from './global-settings.ts';
import { HONEYPOT_FIELD } from './spam-guard.ts';
import { containsText } from '../linking/text-match.ts';
import { looseNumber, looseText } from '../rest/loose-params.ts';
import { asResult } from '../rest/answer.ts';
import { isObjectParam } from '../rest/object-param.ts';

/** A form as the admin screens read it, with the counters they sort by. */
function present(form: FormRecord) {
  const conversion = form.views > 0 ? Math.round((form.entries / form.views) * 10000) / 100 : 0;
  return {
    id: form.id,
    title: form.title,
    status: form.status,
    author: form.author,
    date: form.date,
    modified: form.modified,
    views: form.views,
    entries: form.entries,
    conversion_rate: conversion,
    fields: form.fields,
    settings: form.settings,
  };
}

type Presented = ReturnType<typeof present>;

const SORTERS: Record<string, (a: Presented, b: Presented) => number> = {
  date: (a, b) => String(a.date).localeCompare(String(b.date)) || a.id - b.id,
  modified: (a, b) => String(a.modified).localeCompare(String(b.modified)) || a.id - b.id,
  id: (a, b) => a.id - b.id,
  title: (a, b) => a.title.localeCompare(b.title) || a.id - b.id,
  views: (a, b) => a.views - b.views || a.id - b.id,
  conversion_rate: (a, b) => a.conversion_rate - b.conversion_rate || a.id - b.id,
};

/** What the forms list reads (`GET /forms`): its filters, sort and page; `per_page` has no default. */
export type FormListParams = {
  page: number;
  per_page?: number;
  search?: string;
  status: 'publish' | 'draft' | 'trash' | 'any';
  orderby: string;
  order: 'asc' | 'desc';
  date_from?: string;
  date_to?: string;
};

export async function listForms<R>(ctx: HandlerContext<FormListParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const statuses = p.status === 'any' ? ['publish', 'draft', 'private'] : [String(p.status ?? 'publish')];
  let q = ctx.app.db.selectFrom('posts').select('id').where('type', '=', FORM_TYPE).where('status', 'in', statuses);
  if (p.search) q = q.where(containsText('title', String(p.search)));
  if (p.date_from) q = q.where('date', '>=', `${String(p.date_from)} 00:00:00`);
  if (p.date_to) q = q.where('date', '<=', `${String(p.date_to)} 23:59:59`);
  const ids = (await q.execute()).map((r) => r.id);
  // Forms per site are few and two sort keys are computed counters: sort the whole set here.
  const forms = (await Promise.all(ids.map((id) => findForm(ctx.app.db, id)))).filter((f): f is FormRecord => !!f).map(present);
  const sorter = SORTERS[String(p.orderby ?? 'date')] ?? SORTERS.date;
  forms.sort(sorter);
  if (String(p.order ?? 'desc').toLowerCase() === 'desc') forms.reverse();
  const perPage = Number(p.per_page ?? 10);
  const page = Number(p.page ?? 1);
  const total = forms.length;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  return asResult<R>(forms.slice((page - 1) * perPage, page * perPage), { headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) } });
}

/** `post_ids` arrives as an array, a PHP map, or a comma-separated string, of ids; other items are skipped. */
function idList(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : looseText(value).split(/[\s,]+/);
  return [...new Set(items.map(looseNumber).filter((n) => Number.isSafeInteger(n) && n > 0))];
}

async function requireForm(ctx: HandlerContext<unknown>, id: number): Promise<FormRecord> {
  const form = await findForm(ctx.app.db, id);
  if (!form) throw restError('rest_form_invalid_id', [], { form_id: id });
  return form;
}

/** `post_ids`: the forms to export, as a list or a comma-separated string. */
export type FormExportParams = { post_ids: string | unknown[] };

export async function exportForms<R>(ctx: HandlerContext<FormExportParams>): Promise<HandlerResult<R>> {
  const ids = idList(ctx.params.post_ids);
  if (!ids.length) throw restError('rest_invalid_param', ['post_ids'], { params: { post_ids: 'post_ids must name at least one form.' } });
  const forms = [];
  for (const id of ids) {
    const form = await requireForm(ctx, id);
    forms.push({ title: form.title, status: form.status, fields: form.fields, settings: form.settings });
  }
  return asResult<R>({ version: 1, exported: new Date(ctx.app.now()).toISOString(), forms });
}

/** The exported forms to create again, and the status those that say none get. */
export type FormImportParams = { forms_data: unknown[]; default_status: 'publish' | 'draft' | 'private' };

export async function importForms<R>(ctx: HandlerContext<FormImportParams>): Promise<HandlerResult<R>> {
  const items = ctx.params.forms_data;
  const status = String(ctx.params.default_status ?? 'draft');
  const created = await ctx.app.db.transaction().execute(async (trx) => {
    const out: Array<{ id: number; title: string }> = [];
    for (const [i, raw] of items.entries()) {
      if (typeof raw !== 'object' || raw === null) throw restError('rest_invalid_param', ['forms_data'], { params: { forms_data: `forms_data[${i}] is not an object.` } });
      const item = raw as Record<string, unknown>;
      const title = typeof item.title === 'string' && item.title.trim() ? item.title : `Imported form ${i + 1}`;
      const id = await insertForm(trx, {
        title,
        status,
        author: ctx.user?.id ?? 0,
        fields: Array.isArray(item.fields) ? item.fields : [],
        settings: typeof item.settings === 'object' && item.settings !== null ? (item.settings as Record<string, unknown>) : {},
      }, ctx.app.now());
      out.push({ id, title });
    }
    return out;
  });
  return asResult<R>({ imported: created.length, forms: created }, { status: 201 });
}

/** The forms to act on (one id or a list) and what to do with them. */
export type FormManageParams = { form_ids: number | unknown[]; action: 'draft' | 'trash' | 'restore' | 'delete' };

const MANAGE: Record<FormManageParams['action'], (ctx: HandlerContext<unknown>, trx: Parameters<typeof setFormStatus>[0], id: number) => Promise<void>> = {
  trash: (ctx, trx, id) => setFormStatus(trx, id, 'trash', ctx.app.now()),
  draft: (ctx, trx, id) => setFormStatus(trx, id, 'draft', ctx.app.now()),
  restore: async (ctx, trx, id) => setFormStatus(trx, id, await previousStatus(trx, id), ctx.app.now()),
  delete: (_ctx, trx, id) => deleteForm(trx, id),
};

export async function manageForms<R>(ctx: HandlerContext<FormManageParams>): Promise<HandlerResult<R>> {
  const ids = idList(ctx.params.form_ids);
  const action = ctx.params.action;
  for (const id of ids) await requireForm(ctx, id);
  await ctx.app.db.transaction().execute(async (trx) => {
    for (const id of ids) await MANAGE[action](ctx, trx, id);
  });
  return asResult<R>({ action, updated: ids });
}

/** The form to copy, and what its copy's title gets after the original's. */
export type FormDuplicateParams = { form_id: number; title_suffix: string };

export async function duplicateForm<R>(ctx: HandlerContext<FormDuplicateParams>): Promise<HandlerResult<R>> {
  const source = await requireForm(ctx, Number(ctx.params.form_id));
  const suffix = String(ctx.params.title_suffix ?? ' (Copy)');
  const id = await insertForm(ctx.app.db, {
    title: `${source.title}${suffix}`,
    status: 'draft',
    author: ctx.user?.id ?? source.author,
    fields: source.fields,
    settings: source.settings,
  }, ctx.app.now());
  return asResult<R>(present((await findForm(ctx.app.db, id))!), { status: 201 });
}

/** The published form a visitor saw. */
export type FormViewParams = { form_id: number };

export async function trackView<R>(ctx: HandlerContext<FormViewParams>): Promise<HandlerResult<R>> {
  const id = Number(ctx.params.form_id);
  if (!(await isPublishedForm(ctx.app.db, id))) throw restError('rest_form_invalid_id', [], { form_id: id });
  // Counted with the views that arrive meanwhile, in one write transaction (view-batches.ts).
  return asResult<R>({ form_id: id, views: await countView(ctx.app.db, id) });
}

/** The form (`post_id`) and the settings merged into its own (`meta_data`, an object). */
export type FormSettingsParams = { post_id: number; meta_data: object };

export async function saveFormSettings<R>(ctx: HandlerContext<FormSettingsParams>): Promise<HandlerResult<R>> {
  const form = await requireForm(ctx, Number(ctx.params.post_id));
  // Merged in a write transaction: two concurrent saves of different settings both keep theirs.
  const settings = await ctx.app.db.transaction().execute((trx) => updateSettings(trx, form.id, isObjectParam(ctx.params.meta_data) ? ctx.params.meta_data : {}, ctx.app.now()));
  return asResult<R>({ post_id: form.id, settings });
}

/** The form whose markup is rendered. */
export type FormMarkupParams = { id: number };

export async function formMarkup<R>(ctx: HandlerContext<FormMarkupParams>): Promise<HandlerResult<R>> {
  const form = await requireForm(ctx, Number(ctx.params.id));
  const { honeypot } = await formsGlobalSettings(ctx);
  return asResult<R>({ id: form.id, markup: renderFormMarkup(form, ctx.app.config.restUrl, honeypot ? HONEYPOT_FIELD : '') });
}

/** `create-new-form`: a body the document does not describe; title and fields are taken when present. */
/**
 * The fields of that undescribed body a create takes when present (any other is ignored): an
 * open map, as the spec declares the body.
 */
export type FormCreateParams = { title?: unknown; status?: unknown; fields?: unknown; settings?: unknown; [field: string]: unknown };

export async function createForm<R>(ctx: HandlerContext<FormCreateParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const id = await insertForm(ctx.app.db, {
    title: typeof p.title === 'string' && p.title.trim() ? p.title : 'Untitled form',
    status: p.status === 'publish' ? 'publish' : 'draft',
    author: ctx.user?.id ?? 0,
    fields: Array.isArray(p.fields) ? p.fields : [],
    settings: isObjectParam(p.settings) ? p.settings : {},
  }, ctx.app.now());
  return asResult<R>(present((await findForm(ctx.app.db, id))!), { status: 201 });
}

export { present as presentForm, requireForm };
