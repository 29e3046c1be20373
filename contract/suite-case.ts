/**
 * What the cases of the generated suites share (permission-case.ts, success-case.ts): who they
 * call as, and the route they call with what fills its captures and its params.
 */

/** Who the suites call as: no account, then each WordPress role, least to most able. */
export const IDENTITIES = ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'administrator'] as const;
export type Identity = (typeof IDENTITIES)[number];

/** A route of the spec a case calls. */
export interface CaseTarget {
  method: string;
  /** The route's spec path, e.g. `/core/v2/posts/<id>`. */
  path: string;
  captures: Array<{ name: string; pattern: string }>;
  /** The post type the route serves (spec `postType:`): its captures name that type's fixture objects. */
  postType?: string;
  /** Values for captures that name no fixture object (a plugin slug, a key...). */
  samples: Record<string, string>;
  /** The params sent: the query of a GET or DELETE, else a JSON body. */
  params: Record<string, unknown>;
}
