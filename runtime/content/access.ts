/**
 * The names a post type's capabilities go by, and the status an authorization error carries.
 * Whether a user may act on one object is decided in auth/post-access.ts; which requests may run
 * at all, by the route rules (auth/rules.ts).
 */
import { capabilityPlural } from '../../contract/post-types.ts';
import type { CurrentUser } from '../auth/current-user.ts';

export type PostType = 'post' | 'page';

/** The primitive capability names of a type: `edit_posts` / `edit_pages`... */
export function typeCap(type: string, verb: string): string {
  return `${verb}_${capabilityPlural(type)}`;
}

export function has(user: CurrentUser | null, cap: string): boolean {
  return !!user && user.caps.has(cap);
}

/** 401 for anonymous callers, 403 for a logged-in user, as rest_authorization_required_code. */
export function authStatus(user: CurrentUser | null): number {
  return user ? 403 : 401;
}
