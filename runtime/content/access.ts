/**
 * What the current user may do with a post or page. Object-level decisions (edit this post,
 * read this private page) go through the auth helper's map_meta_cap port, fed with the rows
 * already loaded, so one set of rules decides here and in the endpoint permissions.
 */
import { capabilityPlural } from '../../contract/post-types.ts';
import type { Kysely } from 'kysely';
import type { CurrentUser } from '../auth/current-user.ts';
import { hasAll, loadPostFacts, mapMetaCap, type PostFacts } from '../auth/capabilities.ts';
import type { Database } from '../store/schema.ts';

export type PostType = 'post' | 'page';

/** The primitive capability names of a type: `edit_posts` / `edit_pages`... */
export function typeCap(type: string, verb: string): string {
  return `${verb}_${capabilityPlural(type)}`;
}

export function has(user: CurrentUser | null, cap: string): boolean {
  return !!user && user.caps.has(cap);
}

interface PostLike {
  id: number;
  type: string;
  status: string;
  author: number;
  parent: number;
}

async function can(db: Kysely<Database>, user: CurrentUser | null, cap: string, post: PostLike): Promise<boolean> {
  if (!user) return false;
  // A trashed post is judged by the status it had, which only its meta knows.
  const load = (id: number): Promise<PostFacts | undefined> =>
    id === post.id && post.status !== 'trash' ? Promise.resolve(post) : loadPostFacts(db, id);
  return hasAll(user, await mapMetaCap(cap, user, post.id, load));
}

export function canEdit(db: Kysely<Database>, user: CurrentUser | null, post: PostLike): Promise<boolean> {
  return can(db, user, 'edit_post', post);
}

export function canDelete(db: Kysely<Database>, user: CurrentUser | null, post: PostLike): Promise<boolean> {
  return can(db, user, 'delete_post', post);
}

/** WordPress's check_read_permission: published items are public, the rest need read_post. */
export async function canRead(db: Kysely<Database>, user: CurrentUser | null, post: PostLike): Promise<boolean> {
  if (post.status === 'publish') return true;
  return can(db, user, 'read_post', post);
}

/** 401 for anonymous callers, 403 for a logged-in user, as rest_authorization_required_code. */
export function authStatus(user: CurrentUser | null): number {
  return user ? 403 : 401;
}
