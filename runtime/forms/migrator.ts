/**
 * The migrator: lists another form plugin's forms found on this site and imports them as our
 * forms. Each imported form remembers where it came from (`_formsuite_migrated_from`), so a
 * listing shows what was imported already and `skip_existing` can leave those out.
 */
import type { Selectable } from 'kysely';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import type { PostsTable } from '../store/schema.ts';
import { insertForm, writeMeta, FORM_TYPE } from './form-store.ts';
import { SOURCE_READERS, type SourceForm } from './migrator-sources.ts';
import { DEFAULT_FORM_SETTINGS } from './field-types.ts';
import { importExportFile } from './migrator-files.ts';
import { asResult } from '../rest/answer.ts';

const MIGRATED_FROM = '_formsuite_migrated_from';
const IMPORT_STATUSES = new Set(['draft', 'publish', 'private']);

/** Every migrator route names its source plugin by `key`. */
export type MigratorSourceParams = { key: string };

function sourceOf(ctx: HandlerContext<MigratorSourceParams>) {
  const key = String(ctx.params.key ?? '');
  const catalog = ctx.app.deployment.catalogs['formsuite-migrator-sources'];
  const listed = Array.isArray(catalog) && catalog.some((s) => (s as { id?: unknown }).id === key);
  const reader = SOURCE_READERS[key];
  if (!listed || !reader) throw restError('rest_migrator_invalid_source', [key]);
  return { key, reader };
}

/** Ids of our forms already imported from each source form, keyed `<key>:<id>`. */
async function importedMap(ctx: HandlerContext<unknown>): Promise<Map<string, number>> {
  const rows = await ctx.app.db
    .selectFrom('postmeta')
    .innerJoin('posts', 'posts.id', 'postmeta.post_id')
    .select(['postmeta.post_id', 'postmeta.meta_value'])
    .where('postmeta.meta_key', '=', MIGRATED_FROM)
    .where('posts.type', '=', FORM_TYPE)
    .execute();
  return new Map(rows.map((r) => [JSON.parse(r.meta_value) as string, r.post_id]));
}

function readSafely(read: (content: string) => SourceForm, row: Selectable<PostsTable>): SourceForm | Error {
  try {
    return read(row.content);
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

export async function listSourceForms<R>(ctx: HandlerContext<MigratorSourceParams>): Promise<HandlerResult<R>> {
  const { key, reader } = sourceOf(ctx);
  const rows = await ctx.app.db.selectFrom('posts').selectAll().where('type', '=', reader.postType).where('status', '!=', 'trash').orderBy('id', 'asc').execute();
  const imported = await importedMap(ctx);
  return asResult<R>(rows.map((row) => {
          const form = readSafely(reader.read, row);
          return {
            id: row.id,
            title: row.title,
            fields_count: form instanceof Error ? 0 : form.fields.length,
            readable: !(form instanceof Error),
            imported: imported.has(`${key}:${row.id}`),
            imported_form_id: imported.get(`${key}:${row.id}`) ?? null,
          };
        }));
}

/** Per-form choices: `[{ form_id, title?, skip? }]`. */
function choicesOf(value: unknown): Map<number, { title?: string; skip?: boolean }> {
  const out = new Map<number, { title?: string; skip?: boolean }>();
  for (const item of Array.isArray(value) ? value : []) {
    if (!item || typeof item !== 'object') continue;
    const c = item as Record<string, unknown>;
    out.set(Number(c.form_id), { title: typeof c.title === 'string' && c.title.trim() ? c.title : undefined, skip: c.skip === true });
  }
  return out;
}

/**
 * The source forms to import (none: all), per-form choices, a dry run, the status given, and
 * whether forms imported before are left out. `post_status` is checked here (the spec types it
 * a string) so an unknown one is refused with the statuses allowed.
 */
export type MigratorImportParams = MigratorSourceParams & {
  form_ids: unknown[];
  dry_run: boolean;
  behavior: unknown[];
  post_status: string;
  skip_existing: boolean;
};

export async function importSourceForms<R>(ctx: HandlerContext<MigratorImportParams>): Promise<HandlerResult<R>> {
  const { key, reader } = sourceOf(ctx);
  const p = ctx.params;
  const status = String(p.post_status ?? 'draft');
  if (!IMPORT_STATUSES.has(status)) {
    throw restError('rest_invalid_param', ['post_status'], { params: { post_status: `post_status is not one of ${[...IMPORT_STATUSES].join(', ')}.` } });
  }
  const wanted = (p.form_ids ?? []).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  let q = ctx.app.db.selectFrom('posts').selectAll().where('type', '=', reader.postType).where('status', '!=', 'trash');
  if (wanted.length) q = q.where('id', 'in', wanted);
  const rows = await q.orderBy('id', 'asc').execute();
  const found = new Set(rows.map((r) => r.id));
  const imported = await importedMap(ctx);
  const choices = choicesOf(p.behavior);
  const dryRun = p.dry_run === true;

  const results: Array<Record<string, unknown>> = wanted.filter((id) => !found.has(id)).map((id) => ({ source_id: id, status: 'failed', reason: 'No such form in the source.' }));
  const unread = results.length;
  await ctx.app.db.transaction().execute(async (trx) => {
    // A transaction run again after a write conflict (store/postgres/conflict-retry.ts) reports each form once.
    results.length = unread;
    for (const row of rows) {
      const choice = choices.get(row.id) ?? {};
      const title = choice.title ?? row.title ?? `Imported form ${row.id}`;
      const previous = imported.get(`${key}:${row.id}`);
      if (choice.skip || (p.skip_existing === true && previous !== undefined)) {
        results.push({ source_id: row.id, title, status: 'skipped', form_id: previous ?? null });
        continue;
      }
      const form = readSafely(reader.read, row);
      if (form instanceof Error) {
        results.push({ source_id: row.id, title, status: 'failed', reason: `The form could not be read: ${form.message}` });
        continue;
      }
      if (dryRun) {
        results.push({ source_id: row.id, title, status: 'would-import', fields: form.fields.length });
        continue;
      }
      const settings = { ...DEFAULT_FORM_SETTINGS, ...(form.submitText && { submit_text: form.submitText }) };
      const id = await insertForm(trx, { title, status, author: ctx.user?.id ?? 0, fields: form.fields, settings }, ctx.app.now());
      await writeMeta(trx, id, MIGRATED_FROM, `${key}:${row.id}`);
      results.push({ source_id: row.id, title, status: 'imported', form_id: id, fields: form.fields.length });
    }
  });
  return asResult<R>({ source: key, dry_run: dryRun, imported: results.filter((r) => r.status === 'imported').length, results }, { status: dryRun ? 200 : 201 });
}

/** `import-file`: the plugin's export file, uploaded (multipart `file`) or as text (`content`). */
/** The export file as text when it is not uploaded, and the status its forms get. */
export type MigratorFileParams = MigratorSourceParams & { content?: string; post_status: 'publish' | 'draft' | 'private' };

export async function importSourceFile<R>(ctx: HandlerContext<MigratorFileParams>): Promise<HandlerResult<R>> {
  const { key } = sourceOf(ctx);
  const upload = ctx.request.files?.file;
  const text = upload ? upload.data.toString('utf8') : typeof ctx.params.content === 'string' ? ctx.params.content : '';
  if (!text) throw restError('rest_missing_callback_param', ['file, content'], { params: ['content'] });
  const forms = await importExportFile(ctx.app.db, key, text, { status: String(ctx.params.post_status ?? 'draft'), author: ctx.user?.id ?? 0, now: ctx.app.now() });
  return asResult<R>({ source: key, imported: forms.length, forms }, { status: 201 });
}
