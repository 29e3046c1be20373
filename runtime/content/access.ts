/**
 * What the current user may do with a post or page, decided as WordPress's map_meta_cap decides
 * it for the `post` and `page` types: meta capabilities (edit this post, read this private
 * page...) mapped onto the primitive ones of the user's roles.
 */
import type { CurrentUser } from '../auth/current-user.ts';
import { restError, type ErrorCode } from '../rest/errors.ts';

export type PostType = 'post' | 'page';

/** The primitive capability names of a type: `edit_posts` / `edit_pages`... */
export function typeCap(type: string, verb: string): string {
  return `${verb}_${type === 'page' ? 'pages' : 'posts'}`;
}

export function has(user: CurrentUser | null, cap: string): boolean {
  return !!user && user.caps.has(cap);
}

interface PostLike {
  type: string;
  status: string;
  author: number;
}

/** edit_post / delete_post on one item. */
function mapOwnership(user: CurrentUser | null, post: PostLike, verb: 'edit' | 'delete'): boolean {
  if (!user) return false;
  const type = post.type === 'page' ? 'page' : 'post';
  const own = post.author === user.id;
  const needs: string[] = [];
  if (own) {
    needs.push(post.status === 'publish' || post.status === 'future' ? typeCap(type, `${verb}_published`) : typeCap(type, verb));
  } else {
    needs.push(typeCap(type, `${verb}_others`));
    if (post.status === 'publish' || post.status === 'future') needs.push(typeCap(type, `${verb}_published`));
    else if (post.status === 'private') needs.push(typeCap(type, `${verb}_private`));
  }
  return needs.every((cap) => user.caps.has(cap));
}

export function canEdit(user: CurrentUser | null, post: PostLike): boolean {
  return mapOwnership(user, post, 'edit');
}

export function canDelete(user: CurrentUser | null, post: PostLike): boolean {
  return mapOwnership(user, post, 'delete');
}

/** WordPress's check_read_permission of the posts controller. */
export function canRead(user: CurrentUser | null, post: PostLike): boolean {
  if (post.status === 'publish') return true;
  if (post.status === 'private') {
    if (!user) return false;
    return post.author === user.id || has(user, typeCap(post.type, 'read_private'));
  }
  // Drafts, pending, future, trash: readable by those who can edit them.
  return canEdit(user, post);
}

/** 401 for anonymous callers, 403 for a logged-in user, as rest_authorization_required_code. */
export function authStatus(user: CurrentUser | null): number {
  return user ? 403 : 401;
}

export function denied(user: CurrentUser | null, code: ErrorCode, args: string[] = []) {
  return restError(code, args, {}, authStatus(user));
}
