/**
 * The media service: what WordPress's attachments controller does for `core/v2/media`.
 * Generated handler regions call it one line each (`return media.create(ctx)`). Permissions
 * declared in the spec have run before; this decides what depends on the item itself.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { canReadPost } from '../auth/post-access.ts';
import {
  ATTACHED_FILE, METADATA, deleteAttachmentRow, filesOf, getAttachment, getMeta, updateAttachment,
  type AttachmentMetadata, type AttachmentRow,
} from './attachments.ts';
import { checkParent, nowPair, rowChanges, writeMetaFields, type MediaWriteParams } from './fields.ts';
import type { Context } from '../../contract/model.ts';
import { rawText } from '../content/save-filters.ts';
import { contextOf, createdResponse, insertStoredFile, requireAttachment } from './item-records.ts';
import { ingestFile } from './ingest.ts';
import { queryMedia, type MediaListParams } from './list-query.ts';
import { prepareAttachment, prepareAttachments } from './prepare.ts';
import { fetchRemoteFile } from './sideload.ts';
import { removeFiles } from './storage.ts';
import { readUpload } from './upload-input.ts';
import { splitExtension } from './filenames.ts';
import { editMedia, postProcessMedia } from './edit-service.ts';
import { alternateLinkHeader } from '../content/links.ts';
import { filesMediaByItemMonth } from '../../contract/post-types.ts';
import { asResult } from '../rest/answer.ts';

/**
 * The month folder of an upload: now, or, for media attached to a post (not a page), the post's
 * own month, as WordPress files it.
 */
async function uploadMonth(ctx: Pick<HandlerContext, 'app'>, parent: number | undefined): Promise<Date> {
  if (parent) {
    const post = await ctx.app.db.selectFrom('posts').select(['type', 'date']).where('id', '=', parent).executeTakeFirst();
    const m = post && filesMediaByItemMonth(post.type) ? /^(\d{4})-(\d{2})/.exec(post.date) : null;
    if (m && Number(m[1]) > 0) return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  }
  return ctx.app.now();
}

/** What an upload reads besides the writable fields: a URL to fetch instead of a body, and what to make of an image. */
export type MediaCreateParams = MediaWriteParams & { url?: string; generate_sub_sizes?: boolean; convert_format?: boolean };

async function create<R>(ctx: HandlerContext<MediaCreateParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const parent = await checkParent(ctx, p.post);
  const incoming = typeof p.url === 'string' && p.url !== '' ? await fetchRemoteFile(ctx.app, p.url) : readUpload(ctx);
  const stored = await ingestFile(ctx.app, {
    filename: incoming.filename,
    data: incoming.data,
    when: await uploadMonth(ctx, parent),
    generateSubSizes: p.generate_sub_sizes !== false,
    convertFormat: p.convert_format !== false,
  });
  // Title: the request's, else the image's own (EXIF), else the name of a multipart file as the
  // client gave it, else the stored file's name (WordPress's order), without extension.
  const imageMeta = stored.metadata.image_meta;
  const clientName = incoming.fromMultipart ? splitExtension(incoming.filename.split(/[\\/]/).pop() ?? '')[0].replace(/<[^>]*>/g, '').trim() : '';
  const fallbackTitle = clientName || splitExtension(stored.relative.split('/').pop()!)[0];
  const title = rawText(p.title) || imageMeta?.title || fallbackTitle;
  const row = await insertStoredFile(ctx, stored, {
    title,
    caption: rawText(p.caption) ?? imageMeta?.caption ?? '',
    parent: parent ?? 0,
  });
  return createdResponse(ctx, row.id, await prepareAttachment(ctx, row, 'edit'));
}

/** The list's filters, order and page, and which set of fields the answer carries. */
export type MediaListServiceParams = MediaListParams & { context: Context };

/** Statuses and context=edit were checked by the spec's `read_posts` rule (runtime/auth/rules.ts). */
async function list<R>(ctx: HandlerContext<MediaListServiceParams>): Promise<HandlerResult<R>> {
  const page = await queryMedia(ctx.app.db, ctx.params);
  const rows = page.ids.length
    ? await ctx.app.db.selectFrom('posts').selectAll().where('id', 'in', page.ids).execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r as AttachmentRow]));
  const ordered = page.ids.map((id) => byId.get(id)!).filter(Boolean);
  // Items the caller may not read are left out of the page (the totals stay, as WordPress's).
  const readable: AttachmentRow[] = [];
  for (const row of ordered) if (await canReadPost(ctx, row)) readable.push(row);
  return asResult<R>(await prepareAttachments(ctx, readable, contextOf(ctx)), { headers: { 'X-WP-Total': String(page.total), 'X-WP-TotalPages': String(page.pages) } });
}

/** What reading one media item takes: which set of fields the answer carries. */
export type MediaReadParams = { context: Context };

async function get<R>(ctx: HandlerContext<MediaReadParams>): Promise<HandlerResult<R>> {
  // The spec's `read_post` rule has refused edit context and unreadable items (runtime/auth/rules.ts).
  const row = await requireAttachment(ctx);
  const data = await prepareAttachment(ctx, row, contextOf(ctx));
  return asResult<R>(data, { headers: alternateLinkHeader((data as { link?: unknown }).link) });
}

async function update<R>(ctx: HandlerContext<MediaWriteParams>): Promise<HandlerResult<R>> {
  const row = await requireAttachment(ctx);
  const { local, gmt } = await nowPair(ctx);
  await ctx.app.db.transaction().execute(async (trx) => {
    const changes = await rowChanges({ ...ctx, app: { ...ctx.app, db: trx } }, row);
    await updateAttachment(trx, row.id, { ...changes, modified: local, modified_gmt: gmt });
    await writeMetaFields(ctx, trx, row.id);
  });
  return asResult<R>(await prepareAttachment(ctx, (await getAttachment(ctx.app.db, row.id))!, 'edit'));
}

/** What deleting a media item takes: `force`, which must be true (media has no trash). */
export type MediaDeleteParams = { force: boolean };

async function remove<R>(ctx: HandlerContext<MediaDeleteParams>): Promise<HandlerResult<R>> {
  const row = await requireAttachment(ctx);
  // Media has no trash (WordPress's MEDIA_TRASH is off by default).
  if (ctx.params.force !== true) throw restError('rest_trash_not_supported', ['force=true']);
  // WordPress answers the previous item's data without its links.
  const { _links: _dropped, ...previous } = await prepareAttachment(ctx, row, 'edit');
  const attached = await getMeta<string>(ctx.app.db, row.id, ATTACHED_FILE);
  const metadata = await getMeta<AttachmentMetadata>(ctx.app.db, row.id, METADATA);
  await ctx.app.db.transaction().execute((trx) => deleteAttachmentRow(trx, row.id));
  if (attached) await removeFiles(ctx.app.config, filesOf(attached, metadata));
  return asResult<R>({ deleted: true, previous });
}

export const media = {
  create,
  list,
  get,
  update,
  delete: remove,
  remove,
  postProcess: postProcessMedia,
  edit: editMedia,
};
