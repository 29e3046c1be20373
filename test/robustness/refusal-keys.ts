/**
 * Which hostile JSON bodies the sweep may send once instead of once per endpoint. A body the
 * server refuses at its params step never reaches a permission rule, a handler or the database:
 * what it runs is JSON decoding (the body text alone), then the merge, coercion, validation and
 * error message of the refused arg (its name, its schema and the value alone). The same body for
 * an arg of the same name and schema, sent the same way, runs that same code on the same data
 * wherever it is sent, so the sweep sends it once. What follows a refusal on each route (the
 * resources' rewrite of a params error, the Allow header) reads the route, the user and the
 * query string, never the body: each route still gets a refused body of its own (the first),
 * which runs those steps for all.
 *
 * Which bodies are refused is asked of the server's own steps (decodeJson, mergeParams,
 * validateParams) with the request's own route match, not guessed. Only a clean refusal of the
 * one arg tried (rest_invalid_param naming it alone) or of the JSON itself counts; a body the
 * steps accept, refuse otherwise, or fail on with anything else is sent to every endpoint, so
 * every value that reaches a handler and the database still reaches each of them: that is where
 * a 5xx hides. Each refused body that is sent carries the code the server must answer for it
 * (`refusedWith`): were these steps ever not what the server runs, the sweep fails instead of
 * leaving out bodies the server would have handled.
 *
 * The same holds for an anonymous caller's body the params step accepts on an endpoint guarded by
 * a capability: what runs after the params step is the capability check, which refuses every
 * anonymous caller whatever the params (auth/permission.ts), and the route's Allow header. Such a
 * body (all args at once, the same names, schemas, captures and value) is sent once too, each
 * route still getting its first, and must be answered 401 rest_forbidden.
 *
 * None of the code such a refused body runs reads the database beyond signing the caller in,
 * which every other request does too: it is the same code on either engine. So the PostgreSQL
 * pass of the suite sends none of them, and the SQLite pass (which the suite always runs beside
 * it: scripts/test-both-engines.mjs) sends each once and checks the predicted answer. Every body
 * the steps accept goes in both passes: that is where an engine's own 5xx would hide.
 */
import { decodeJson } from '../../runtime/rest/json-body.ts';
import { matchRoute } from '../../runtime/rest/match-route.ts';
import { mergeParams } from '../../runtime/rest/params.ts';
import { RestError } from '../../runtime/rest/errors.ts';
import { validateParams } from '../../runtime/rest/validate-params.ts';
import type { App, EndpointDef } from '../../runtime/rest/types.ts';
import { testEngine } from '../../runtime/testing/test-database.ts';

/** Keywords whose value maps names to schemas (the names are kept, the schemas read as schemas). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);
/** Keywords whose value is data, kept as it is. */
const DATA = new Set(['enum', 'default', 'examples', 'const', 'required']);

/** A schema without its prose (`description`, `title`): what validation reads. */
function withoutProse(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutProse);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' || key === 'title') continue;
    if (DATA.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutProse(sub)]));
    else out[key] = withoutProse(value);
  }
  return out;
}

function schemaKey(schema: unknown): string {
  return JSON.stringify(withoutProse(schema));
}

/**
 * What the server's JSON decoder makes of a hostile value: the value as a handler would see it,
 * or the decoder's refusal. Computed once per value: the sweep asks for each arg.
 */
export type Decoded = { value: unknown } | { error: { code: number } };

export function decodedOnce(value: unknown): Decoded {
  return decodeJson(JSON.stringify({ v: value }));
}

/** A body refused the same way wherever it goes: its key, and the answer the server must give. */
export interface Refusal {
  key: string;
  code: string;
  status: number;
}

/**
 * The key under which a JSON body whose params are `params` (each value `decoded` or, for a
 * decoder refusal, the whole body refused) is refused the same way on any endpoint, or undefined
 * when it must be sent here whatever was sent elsewhere. `route` is the path after the REST root
 * as the server dispatches it, `method` the method it dispatches (an override's, not the wire's);
 * `how` says who sends the body and how it travels (wire method, headers), part of the key;
 * `valueName` names the hostile value the body carries.
 */
export function refusalKey(app: Pick<App, 'routes' | 'deployment'>, route: string, method: string, how: string, names: string[], decoded: Decoded, arg: string | undefined, valueName: string): Refusal | undefined {
  // Refused before any arg is looked at, for the value's text: the arg's name around it changes
  // nothing the decoder does.
  if ('error' in decoded) return { key: `${how} json ${decoded.error.code} ${valueName}`, code: 'rest_invalid_json', status: 400 };
  const match = matchRoute(app, route.split('?')[0]!, method);
  const endpoint: EndpointDef | undefined = match?.endpoint;
  if (!match || !endpoint || route.includes('?')) return undefined;
  // Each param its own copy, as JSON.parse would give: nothing the steps do to one reaches another.
  const json = Object.fromEntries(names.map((n) => [n, structuredClone((decoded.value as { v: unknown }).v)]));
  const argsKey = () => JSON.stringify(Object.entries(endpoint.args).map(([name, schema]) => [name, withoutProse(schema)]));
  try {
    validateParams(endpoint, mergeParams(method, { json }, {}, match.captures, endpoint));
  } catch (error) {
    if (!(error instanceof RestError) || error.code !== 'rest_invalid_param') return undefined;
    const named = Object.keys((error.data.params ?? {}) as Record<string, string>);
    // One arg tried: refused for that arg alone. All args at once: refused for the set, keyed by all of them.
    const refused = { code: 'rest_invalid_param', status: 400 };
    if (arg !== undefined) return named.length === 1 && named[0] === arg ? { key: `${how} ${method} ${arg} ${schemaKey(endpoint.args[arg])} ${valueName}`, ...refused } : undefined;
    return { key: `${how} ${method} ${names.join(',')} ${argsKey()} ${named.join(',')} ${valueName}`, ...refused };
  }
  // Accepted: only an anonymous caller's, all args at once, on a capability-guarded endpoint is
  // refused the same way everywhere (by the capability check, after the params it was given).
  if (arg !== undefined || !how.startsWith('anonymous ') || endpoint.permission.kind !== 'capability') return undefined;
  return { key: `${how} ${method} accepted ${names.join(',')} ${argsKey()} ${JSON.stringify(match.captures)} ${valueName}`, code: 'rest_forbidden', status: 401 };
}

/**
 * The sweep's bookkeeping: whether to send a body, given what was sent before. A refused body
 * goes when its key is new or its route has had no refused body yet (for the steps that follow a
 * refusal on that route); any other body always goes.
 */
export class OncePerRefusal {
  private readonly keys = new Set<string>();
  private readonly routes = new Set<string>();
  skipped = 0;

  constructor(
    private readonly app: Pick<App, 'routes' | 'deployment'>,
    /** Whether refused bodies are sent at all (not in the PostgreSQL pass: see above). */
    private readonly sendsRefusals = testEngine() === 'sqlite',
  ) {}

  /**
   * Undefined: leave this body out. Otherwise send it, and when it is a refusal the code the
   * server must answer (checked by the sweep: were the steps asked here not the server's, the
   * bodies left out would not be what the server refuses, and the sweep fails).
   */
  check(route: string, method: string, how: string, names: string[], decoded: Decoded, arg: string | undefined, valueName: string): { refusedWith?: string; refusedStatus?: number } | undefined {
    const refusal = refusalKey(this.app, route, method, how, names, decoded, arg, valueName);
    if (refusal === undefined) return {};
    const where = `${how} ${method} ${route}`;
    if (!this.sendsRefusals || (this.keys.has(refusal.key) && this.routes.has(where))) {
      this.skipped++;
      return undefined;
    }
    this.keys.add(refusal.key);
    this.routes.add(where);
    return { refusedWith: refusal.code, refusedStatus: refusal.status };
  }
}
