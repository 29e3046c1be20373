/**
 * Step 1 of dispatch: find the route and endpoint for a path and method, as WordPress's
 * match_request_to_handler does: routes in table order, the whole path matched
 * case-insensitively, captures taken from the named groups, HEAD served by GET endpoints.
 * A deployment alias (core/v2 also served as wp/v2) is tried when the path as sent matches nothing.
 */
import type { App, EndpointDef, RouteDef } from './types.ts';

export interface RouteMatch {
  route: RouteDef;
  /** Undefined when the route exists but has no endpoint for the method. */
  endpoint?: EndpointDef;
  captures: Record<string, string>;
}

const compiled = new WeakMap<RouteDef, RegExp>();

function regexOf(route: RouteDef): RegExp {
  let re = compiled.get(route);
  if (!re) {
    re = new RegExp(`^(?:${route.regex.replace(/^\^/, '').replace(/\$$/, '')})$`, 'i');
    compiled.set(route, re);
  }
  return re;
}

/**
 * Matches already made, per app (its route table and aliases): a deployment has hundreds of routes (studio 425
 * endpoints) tried in order by regex, and a site answers the same few paths again and again.
 * Bounded: emptied when full (a crawler walking every id must not grow it without end).
 */
const MEMO_LIMIT = 2000;
const memos = new WeakMap<object, Map<string, RouteMatch | null>>();

/** The first route whose pattern matches `path` (any method); with the endpoint for `method` when there is one. */
export function matchRoute(app: Pick<App, 'routes' | 'deployment'>, path: string, method: string): RouteMatch | undefined {
  let memo = memos.get(app);
  if (!memo) memos.set(app, (memo = new Map()));
  const key = `${method} ${path}`;
  let found = memo.get(key);
  if (found === undefined) {
    found = matchUncached(app, path, method) ?? null;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, found);
  }
  // Each caller gets its own captures (dispatch adds them to the request's params).
  return found ? { ...found, captures: { ...found.captures } } : undefined;
}

function matchUncached(app: Pick<App, 'routes' | 'deployment'>, path: string, method: string): RouteMatch | undefined {
  for (const candidate of [path, ...aliasedPaths(app, path)]) {
    const found = matchIn(app.routes, candidate, method);
    if (found) return found;
  }
  return undefined;
}

function matchIn(routes: RouteDef[], path: string, method: string): RouteMatch | undefined {
  let firstRoute: RouteMatch | undefined;
  const wanted = method === 'HEAD' ? 'GET' : method;
  for (const route of routes) {
    const m = regexOf(route).exec(path);
    if (!m) continue;
    const captures: Record<string, string> = {};
    for (const [k, v] of Object.entries(m.groups ?? {})) if (v !== undefined) captures[k] = v;
    const endpoint = route.endpoints.find((e) => (e.methods as string[]).includes(wanted));
    // WordPress keeps looking through later routes when this one lacks the method.
    if (endpoint) return { route, endpoint, captures };
    firstRoute ??= { route, captures };
  }
  return firstRoute;
}

/** `/wp/v2/posts` → `/core/v2/posts` for an alias `{from: core/v2, to: wp/v2}`. */
function aliasedPaths(app: Pick<App, 'deployment'>, path: string): string[] {
  const out: string[] = [];
  for (const { from, to } of app.deployment.aliases ?? []) {
    const prefix = `/${to}`;
    if (path === prefix || path.startsWith(`${prefix}/`)) out.push(`/${from}${path.slice(prefix.length)}`);
  }
  return out;
}
