/**
 * The administrator's operations on form entries: list (filters, sorting, paging), read
 * status, trash and restore, delete, CSV export, details and log.
 */
import { stringify } from 'csv-stringify/sync';
import { csvSafeCell } from './csv-safe-cell.ts';
import type { Zone } from 'luxon';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { gmtFromLocal, gmtNow, siteZone } from '../content/dates.ts';
import { findForm } from './form-store.ts';
import { containsText } from '../linking/text-match.ts';
import { addLog, presentEntry, requireEntry, type EntryRow } from './entry-store.ts';
import { looseNumber } from '../rest/loose-params.ts';
import { asResult } from '../rest/answer.ts';

const ORDER_COLUMNS: Record<string, keyof EntryRow> = {
  ID: 'id', id: 'id', form_id: 'form_id', user_id: 'user_id', status: 'status', type: 'type', created_at: 'created_at', updated_at: 'updated_at',
};

/**
 * A day of the date filters, in the site's time zone, as the GMT bound entries are stored in:
 * an administrator's "entries of the 3rd" are those of the 3rd where the site is.
 */
function dayBound(name: string, value: unknown, zone: Zone, time: string): string {
  const day = String(value).slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) {
    throw restError('rest_invalid_param', [name], { params: { [name]: `${name} is not a date (YYYY-MM-DD).` } });
  }
  return gmtFromLocal(`${day} ${time}`, zone);
}

/** The filters the entries list and the CSV export share: a form (0: all), a status ('all': all but trashed), a search text and a date range. */
export type EntryFilterParams = { form_id: number; status: string; search: string; date_from: string; date_to: string };

async function filtered(ctx: HandlerContext<EntryFilterParams>, explicitIds: number[] = []) {
  const p = ctx.params;
  let q = ctx.app.db.selectFrom('form_entries');
  if (explicitIds.length) return q.where('id', 'in', explicitIds);
  if (Number(p.form_id ?? 0) > 0) q = q.where('form_id', '=', Number(p.form_id));
  const status = String(p.status ?? 'all');
  q = status === 'all' ? q.where('status', '!=', 'trash') : q.where('status', '=', status);
  if (p.search) q = q.where(containsText('data', String(p.search)));
  if (p.date_from || p.date_to) {
    const zone = await siteZone(ctx.app.db);
    if (p.date_from) q = q.where('created_at', '>=', dayBound('date_from', p.date_from, zone, '00:00:00'));
    if (p.date_to) q = q.where('created_at', '<=', dayBound('date_to', p.date_to, zone, '23:59:59'));
  }
  return q;
}

/**
 * Page and page size as LIMIT and OFFSET SQLite takes: whole numbers from 1 (anything else reads
 * as the default), the offset held within 2^53. page × per_page of two huge
 * values went past SQLite's 64-bit integers ("datatype mismatch", a 500); such a page is empty.
 */
function pageWindow(page: unknown, perPage: unknown, defaultPerPage: number): { perPage: number; offset: number } {
  const whole = (v: unknown, fallback: number) => {
    const n = typeof v === 'number' || typeof v === 'string' ? Math.floor(Number(v)) : Number.NaN;
    return Number.isFinite(n) ? Math.min(Math.max(1, n), Number.MAX_SAFE_INTEGER) : fallback;
  };
  const size = whole(perPage, defaultPerPage);
  return { perPage: size, offset: Math.min((whole(page, 1) - 1) * size, Number.MAX_SAFE_INTEGER) };
}

/** The filters, a column and direction to sort by, and the page. */
export type EntryListParams = EntryFilterParams & {
  orderby: string;
  order: 'ASC' | 'DESC';
  per_page: number;
  page: number;
};

export async function listEntries<R>(ctx: HandlerContext<EntryListParams>): Promise<HandlerResult<R>> {
  const { perPage, offset } = pageWindow(ctx.params.page, ctx.params.per_page, 20);
  const q = await filtered(ctx);
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const column = ORDER_COLUMNS[String(ctx.params.orderby ?? 'created_at')] ?? 'created_at';
  const direction = String(ctx.params.order ?? 'DESC').toUpperCase() === 'ASC' ? 'asc' : 'desc';
  const rows = await q.selectAll().orderBy(column, direction).orderBy('id', direction).limit(perPage).offset(offset).execute();
  return asResult<R>(rows.map(presentEntry), { headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(Math.max(1, Math.ceil(total / perPage))) } });
}

/**
 * `entry_ids` (untyped in the spec) arrives as an array, a PHP map or a comma-separated string;
 * only numbers and numeric strings among them are ids (an object item is skipped, not converted).
 */
function entryIds(value: unknown): number[] {
  const items = Array.isArray(value) ? value : typeof value === 'object' && value !== null ? Object.values(value) : String(value ?? '').split(/[\s,]+/);
  const ids = items.filter((v) => typeof v === 'number' || typeof v === 'string').map(Number);
  return [...new Set(ids.filter((n) => Number.isSafeInteger(n) && n > 0))];
}

async function setStatus<R>(ctx: HandlerContext<unknown>, ids: number[], status: string, log: string): Promise<HandlerResult<R>> {
  if (!ids.length) throw restError('rest_invalid_param', ['entry_ids'], { params: { entry_ids: 'entry_ids must name at least one entry.' } });
  const now = ctx.app.now();
  await ctx.app.db.transaction().execute(async (trx) => {
    for (const id of ids) await requireEntry(trx, id);
    await trx.updateTable('form_entries').set({ status, updated_at: gmtNow(now) }).where('id', 'in', ids).execute();
    for (const id of ids) await addLog(trx, id, log, now);
  });
  return asResult<R>({ updated: ids, status });
}

/**
 * The entries to change (`entry_ids`: the spec gives it no type; see entryIds) and the action.
 * `action` stays a string: it is checked here too, for a message naming the two allowed.
 */
export type EntryReadStatusParams = { entry_ids: unknown; action: string };
export type EntryTrashParams = { entry_ids: unknown; action: string };
export type EntryDeleteParams = { entry_ids: unknown };

export async function setReadStatus<R>(ctx: HandlerContext<EntryReadStatusParams>): Promise<HandlerResult<R>> {
  const action = String(ctx.params.action);
  if (action !== 'read' && action !== 'unread') throw invalidAction(action, ['read', 'unread']);
  return setStatus(ctx, entryIds(ctx.params.entry_ids), action, `Marked as ${action}.`);
}

export async function trashEntries<R>(ctx: HandlerContext<EntryTrashParams>): Promise<HandlerResult<R>> {
  const action = String(ctx.params.action);
  if (action !== 'trash' && action !== 'restore') throw invalidAction(action, ['trash', 'restore']);
  // Restored entries come back as read: they were seen before they were trashed.
  return setStatus(ctx, entryIds(ctx.params.entry_ids), action === 'trash' ? 'trash' : 'read', action === 'trash' ? 'Moved to trash.' : 'Restored from trash.');
}

function invalidAction(action: string, allowed: string[]) {
  return restError('rest_invalid_param', ['action'], { params: { action: `action is not one of ${allowed.join(' and ')}.` }, received: action });
}

export async function deleteEntries<R>(ctx: HandlerContext<EntryDeleteParams>): Promise<HandlerResult<R>> {
  const ids = entryIds(ctx.params.entry_ids);
  if (!ids.length) throw restError('rest_invalid_param', ['entry_ids'], { params: { entry_ids: 'entry_ids must name at least one entry.' } });
  await ctx.app.db.transaction().execute(async (trx) => {
    for (const id of ids) await requireEntry(trx, id);
    await trx.deleteFrom('form_entry_logs').where('entry_id', 'in', ids).execute();
    await trx.deleteFrom('form_entries').where('id', 'in', ids).execute();
  });
  return asResult<R>({ deleted: true, entry_ids: ids });
}

/** CSV of the chosen entries (or of the filter), one column per field seen in any of them. */
/** The entries chosen (empty: those the filters match) and the filters. */
export type EntryExportParams = EntryFilterParams & { entry_ids: unknown[] };

export async function exportEntries<R>(ctx: HandlerContext<EntryExportParams>): Promise<HandlerResult<R>> {
  const rows = (await (await filtered(ctx, entryIds(ctx.params.entry_ids))).selectAll().orderBy('id', 'asc').execute()).map(presentEntry);
  const fieldNames = [...new Set(rows.flatMap((r) => Object.keys(r.data)))];
  const header = ['id', 'form_id', 'status', 'created_at', ...fieldNames.map(csvSafeCell)];
  const records = rows.map((r) => [r.id, r.form_id, r.status, r.created_at, ...fieldNames.map((f) => csvSafeCell(r.data[f]))]);
  const csv = stringify([header, ...records]);
  return {
    status: 200,
    headers: { 'Content-Disposition': 'attachment; filename="entries.csv"' },
    body: null,
    raw: { contentType: 'text/csv; charset=UTF-8', data: csv },
  };
}


/** The entry the path names (a capture of digits the spec gives no type, so read loosely). */
export type EntryReadParams = { id: unknown };
/** The entry, and the page of its log. */
export type EntryLogParams = { id: unknown; per_page: number; page: number };

export async function entryDetails<R>(ctx: HandlerContext<EntryReadParams>): Promise<HandlerResult<R>> {
  const entry = presentEntry(await requireEntry(ctx.app.db, looseNumber(ctx.params.id)));
  const form = await findForm(ctx.app.db, entry.form_id);
  return asResult<R>({ ...entry, form_title: form?.title ?? '', fields: form?.fields ?? [] });
}

export async function entryLogs<R>(ctx: HandlerContext<EntryLogParams>): Promise<HandlerResult<R>> {
  const id = looseNumber(ctx.params.id);
  await requireEntry(ctx.app.db, id);
  const { perPage, offset } = pageWindow(ctx.params.page, ctx.params.per_page, 3);
  const base = ctx.app.db.selectFrom('form_entry_logs').where('entry_id', '=', id);
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const logs = await base.selectAll().orderBy('id', 'desc').limit(perPage).offset(offset).execute();
  return asResult<R>(logs.map((l) => ({ id: l.id, message: l.message, created_at: l.created_at.replace(' ', 'T') })), { headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(Math.max(1, Math.ceil(total / perPage))) } });
}
