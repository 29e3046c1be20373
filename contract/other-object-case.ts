/**
 * One "another object" case of the generated permission suites: written by
 * generator/emit/other-object-tests.ts, run by runtime/testing/other-object.ts.
 */
import type { RoleName } from './roles.ts';

export interface OtherObjectCase {
  method: string;
  /** The route's spec path, e.g. `/core/v2/posts/<parent>/revisions/<id>`. */
  path: string;
  /** The route's capture names, in path order. */
  captures: string[];
  /** `post`: a post type's item (with `postType`); `user`: `/users/<id>`; `me`: `/users/me`. */
  kind: 'post' | 'user' | 'me';
  postType?: string;
  /** The identity acting: it may act on its own object and not on the other's. */
  role: RoleName;
  /** What the request asks to change (valid for the endpoint). */
  params: Record<string, unknown>;
  /** Whether the endpoint may run inside /batch/v1. */
  batch: boolean;
}
