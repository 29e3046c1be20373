/**
 * `targetHints.allow` of an item's self link (WordPress 6.7+): the methods of the item's route
 * this caller may use, in the route's order, as the Allow header of a single read says.
 */
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Database } from '../store/schema.ts';
import { canDelete, canEdit } from './access.ts';

type PostLike = Parameters<typeof canEdit>[2];

export async function allowedItemMethods(db: Kysely<Database>, user: CurrentUser | null, post: PostLike): Promise<string[]> {
  if (!user) return ['GET'];
  const [edit, remove] = await Promise.all([canEdit(db, user, post), canDelete(db, user, post)]);
  return ['GET', ...(edit ? ['POST', 'PUT', 'PATCH'] : []), ...(remove ? ['DELETE'] : [])];
}
