/**
 * Merges a request's params in WordPress's precedence (WP_REST_Request::get_parameter_order):
 * JSON body over form/multipart body over query string over defaults, except that the path's
 * captures win over all: they name the object the permission rule judges and the handler acts
 * on (auth/target.ts), so a body or query `id` cannot point elsewhere (WordPress lets a JSON `id`
 * override the path's, judging and acting on that other object).
 * A JSON body counts whatever the method (WordPress reads it even on GET); a form body only
 * for methods that carry one.
 */
import type { EndpointDef } from './types.ts';
import type { ParsedBody } from './request-body.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function mergeParams(
  method: string,
  body: ParsedBody,
  query: Record<string, unknown>,
  captures: Record<string, string>,
  endpoint: EndpointDef,
): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  // Each request gets its own copy of an object default (a handler may change it); a primitive is its own copy.
  for (const [name, value] of defaultsOf(endpoint)) defaults[name] = value !== null && typeof value === 'object' ? structuredClone(value) : value;
  const layers = [defaults, query];
  if (BODY_METHODS.has(method)) layers.push(body.form ?? {});
  layers.push(body.json ?? {}, captures);
  return Object.assign({}, ...layers);
}

const endpointDefaults = new WeakMap<EndpointDef, Array<[string, unknown]>>();

/** The endpoint's args that have a default, listed once per endpoint. */
function defaultsOf(endpoint: EndpointDef): Array<[string, unknown]> {
  let list = endpointDefaults.get(endpoint);
  if (!list) {
    list = Object.entries(endpoint.args ?? {}).filter(([, arg]) => arg.default !== undefined).map(([name, arg]) => [name, arg.default]);
    endpointDefaults.set(endpoint, list);
  }
  return list;
}

/**
 * Only the params the endpoint declares, as WordPress's controllers read them (`$registered`
 * guards every query arg): an undeclared `?parent=1` on a type without parents stays a raw
 * string and must never reach a query builder.
 */
export function declaredParams<P extends Record<string, unknown>>(endpoint: EndpointDef, params: P): Partial<P> {
  const declared: Partial<P> = {};
  for (const name of Object.keys(endpoint.args ?? {})) if (name in params) declared[name as keyof P] = params[name as keyof P];
  return declared;
}
