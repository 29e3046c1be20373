/**
 * The other plugins' own export files, imported without moving their database: Gravity Forms'
 * `.json` (an object of forms keyed "0", "1", ... beside `version`, or a list), WPForms' `.json`
 * (a list of forms, the title in `settings.form_title`) and Ninja Forms' `.nff` (one form, the
 * title in `settings.title`). Each form is read by the same reader as the database route.
 * The classic contact-form plugin has no export file of its own, so it is refused by name.
 * Used by the import-file route and by `specpress forms import`.
 */
import type { Kysely } from 'kysely';
import { restError } from '../rest/errors.ts';
import type { Database } from '../store/schema.ts';
import { DEFAULT_FORM_SETTINGS } from './field-types.ts';
import { insertForm } from './form-store.ts';
import { SOURCE_READERS, type SourceForm } from './migrator-sources.ts';

/** A form of an export file, as one of our forms would be made from it. */
export interface FileForm {
  title: string;
  form: SourceForm;
}

const IMPORT_STATUSES = ['draft', 'publish', 'private'];
/** Bigger than any real export of a site's forms; keeps JSON.parse of an upload bounded. */
export const MAX_EXPORT_FILE_BYTES = 5 * 1024 * 1024;

type Item = Record<string, unknown>;

function objects(list: unknown[]): Item[] {
  return list.filter((x): x is Item => typeof x === 'object' && x !== null && !Array.isArray(x));
}

/** Where each plugin keeps its forms in its export, and each form's title. */
const FILE_LAYOUTS: Record<string, { forms: (doc: unknown) => Item[]; title: (form: Item) => unknown }> = {
  gravityforms: {
    forms: (doc) => (Array.isArray(doc) ? objects(doc) : objects(Object.entries(doc as Item).filter(([k]) => /^\d+$/.test(k)).map(([, v]) => v))),
    title: (f) => f.title,
  },
  wpforms: {
    forms: (doc) => (Array.isArray(doc) ? objects(doc) : objects([doc])),
    title: (f) => (f.settings as Item | undefined)?.form_title,
  },
  ninjaforms: {
    forms: (doc) => (Array.isArray(doc) ? objects(doc) : objects([doc])),
    title: (f) => (f.settings as Item | undefined)?.title,
  },
};

/** The forms of one export file; a 400 in the interface's shape when the file is not one. */
export function formsOfExportFile(key: string, text: string): FileForm[] {
  // Own keys only: a `<key>` of `constructor` names no source.
  const layout = Object.hasOwn(FILE_LAYOUTS, key) ? FILE_LAYOUTS[key] : undefined;
  const reader = Object.hasOwn(SOURCE_READERS, key) ? SOURCE_READERS[key] : undefined;
  if (!reader) throw restError('rest_migrator_invalid_source', [key]);
  if (!layout) throw restError('rest_invalid_param', ['content'], { params: { content: `${key} has no export file of its own; move its forms with the site's database and use /migrator/sources/${key}/import.` } });
  if (Buffer.byteLength(text) > MAX_EXPORT_FILE_BYTES) throw restError('rest_invalid_param', ['content'], { params: { content: `The export file is larger than ${MAX_EXPORT_FILE_BYTES} bytes.` } });
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw restError('rest_invalid_param', ['content'], { params: { content: `The file is not a ${key} export (not JSON).` } });
  }
  if (typeof doc !== 'object' || doc === null) throw restError('rest_invalid_param', ['content'], { params: { content: `The file is not a ${key} export.` } });
  const forms = layout.forms(doc);
  const out: FileForm[] = [];
  for (const [i, item] of forms.entries()) {
    if (!('fields' in item)) continue;
    const title = layout.title(item);
    out.push({ title: typeof title === 'string' && title.trim() ? title : `Imported form ${i + 1}`, form: reader.read(JSON.stringify(item)) });
  }
  if (!out.length) throw restError('rest_invalid_param', ['content'], { params: { content: `No ${key} forms were found in the file.` } });
  return out;
}

/** Imports every form of the file in one transaction: all or none. */
export async function importExportFile(db: Kysely<Database>, key: string, text: string, opts: { status: string; author: number; now: Date }): Promise<Array<{ id: number; title: string; fields: number }>> {
  if (!IMPORT_STATUSES.includes(opts.status)) throw restError('rest_invalid_param', ['post_status'], { params: { post_status: `post_status is not one of ${IMPORT_STATUSES.join(', ')}.` } });
  const forms = formsOfExportFile(key, text);
  return db.transaction().execute(async (trx) => {
    const created = [];
    for (const { title, form } of forms) {
      const settings = { ...DEFAULT_FORM_SETTINGS, ...(form.submitText && { submit_text: form.submitText }) };
      const id = await insertForm(trx, { title, status: opts.status, author: opts.author, fields: form.fields, settings }, opts.now);
      created.push({ id, title, fields: form.fields.length });
    }
    return created;
  });
}
