/**
 * One success-path case of the generated contract suites (`tests/success.test.ts` of a
 * deployment): written by generator/emit/success-tests.ts, run by runtime/testing/success-paths.ts.
 * One per endpoint (route × method).
 */
import type { CaseTarget, Identity } from './suite-case.ts';

/** A request made before the case's own, whose answer's `id` fills one capture (the record a path names). */
export interface SuccessSetup {
  method: string;
  /** A path without captures. */
  path: string;
  params: Record<string, unknown>;
  /** The capture the created object's id fills (none: the step only puts a record in the state the case needs). */
  capture?: string;
  /** Values this step's answer gives to later steps and the case: saved name -> answer field (`data.variable.id` reaches into nested objects). */
  save?: Record<string, string>;
  /** Params of this step taken from values saved by earlier steps: param name -> saved name. */
  use?: Record<string, string>;
  /** Params of the case taken from this step's answer: param name -> answer field (an upload's `source_url`). */
  into?: Record<string, string>;
  /** Send a small PNG as the body (a media upload) instead of `params`. */
  upload?: boolean;
  /** Params whose value must be new in the suite (a variable's label is unique): the runner adds a suffix of its own. */
  unique?: string[];
}

export interface SuccessCase extends CaseTarget {
  /** `GET /core/v2/posts/<id>`. */
  name: string;
  /** Who calls: an identity the endpoint's permission lets through. */
  as: Identity;
  setup?: SuccessSetup[];
  /** The body is a small PNG (a media upload), not `params`. */
  upload?: boolean;
  /** Params (or `<capture>`s) of the case filled with values the setup saved: name -> saved name. A list param gets a list of one. */
  use?: Record<string, string>;
  /**
   * A user made for this case alone: `capture` fills `<id>` with it (a user delete), `caller`
   * makes the call with its credentials, in the role of `as` (deleting one's own account must
   * not delete the identities the other cases call as).
   */
  madeUser?: 'capture' | 'caller';
  /** Params whose value is the id of an existing user other than the one the call acts on (a delete's `reassign`). */
  userParams?: string[];
  /** Params whose value must be new in the suite, as on a setup step. */
  unique?: string[];
  /** Params whose value is the address of a published post of this site (what oEmbed reads). */
  linkParams?: string[];
  /**
   * Params whose value is the address of a page a stand-in server on 127.0.0.1 serves (what the
   * link preview fetches); the outbound guard lets loopback through for this call only.
   */
  pageParams?: string[];
  /** `handler: custom`: a body not written yet answers 501 `rest_not_implemented`, counted apart. */
  custom?: boolean;
}

/** An endpoint that cannot succeed on a test server, called anyway: it must answer `status` as documented. */
export interface UnreachableCase extends SuccessCase {
  status: number;
  reason: string;
}
