/**
 * Who may see which user, as WordPress's users controller decides it: with `list_users`
 * everybody; without it only authors of published content (the types served over REST), and
 * oneself. Shared by the permission rules and the service (a list without `list_users` is
 * narrowed to those authors rather than refused).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { allPostTypes } from '../../contract/post-types.ts';

/**
 * Types whose published items make their author public (WordPress: show_in_rest types): the
 * registry's types whose items are ever `publish` (media items never are: they inherit).
 */
export const PUBLIC_AUTHOR_TYPES: readonly string[] = allPostTypes().filter((t) => t.publicStatus === 'publish').map((t) => t.name);

/** The ids among `ids` (or all, when undefined) that authored published content of `types`. */
export async function publishedAuthorIds(db: Kysely<Database>, types: readonly string[] = PUBLIC_AUTHOR_TYPES): Promise<Set<number>> {
  const rows = await db.selectFrom('posts').select('author').distinct().where('status', '=', 'publish').where('type', 'in', [...types]).execute();
  return new Set(rows.map((r) => Number(r.author)));
}

export async function hasPublishedContent(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('author', '=', userId)
    .where('status', '=', 'publish')
    .where('type', 'in', [...PUBLIC_AUTHOR_TYPES])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
