/**
 * Forms are content items of type `formsuite_form`: title, status (publish, draft, trash),
 * dates and author come from `posts`; fields, settings and counters live in post meta.
 * This file is the only one that knows that layout.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { gmtNow, localFromGmt, restDate, siteZone } from '../content/dates.ts';
import { FORM_VIEWS_META } from './view-counter.ts';
import { loadPostFacts } from '../auth/capabilities.ts';
import { lockRows } from '../store/write-guards.ts';

export const FORM_TYPE = 'formsuite_form';
type Db = Kysely<Database> | Transaction<Database>;

export interface FormRecord {
  id: number;
  title: string;
  status: string;
  author: number;
  date: string | null;
  modified: string | null;
  fields: unknown[];
  settings: Record<string, unknown>;
  views: number;
  entries: number;
}

const META_FIELDS = '_formsuite_fields';
const META_SETTINGS = '_formsuite_settings';
const META_VIEWS = FORM_VIEWS_META;
const META_PREVIOUS_STATUS = '_formsuite_trash_meta_status';

export async function findForm(db: Db, id: number): Promise<FormRecord | undefined> {
  const row = await db.selectFrom('posts').selectAll().where('id', '=', id).where('type', '=', FORM_TYPE).executeTakeFirst();
  if (!row) return undefined;
  const meta = await readMeta(db, id);
  const entries = await db.selectFrom('form_entries').select((eb) => eb.fn.countAll().as('n')).where('form_id', '=', id).where('status', '!=', 'trash').executeTakeFirstOrThrow();
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    author: row.author,
    date: restDate(row.date_gmt),
    modified: restDate(row.modified_gmt),
    fields: (meta[META_FIELDS] as unknown[]) ?? [],
    settings: (meta[META_SETTINGS] as Record<string, unknown>) ?? {},
    views: Number(meta[META_VIEWS] ?? 0),
    entries: Number(entries.n),
  };
}

async function readMeta(db: Db, postId: number): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('postmeta').select(['meta_key', 'meta_value']).where('post_id', '=', postId).execute();
  return Object.fromEntries(rows.map((r) => [r.meta_key, JSON.parse(r.meta_value) as unknown]));
}

export async function writeMeta(db: Db, postId: number, key: string, value: unknown): Promise<void> {
  await db.deleteFrom('postmeta').where('post_id', '=', postId).where('meta_key', '=', key).execute();
  await db.insertInto('postmeta').values({ post_id: postId, meta_key: key, meta_value: JSON.stringify(value) }).execute();
}

export interface NewForm {
  title: string;
  status: string;
  author: number;
  fields?: unknown[];
  settings?: Record<string, unknown>;
}

export async function insertForm(db: Db, form: NewForm, now: Date): Promise<number> {
  const gmt = gmtNow(now);
  const local = localFromGmt(gmt, await siteZone(db));
  const res = await db
    .insertInto('posts')
    .values({
      author: form.author, type: FORM_TYPE, status: form.status, title: form.title,
      slug: '', content: '', excerpt: '', password: '', parent: 0, menu_order: 0,
      comment_status: 'closed', ping_status: 'closed', format: 'standard', template: '', mime_type: '', guid: '',
      date: local, date_gmt: gmt, modified: local, modified_gmt: gmt, comment_count: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = res.id;
  await writeMeta(db, id, META_FIELDS, form.fields ?? []);
  await writeMeta(db, id, META_SETTINGS, form.settings ?? {});
  return id;
}

export async function setFormStatus(db: Db, id: number, status: string, now: Date): Promise<void> {
  const current = await db.selectFrom('posts').select('status').where('id', '=', id).executeTakeFirst();
  if (status === 'trash' && current && current.status !== 'trash') await writeMeta(db, id, META_PREVIOUS_STATUS, current.status);
  await touch(db, id, now, { status });
}

/** Restoring from the trash brings back the status the form had, as WordPress untrashes to draft or the saved status. */
export async function previousStatus(db: Db, id: number): Promise<string> {
  const meta = await readMeta(db, id);
  return typeof meta[META_PREVIOUS_STATUS] === 'string' ? (meta[META_PREVIOUS_STATUS] as string) : 'draft';
}

/** Settings merged with a patch: run it inside a write transaction (a read-modify-write). */
export async function updateSettings(db: Db, id: number, patch: Record<string, unknown>, now: Date): Promise<Record<string, unknown>> {
  // The form's row locked until the commit: concurrent merges of its settings take turns.
  await lockRows(db as Kysely<Database>, 'posts', [id]);
  const meta = await readMeta(db, id);
  const settings = { ...((meta[META_SETTINGS] as Record<string, unknown>) ?? {}), ...patch };
  await writeMeta(db, id, META_SETTINGS, settings);
  await touch(db, id, now, {});
  return settings;
}

export interface FormChanges {
  title?: string;
  status?: string;
  fields?: unknown[];
  settings?: Record<string, unknown>;
}

/** One edit of a form: title and status on the post, fields replaced, settings merged; `modified` moves. */
export async function updateForm(db: Db, id: number, changes: FormChanges, now: Date): Promise<void> {
  if (changes.fields) await writeMeta(db, id, META_FIELDS, changes.fields);
  if (changes.settings) await updateSettings(db, id, changes.settings, now);
  const set: { status?: string; title?: string } = {};
  if (changes.status) set.status = changes.status;
  if (changes.title !== undefined) set.title = changes.title;
  await touch(db, id, now, set);
}

/** Whether `id` is a published form, from the post facts the process keeps (every public view asks). */
export async function isPublishedForm(db: Kysely<Database>, id: number): Promise<boolean> {
  const facts = await loadPostFacts(db, id);
  return facts?.type === FORM_TYPE && facts.status === 'publish';
}

/**
 * Read, plus `by`, written back: run it inside a transaction. The form's row is locked first, until
 * the commit, so views counted by another process meanwhile are read, never overwritten.
 */
export async function incrementViews(db: Db, id: number, by = 1): Promise<number> {
  await lockRows(db as Kysely<Database>, 'posts', [id]);
  const meta = await readMeta(db, id);
  const views = Number(meta[META_VIEWS] ?? 0) + by;
  await writeMeta(db, id, META_VIEWS, views);
  return views;
}

export async function deleteForm(db: Db, id: number): Promise<void> {
  const entryIds = db.selectFrom('form_entries').select('id').where('form_id', '=', id);
  await db.deleteFrom('form_entry_logs').where('entry_id', 'in', entryIds).execute();
  await db.deleteFrom('form_entries').where('form_id', '=', id).execute();
  await db.deleteFrom('postmeta').where('post_id', '=', id).execute();
  await db.deleteFrom('posts').where('id', '=', id).execute();
}

async function touch(db: Db, id: number, now: Date, set: { status?: string; title?: string }): Promise<void> {
  const gmt = gmtNow(now);
  const local = localFromGmt(gmt, await siteZone(db));
  await db.updateTable('posts').set({ ...set, modified: local, modified_gmt: gmt }).where('id', '=', id).execute();
}
