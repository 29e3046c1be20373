/**
 * What a user may do with one post, page, attachment or revision already loaded: the one place
 * where map_meta_cap's object rules are applied to an object in hand. The route rules
 * (auth/rules.ts) judge the object the handler then acts on with these; lists leave out what
 * `canReadPost` refuses (WordPress's check_read_permission), and links and `Allow` ask the same
 * functions, so a hint never promises what a rule would refuse.
 */
import type { App } from '../rest/types.ts';
import type { CurrentUser } from './current-user.ts';
import { hasAll, loadPostFacts, mapMetaCap, sitePageIds, type PostFacts } from './capabilities.ts';

type Who = { app: Pick<App, 'db'> & Partial<Pick<App, 'deployment'>>; user: CurrentUser | null };

/** `cap` (edit_post, delete_post, read_post) on `post` as loaded; its parents are read as needed. */
async function canOnPost(who: Who, cap: string, post: PostFacts): Promise<boolean> {
  if (!who.user) return false;
  // A trashed post is judged by the status it had, which only its stored facts know.
  const load = (id: number): Promise<PostFacts | undefined> =>
    id === post.id && (post.status !== 'trash' || post.trashedFrom !== undefined) ? Promise.resolve(post) : loadPostFacts(who.app.db, id);
  return hasAll(who.user, await mapMetaCap(cap, who.user, post.id, load, () => sitePageIds(who.app)));
}

export function canEditPost(who: Who, post: PostFacts): Promise<boolean> {
  return canOnPost(who, 'edit_post', post);
}

export function canDeletePost(who: Who, post: PostFacts): Promise<boolean> {
  return canOnPost(who, 'delete_post', post);
}

/**
 * check_read_permission: published items are readable; others need read_post on them, or
 * inherit (revisions, media) from a readable parent (an item with no parent, or whose parent is
 * gone, is readable).
 */
export async function canReadPost(who: Who, post: PostFacts, depth = 0): Promise<boolean> {
  if (post.status === 'publish' || (await canOnPost(who, 'read_post', post))) return true;
  if (post.status === 'inherit') {
    const parent = post.parent > 0 ? await loadPostFacts(who.app.db, post.parent) : undefined;
    return parent && depth < 5 ? canReadPost(who, parent, depth + 1) : true;
  }
  return false;
}
