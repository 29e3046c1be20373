/**
 * Steps every media operation that makes or reads one item shares: find it (404 when it is not a
 * media item), insert the row and meta of a stored file, answer a creation with 201 + Location.
 */
import type { Context } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { targetOf } from '../auth/target.ts';
import {
  ATTACHED_FILE, METADATA, deleteAttachmentRow, filesOf, getAttachment, insertAttachment, setMeta, updateAttachment,
  type AttachmentMetadata, type AttachmentRow,
} from './attachments.ts';
import { nowPair, rowChanges, writeMetaFields, type MediaWriteParams } from './fields.ts';
import { ownUploads } from '../content/save-filters.ts';
import { publicUrl, removeFiles } from './storage.ts';
import { restBase } from '../content/links.ts';
import { keepFromSweep, reclaimSwept } from './sweep-leftovers.ts';
import { htmlForSave, titleForSave } from '../content/save-filters.ts';
import { asResult } from '../rest/answer.ts';

export const contextOf = (ctx: HandlerContext<{ context?: string }>): Context => (ctx.params.context === 'edit' || ctx.params.context === 'embed' ? ctx.params.context : 'view');

/** The media item the route's rule resolved and judged (auth/target.ts), as its full row. */
export async function requireAttachment(ctx: HandlerContext<unknown>): Promise<AttachmentRow> {
  const row = await getAttachment(ctx.app.db, targetOf(ctx, 'post').id);
  if (!row) throw restError('rest_post_invalid_id');
  return row;
}

export function createdResponse<R>(ctx: HandlerContext<unknown>, id: number, data: unknown): HandlerResult<R> {
  return asResult<R>(data, {
    status: 201,
    // WordPress sets the attachment id header before Location.
    headers: { 'X-WP-Upload-Attachment-ID': String(id), Location: `${restBase(ctx)}/media/${id}` },
  });
}

/** Inserts the row and meta of a stored file; removes the file again if the database refuses. */
export async function insertStoredFile(
  ctx: HandlerContext<MediaWriteParams>,
  stored: { relative: string; mime: string; metadata: AttachmentMetadata },
  defaults: { title: string; caption?: string; description?: string; parent?: number },
): Promise<AttachmentRow> {
  const { local, gmt } = await nowPair(ctx);
  const files = filesOf(stored.relative, stored.metadata);
  // Defaults come from the file too (EXIF title and caption, its name): saved as the request's own text would be.
  const title = titleForSave(ctx.user, defaults.title);
  try {
    const id = await ctx.app.db.transaction().execute(async (trx) => {
      const id = await insertAttachment(trx, {
        author: ctx.user?.id ?? 0, type: 'attachment', status: 'inherit', slug: '', title,
        content: htmlForSave(ctx.user, defaults.description ?? '', ownUploads(ctx)), excerpt: htmlForSave(ctx.user, defaults.caption ?? '', ownUploads(ctx)), password: '', parent: defaults.parent ?? 0,
        menu_order: 0, comment_status: 'open', ping_status: 'closed', format: 'standard', template: '',
        mime_type: stored.mime, guid: publicUrl(ctx.app.config, stored.relative),
        date: local, date_gmt: gmt, modified: local, modified_gmt: gmt, comment_count: 0,
      });
      const changes = await rowChanges({ ...ctx, app: { ...ctx.app, db: trx } }, { id, title, slug: '', parent: defaults.parent ?? 0, template: '' });
      await updateAttachment(trx, id, changes);
      await setMeta(trx, id, ATTACHED_FILE, stored.relative);
      await setMeta(trx, id, METADATA, stored.metadata);
      await writeMetaFields(ctx, trx, id);
      await keepFromSweep(ctx.app.config.uploadsDir, files);
      return id;
    });
    // Never acknowledge an attachment whose file is gone: the row goes and the upload fails.
    if ((await reclaimSwept(ctx.app.config.uploadsDir, files)).length) {
      await ctx.app.db.transaction().execute((trx) => deleteAttachmentRow(trx, id));
      throw restError('rest_upload_unknown_error', ['The uploaded file could not be kept in the uploads folder.']);
    }
    return (await getAttachment(ctx.app.db, id))!;
  } catch (err) {
    await removeFiles(ctx.app.config, files);
    throw err;
  }
}
