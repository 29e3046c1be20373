/**
 * Whether the caller may see a media item, as WordPress's check_read_permission decides for
 * attachments: an `inherit` item is as visible as the post it is attached to (an unattached
 * one is public); a private or trashed one needs the read_post capability on it.
 */
import type { HandlerContext } from '../rest/types.ts';
import { userCan } from '../auth/capabilities.ts';
import type { AttachmentRow } from './attachments.ts';

export async function canReadAttachment(ctx: Pick<HandlerContext, 'app' | 'user'>, row: Pick<AttachmentRow, 'id' | 'status' | 'parent'>): Promise<boolean> {
  if (row.status === 'inherit') {
    if (row.parent <= 0 || row.parent === row.id) return true;
    const parent = await ctx.app.db.selectFrom('posts').select(['id', 'status']).where('id', '=', row.parent).executeTakeFirst();
    if (!parent || parent.status === 'publish') return true;
    return userCan(ctx.app, ctx.user, 'read_post', parent.id);
  }
  return userCan(ctx.app, ctx.user, 'read_post', row.id);
}
