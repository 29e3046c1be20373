/**
 * `targetHints.allow` of an item's self link (WordPress 6.7+): the methods of the item's route
 * this caller may use, in the route's order, as the Allow header of a single read says.
 */
import type { App } from '../rest/types.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import type { PostFacts } from '../auth/capabilities.ts';
import { canDeletePost, canEditPost } from '../auth/post-access.ts';

export async function allowedItemMethods(app: App, user: CurrentUser | null, post: PostFacts): Promise<string[]> {
  if (!user) return ['GET'];
  const who = { app, user };
  const [edit, remove] = await Promise.all([canEditPost(who, post), canDeletePost(who, post)]);
  return ['GET', ...(edit ? ['POST', 'PUT', 'PATCH'] : []), ...(remove ? ['DELETE'] : [])];
}
