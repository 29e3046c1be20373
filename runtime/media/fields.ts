/**
 * The writable fields of a media item, from request params to row columns and meta, shared by
 * create, update and edit (WordPress's attachments prepare_item_for_database): title, caption
 * and description take a string or `{raw}` and are saved through the same HTML filters as a
 * post's title, excerpt and content (content/save-filters.ts); `post` is the parent and may not
 * be a revision or another attachment; `template` must be one the site offers, as for posts;
 * dates in the site timezone and GMT; status is `inherit` unless private.
 */
import type { HandlerContext } from '../rest/types.ts';
import { isObjectParam } from '../rest/object-param.ts';
import { restError } from '../rest/errors.ts';
import { dateWithGmt, gmtNow, localFromGmt, siteZone } from '../content/dates.ts';
import { metaSchemaOf } from '../content/context.ts';
import { writeMeta } from '../content/meta.ts';
import { withFootnotesForSave } from '../content/footnotes.ts';
import { htmlForSave, ownUploads, rawText, titleForSave } from '../content/save-filters.ts';
import { checkTemplate, type SentText } from '../content/write.ts';
import { sanitizeTitle, uniqueSlug } from '../content/slugs.ts';
import { ALT_TEXT, THUMBNAIL, setMeta, type AttachmentRow, type Db } from './attachments.ts';
import { isMediaType } from '../../contract/post-types.ts';

/**
 * What a media create, update or edit reads of its params (the spec's args of those routes): all
 * optional, as an update sends what it changes. The handler's generated Args must fit this.
 */
export type MediaWriteParams = {
  /** The route's id (an update's, or an edit's as its URL gave it); not read here, and an edit's copy is written without it. */
  id?: number | string;
  title?: SentText;
  caption?: SentText;
  description?: SentText;
  /** The parent post's id. */
  post?: number;
  author?: number;
  comment_status?: string;
  ping_status?: string;
  template?: string;
  status?: string;
  date?: string | null;
  date_gmt?: string | null;
  slug?: string;
  alt_text?: string;
  featured_media?: number;
  /** Each deployment's registered meta keys (a generated interface per deployment). */
  meta?: object;
};

/** Refuses a parent that cannot carry media, as WordPress does. */
export async function checkParent(ctx: Pick<HandlerContext, 'app'>, post: unknown): Promise<number | undefined> {
  if (post === undefined || post === null) return undefined;
  const id = Number(post);
  if (!id) return 0;
  const parent = await ctx.app.db.selectFrom('posts').select('type').where('id', '=', id).executeTakeFirst();
  if (parent && (parent.type === 'revision' || isMediaType(parent.type))) {
    throw restError('rest_invalid_parent_type');
  }
  return id;
}

/** Column changes the params ask for (only those given). */
export async function rowChanges(ctx: HandlerContext<MediaWriteParams>, current: Pick<AttachmentRow, 'id' | 'title' | 'slug' | 'parent' | 'template'>): Promise<Partial<AttachmentRow>> {
  const p = ctx.params;
  const out: Partial<AttachmentRow> = {};
  const title = rawText(p.title);
  if (title !== undefined) out.title = titleForSave(ctx.user, title);
  const caption = rawText(p.caption);
  if (caption !== undefined) out.excerpt = htmlForSave(ctx.user, caption, ownUploads(ctx));
  const description = rawText(p.description);
  if (description !== undefined) out.content = htmlForSave(ctx.user, description, ownUploads(ctx));
  const parent = await checkParent(ctx, p.post);
  if (parent !== undefined) out.parent = parent;
  if (typeof p.author === 'number') out.author = p.author;
  if (typeof p.comment_status === 'string') out.comment_status = p.comment_status;
  if (typeof p.ping_status === 'string') out.ping_status = p.ping_status;
  if (typeof p.template === 'string') out.template = await checkTemplate(ctx, 'attachment', p.template, current);
  if (typeof p.status === 'string') out.status = p.status === 'private' ? 'private' : 'inherit';
  const zone = await siteZone(ctx.app.db);
  const date = typeof p.date === 'string' ? dateWithGmt(p.date, zone, false) : typeof p.date_gmt === 'string' ? dateWithGmt(p.date_gmt, zone, true) : null;
  if ((p.date || p.date_gmt) && !date) throw restError('rest_invalid_param', ['date'], { params: { date: 'Invalid date.' } });
  if (date) [out.date, out.date_gmt] = date;
  if (typeof p.slug === 'string') out.slug = sanitizeTitle(p.slug);
  else if (!current.slug && (out.title ?? current.title)) out.slug = sanitizeTitle(out.title ?? current.title);
  if (out.slug !== undefined) {
    out.slug = await uniqueSlug(ctx.app.db, out.slug, { id: current.id, type: 'attachment', status: 'inherit', parent: out.parent ?? current.parent });
  }
  return out;
}

export async function nowPair(ctx: Pick<HandlerContext, 'app'>): Promise<{ local: string; gmt: string }> {
  const gmt = gmtNow(ctx.app.now());
  return { gmt, local: localFromGmt(gmt, await siteZone(ctx.app.db)) };
}

/** alt_text, featured_media and registered meta keys. */
export async function writeMetaFields(ctx: HandlerContext<MediaWriteParams>, db: Db, id: number): Promise<void> {
  const p = ctx.params;
  if (typeof p.alt_text === 'string') await setMeta(db, id, ALT_TEXT, p.alt_text.replace(/<[^>]*>/g, '').trim());
  if (typeof p.featured_media === 'number') {
    if (p.featured_media > 0) {
      const exists = await db.selectFrom('posts').select('id').where('id', '=', p.featured_media).where('type', '=', 'attachment').executeTakeFirst();
      if (!exists) throw restError('rest_invalid_featured_media');
    }
    await setMeta(db, id, THUMBNAIL, p.featured_media > 0 ? p.featured_media : undefined);
  }
  if (isObjectParam(p.meta)) await writeMeta(db, id, withFootnotesForSave(ctx.user, p.meta, ownUploads(ctx)), metaSchemaOf(ctx, 'media'));
}
