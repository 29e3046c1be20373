/**
 * WordPress's wp_check_post_hierarchy_for_loops: an item may not hang under itself, directly or
 * through its ancestors. Such a parent is not refused: the item is saved at the top (parent 0).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** The parent to store when `itemId` (0: a new item, which cannot make a loop) asks for `parent`. */
export async function parentWithoutLoop(db: Kysely<Database>, itemId: number, parent: number): Promise<number> {
  if (!parent || !itemId) return parent;
  if (parent === itemId) return 0;
  // Walk up from the asked parent; meeting the item means the chain would close on it. A loop
  // already stored elsewhere (not through this item) ends the walk at its first repeat.
  const seen = new Set<number>();
  for (let at = parent; at && !seen.has(at); ) {
    if (at === itemId) return 0;
    seen.add(at);
    const row = await db.selectFrom('posts').select('parent').where('id', '=', at).executeTakeFirst();
    at = row?.parent ?? 0;
  }
  return parent;
}
