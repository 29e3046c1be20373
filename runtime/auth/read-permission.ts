/**
 * WordPress's check_read_permission, in one place: the `read_post` rule refuses an item with it,
 * and list services (media) leave out the items it refuses, as WordPress's get_items does.
 * Published items are readable; others need read_post on them, or inherit (revisions, media)
 * from a readable parent (an item with no parent, or whose parent is gone, is readable).
 */
import type { App } from '../rest/types.ts';
import type { CurrentUser } from './current-user.ts';
import { loadPostFacts, userCan, type PostFacts } from './capabilities.ts';

export async function canReadPost(ctx: { app: App; user: CurrentUser | null }, post: Pick<PostFacts, 'id' | 'status' | 'parent'>, depth = 0): Promise<boolean> {
  if (post.status === 'publish' || (await userCan(ctx.app, ctx.user, 'read_post', post.id))) return true;
  if (post.status === 'inherit') {
    const parent = post.parent > 0 ? await loadPostFacts(ctx.app.db, post.parent) : undefined;
    return parent && depth < 5 ? canReadPost(ctx, parent, depth + 1) : true;
  }
  return false;
}
