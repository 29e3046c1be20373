/**
 * The object a request acts on, decided once: the route's permission rule resolves it and judges
 * it, and the handler acts on that same object (`ctx.target`), never on an id it reads again from
 * the params. As in WordPress's controllers, where the permission callback and the handler both
 * read `$request['id']`, and `/users/me` sets that id to the caller's before either runs:
 * - the path names the object: captures are merged last (rest/params.ts), so an `id` or `parent`
 *   in the query, a JSON or form body, or a batch item's body never points elsewhere;
 * - the routes of the caller's own account take the caller's id, whatever was sent (`forCaller`).
 */
import type { StoredPostFacts } from './capabilities.ts';
import type { PermissionContext } from './permission.ts';
import { restError } from '../rest/errors.ts';

export interface RequestTarget {
  /** The post, page or attachment the route's id names, as its rule loaded and judged it. */
  post?: StoredPostFacts;
  /** The post a revision or autosave route hangs under. */
  parent?: StoredPostFacts;
  /** The revision or autosave the route's id names under `parent` (deleting one). */
  child?: StoredPostFacts;
  /** The account the route acts on: the id captured, or the caller's own on `/users/me`. */
  userId?: number;
  /** The category or tag the route's id names, in the route's taxonomy. */
  termId?: number;
}

/** The caller's own account, as `/users/me` makes it the request's id (0 for an anonymous caller). */
export function forCaller(ctx: PermissionContext): number {
  const id = ctx.user?.id ?? 0;
  ctx.params = { ...ctx.params, id };
  return id;
}

/**
 * What a handler acts on, as its rule resolved it. A service reaching for a target its route's
 * rule did not resolve is a spec or wiring mistake: it fails closed instead of guessing from the
 * params.
 */
export function targetOf<K extends keyof RequestTarget>(ctx: { target?: RequestTarget }, kind: K): NonNullable<RequestTarget[K]> {
  const value = ctx.target?.[kind];
  if (value === undefined) throw restError('rest_target_unresolved', [kind]);
  return value as NonNullable<RequestTarget[K]>;
}
