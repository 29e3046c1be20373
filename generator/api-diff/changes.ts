/**
 * What `specpress diff <git-ref>` reports: the changes of one deployment's interface between the
 * spec at a commit and the spec now, each classed as a client sees it. Plain data, printed as text
 * or as JSON by format.ts; the JSON is these objects plus a `message` line, so their fields are
 * the format tools read.
 */
import type { HttpMethod } from '../../contract/model.ts';

export type ChangeKind =
  | 'deployment-added'
  | 'deployment-removed'
  | 'alias-added'
  | 'alias-removed'
  | 'route-added'
  | 'route-removed'
  | 'capture-changed'
  | 'method-added'
  | 'method-removed'
  /** The endpoint went from described params to "any body" or back (`args: undeclared`). */
  | 'params-changed'
  | 'arg-added'
  | 'arg-removed'
  | 'arg-changed'
  /** The answer as a whole: a list where it was one item, text where it was JSON. */
  | 'response-changed'
  | 'response-field-added'
  | 'response-field-removed'
  | 'response-field-changed';

/**
 * What a change does to the values a descriptor admits: `narrowed` admits fewer (a type dropped,
 * a minimum raised, an enum value removed, an arg made required), `widened` more, `changed`
 * neither provably (a format swapped for another, a new default).
 */
export type Effect = 'narrowed' | 'widened' | 'changed';

/** The part of a descriptor that changed. */
export type Aspect =
  | 'type'
  | 'enum'
  | 'required'
  | 'default'
  | 'minimum'
  | 'maximum'
  | 'exclusiveMinimum'
  | 'exclusiveMaximum'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'maxItems'
  | 'uniqueItems'
  | 'format'
  | 'pattern'
  | 'items'
  | 'additionalProperties'
  | 'oneOf'
  | 'anyOf'
  | 'many'
  | 'keyed'
  | 'media';

export type ChangeClass = 'breaking' | 'non-breaking';

export interface ApiChange {
  class: ChangeClass;
  kind: ChangeKind;
  /** The route in the spec's form (`/core/v2/posts/<id>`); for an alias, its namespace root; '' for a whole deployment. */
  route: string;
  /** The methods the change concerns, in the order GET, POST, PUT, PATCH, DELETE; [] for a whole route or deployment. */
  methods: HttpMethod[];
  /** The arg or answer field (`tags[]`, `guid.rendered`), the capture, or the aliased namespace. */
  subject?: string;
  aspect?: Aspect;
  effect?: Effect;
  /** The value before and after (absent: none); an enum's values added or removed. */
  from?: unknown;
  to?: unknown;
  added?: unknown[];
  removed?: unknown[];
  /** An added arg that callers must send. */
  required?: boolean;
  /** A response field added to or removed from these contexts only (it stays in the others). */
  contexts?: string[];
  /** What the endpoint answers with (`resource post`, `shape form-entry`), for response changes. */
  response?: string;
}

/** A change as compare-models.ts finds it, before classify.ts classes it. */
export type ChangeDraft = Omit<ApiChange, 'class'>;

export interface DeploymentDiff {
  name: string;
  /** `added` / `removed`: the deployment exists on one side only (one change says so). */
  status: 'compared' | 'added' | 'removed';
  breaking: number;
  nonBreaking: number;
  changes: ApiChange[];
}

export interface ApiDiff {
  from: { ref: string; commit: string };
  to: 'working tree';
  /** The spec folder inside the repository (`spec`). */
  spec: string;
  summary: { changes: number; breaking: number; nonBreaking: number };
  deployments: DeploymentDiff[];
}

export const METHOD_ORDER: HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export const sortMethods = (methods: Iterable<HttpMethod>): HttpMethod[] => [...methods].sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
