/**
 * A create or update request → the changes to store (WordPress's prepare_item_for_database and
 * the checks around it): fields, dates in the site zone, author, password and sticky conflicts,
 * page parent. Nothing is written here. Who may publish, name another author or make a post
 * sticky was decided by the route's rule (auth/rules.ts) on these same params; text goes through
 * WordPress's save filters (save-filters.ts).
 */
import { parentWithoutLoop } from './parent-loops.ts';
import { supports } from '../../contract/post-types.ts';
import type { Insertable } from 'kysely';
import type { HandlerContext } from '../rest/types.ts';
import type { PostsTable } from '../store/schema.ts';
import { dateWithGmt, siteZone } from './dates.ts';
import { contentError, invalidParam } from './errors.ts';
import { getOption } from './options.ts';
import type { PostRow } from './prepare.ts';
import { sanitizeTitle } from './slugs.ts';
import { htmlForSave, ownUploads, rawText, titleForSave } from './save-filters.ts';
import { stickyIds } from './prepare.ts';
import { withFootnotesForSave } from './footnotes.ts';
import { isObjectParam } from '../rest/object-param.ts';

/** A text field as a client may send it: the text, or an object holding it as `raw`. */
export type SentText = string | { raw?: string };

/**
 * What a create, update or autosave of a post or page reads of its params (the spec's args of
 * those routes). A field one type lacks (pages' `sticky`, posts' `parent`) is optional here, as
 * it is absent from that type's args; the handler's generated Args must fit this, so an arg
 * renamed or retyped in the spec stops compiling here instead of being ignored at run time.
 */
export type PostWriteParams = {
  title?: SentText;
  content?: SentText;
  excerpt?: SentText;
  status?: string;
  date?: string | null;
  date_gmt?: string | null;
  slug?: string;
  author?: number;
  password?: string;
  sticky?: boolean;
  parent?: number;
  menu_order?: number;
  comment_status?: string;
  ping_status?: string;
  template?: string;
  format?: string;
  categories?: number[];
  tags?: number[];
  /** Each deployment's registered meta keys (a generated interface per deployment). */
  meta?: object;
  featured_media?: number;
};

export interface PostChanges {
  row: Partial<Insertable<PostsTable>>;
  /** The request set date or date_gmt (a draft's date then stops floating). */
  editDate: boolean;
  /** The request asked for the draft's date to float again (date or date_gmt null). */
  clearDate: boolean;
  categories?: number[];
  tags?: number[];
  sticky?: boolean;
  meta?: Record<string, unknown>;
  featuredMedia?: number;
}

/**
 * WordPress accepts only the templates the theme offers for the type (and the one an item
 * already has). The site lists them in the option `page_templates`: `{ "post": ["wide"], ... }`.
 */
export async function checkTemplate(ctx: HandlerContext<unknown>, type: string, template: string, existing?: Pick<PostRow, 'template'>): Promise<string> {
  if (!template || template === existing?.template) return template;
  const offered = await getOption<Record<string, string[]>>(ctx.app.db, 'page_templates', {});
  const allowed = Array.isArray(offered?.[type]) ? offered[type] : [];
  // WordPress's check_template raises this without data.
  if (!allowed.includes(template)) throw invalidParam('template', contentError('rest_invalid_template', ['template', allowed.join(', ')]), false);
  return template;
}

export async function prepareChanges(ctx: HandlerContext<PostWriteParams>, type: string, existing?: PostRow): Promise<PostChanges> {
  const p = ctx.params;
  const db = ctx.app.db;
  const changes: PostChanges = { row: {}, editDate: false, clearDate: false };
  const row = changes.row;

  // Saved through WordPress's save filters: kses for a writer without unfiltered_html, titles trimmed.
  for (const field of ['title', 'content', 'excerpt'] as const) {
    const text = rawText(p[field]);
    if (text === undefined) continue;
    row[field] = field === 'title' ? titleForSave(ctx.user, text) : htmlForSave(ctx.user, text, ownUploads(ctx));
  }
  if (typeof p.status === 'string') row.status = p.status;

  // The site's zone reads two options: only a request that sends a date needs it here.
  const zone = p.date || p.date_gmt ? await siteZone(db) : undefined;
  if (p.date) {
    const pair = dateWithGmt(String(p.date), zone!, false);
    if (!pair) throw contentError('rest_invalid_date');
    if (!existing || existing.date !== pair[0]) [row.date, row.date_gmt, changes.editDate] = [pair[0], pair[1], true];
  } else if (p.date_gmt) {
    const pair = dateWithGmt(String(p.date_gmt), zone!, true);
    if (!pair) throw contentError('rest_invalid_date');
    if (!existing || existing.date_gmt !== pair[1]) [row.date, row.date_gmt, changes.editDate] = [pair[0], pair[1], true];
  } else if (p.date === null || p.date_gmt === null) {
    changes.clearDate = true;
  }

  if (typeof p.slug === 'string') row.slug = sanitizeTitle(p.slug);

  if (p.author !== undefined && p.author !== null) {
    const author = Number(p.author);
    const current = existing?.author ?? ctx.user?.id ?? 0;
    if (author !== current) {
      const user = await db.selectFrom('users').select('id').where('id', '=', author).executeTakeFirst();
      if (!user) throw contentError('rest_invalid_author');
    }
    row.author = author;
  }

  if (typeof p.password === 'string') {
    row.password = p.password;
    if (p.password !== '') {
      if (supports(type, 'sticky') && p.sticky) throw contentError('rest_invalid_field_sticky_password');
      // Only an item that exists can be sticky already: a create (every item of a batch of creates) reads no sticky list.
      if (existing && (await stickyIds(db)).has(existing.id)) throw contentError('rest_invalid_field_protect_sticky');
    }
  }
  if (supports(type, 'sticky') && typeof p.sticky === 'boolean') {
    if (p.sticky && existing?.password && row.password !== '') throw contentError('rest_invalid_field_sticky_protected');
    changes.sticky = p.sticky;
  }

  if (supports(type, 'pageAttributes') && p.parent !== undefined && p.parent !== null) {
    const parent = Number(p.parent);
    if (parent !== 0) {
      const found = await db.selectFrom('posts').select('id').where('id', '=', parent).executeTakeFirst();
      if (!found) throw contentError('rest_invalid_post_parent');
    }
    row.parent = await parentWithoutLoop(db, existing?.id ?? 0, parent);
  }
  if (supports(type, 'pageAttributes') && typeof p.menu_order === 'number') row.menu_order = p.menu_order;
  for (const field of ['comment_status', 'ping_status'] as const) {
    if (typeof p[field] === 'string') row[field] = p[field];
  }
  if (typeof p.template === 'string') row.template = await checkTemplate(ctx, type, p.template, existing);
  if (supports(type, 'formats') && typeof p.format === 'string') row.format = p.format;
  if (supports(type, 'terms') && Array.isArray(p.categories)) changes.categories = p.categories.map(Number);
  if (supports(type, 'terms') && Array.isArray(p.tags)) changes.tags = p.tags.map(Number);
  if (isObjectParam(p.meta)) changes.meta = p.meta;
  // WordPress filters footnotes' markup as it filters the content's (footnotes.ts).
  if (changes.meta) changes.meta = withFootnotesForSave(ctx.user, changes.meta, ownUploads(ctx));
  if (p.featured_media !== undefined && p.featured_media !== null) changes.featuredMedia = Number(p.featured_media);
  return changes;
}
