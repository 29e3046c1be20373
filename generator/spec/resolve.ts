/**
 * Resolution: one DeploymentModel per deployment from the checked spec sources. Chooses the
 * namespaces and routes a deployment serves (optional parts, include/exclude), expands args
 * (shapes through bindings, resource fields), applies arg overrides, derives operation ids and
 * discovery patterns, and adds the implicit index route of every namespace. The order is the
 * discovery document's: `/`, then `/batch/v1` (the root file's routes), then each namespace's
 * index route and its routes in file order. Same spec in, same model out.
 */
import type {
  ArgSchema, DeploymentModel, Endpoint, HttpMethod, Permission, Resource, ResponseShape, Route, SiteDefaults, SourceRef, SpecModel,
} from '../../contract/model.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { ArgExpander } from './expand-args.ts';
import { deriveIndexOperationId, deriveOperationId } from './operation-id.ts';
import { captureNames, discoveryPattern, fullPath } from './paths.ts';
import { positionOf, type DataPath, type SourceFile } from './positions.ts';
import type { Loaded, RawDeployment, RawEndpoint, RawNamespace, RawPermission, RawRoute, RawRouteRef, SpecSources } from './raw.ts';
import { didYouMean, listNames } from './suggest.ts';

export const DEFAULT_SITE: SiteDefaults = {
  name: 'Site',
  description: '',
  gmt_offset: '0',
  timezone_string: '',
  page_for_posts: 0,
  page_on_front: 0,
  show_on_front: 'posts',
};

/**
 * Where each resolved route and endpoint was written (its file and path in it), for the checks
 * that run on the resolved model (semantic-filters.ts, semantic-names.ts, semantic-overlaps.ts)
 * and point at one or inside one (a filter's key). Kept beside the model, as expand-args.ts keeps
 * shape names, so nothing of it reaches the output or the digests of a model; and kept as paths,
 * so that a file's positions are looked up only when a check reports something in it.
 */
export const endpointOrigins = new WeakMap<Endpoint, Origin & { operationIdWritten: boolean }>();
const routeOrigins = new WeakMap<Route, Origin>();

interface Origin {
  src: SourceFile;
  at: DataPath;
  part?: 'key';
}

/** Where a resolved route (its key) or endpoint was written. */
export function sourceOf(item: Route | Endpoint): SourceRef | undefined {
  const origin = 'endpoints' in item ? routeOrigins.get(item) : endpointOrigins.get(item);
  return origin && positionOf(origin.src, origin.at, origin.part);
}

export function resolveSpec(sources: SpecSources): { model: SpecModel; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const deployments = sources.deployments.map((d) => resolveDeployment(sources, d, diagnostics));
  return { model: { deployments }, diagnostics };
}

/** What a deployment asks for on one route: served or not, and which methods it drops or keeps. */
interface RouteSelection {
  included?: Set<HttpMethod> | 'all';
  excluded?: Set<HttpMethod> | 'all';
}

export function resolveDeployment(sources: SpecSources, dep: Loaded<RawDeployment>, out: Diagnostic[]): DeploymentModel {
  const d = dep.data;
  const expander = new ArgExpander(
    new Map(sources.shapes.map((s) => [s.data.shape, s.data])),
    new Map(sources.resources.map((r) => [r.data.resource, r.data])),
    d.bindings ?? {},
  );
  const selections = routeSelections(d);
  const routes: Route[] = [];
  const namespaces: string[] = [];
  for (const ns of orderedNamespaces(sources.namespaces, d)) {
    // A namespace spanning files is listed, with its index route, once: at its first file.
    if (ns.data.namespace !== '' && !namespaces.includes(ns.data.namespace)) {
      namespaces.push(ns.data.namespace);
      routes.push(indexRoute(ns));
    }
    for (const [routePath, raw] of rootFirst(ns.data)) {
      const route = resolveRoute(ns, routePath, raw, selections.get(fullPath(ns.data.namespace, routePath)), expander, out);
      if (route) routes.push(route);
    }
  }
  // Root-level routes come before every namespace, whatever file order says.
  routes.sort((a, b) => Number(b.namespace === '') - Number(a.namespace === ''));
  applyOverrides(dep, routes, expander, out);
  const namespaceDescriptions = describedNamespaces(sources.namespaces, ['', ...namespaces]);
  return {
    name: d.deployment,
    description: d.description ?? '',
    isDefault: d.default === true,
    site: { ...DEFAULT_SITE, ...(sources.site?.data ?? {}), ...(d.site ?? {}) },
    authentication: { applicationPasswords: d.authentication?.applicationPasswords ?? false },
    aliases: (d.aliases ?? []).map((a) => ({ from: a.from, to: a.to, ...(a.discoverable ? { discoverable: true } : {}) })),
    namespaces,
    routes,
    resources: resolveResources(sources, expander),
    catalogs: Object.fromEntries(sources.data.map((f) => [f.data.data, structuredClone(f.data.items)])),
    settings: structuredClone(d.settings ?? {}),
    responseShapes: resolveResponseShapes(sources, routes, expander),
    ...(Object.keys(namespaceDescriptions).length ? { namespaceDescriptions } : {}),
  };
}

/**
 * The description of each served namespace (`root` for ''): that of its file named exactly after
 * it (core-v2.yaml), else of its first file that has one.
 */
function describedNamespaces(files: Loaded<RawNamespace>[], served: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of served) {
    const own = files.filter((f) => f.data.namespace === name && typeof f.data.description === 'string');
    const exact = own.find((f) => f.src.file.split('/').pop()!.replace(/\.ya?ml$/, '') === (name === '' ? 'root' : name.replace(/\//g, '-')));
    const description = (exact ?? own[0])?.data.description?.trim();
    if (description) out[name === '' ? 'root' : name] = description;
  }
  return out;
}

/**
 * Served namespaces in discovery order: the root file first, then those named in
 * `namespaces.order`, then the rest by file name. Optional ones only when included.
 */
function orderedNamespaces(files: Loaded<RawNamespace>[], d: RawDeployment): Loaded<RawNamespace>[] {
  const include = new Set(d.namespaces?.include ?? []);
  const exclude = new Set(d.namespaces?.exclude ?? []);
  const only = d.namespaces?.only === undefined ? undefined : new Set(d.namespaces.only);
  // `only` names the namespaces served, optional ones too; otherwise every one not optional.
  const chosen = (name: string, optional: boolean | undefined): boolean => include.has(name) || (only ? only.has(name) : !optional);
  const served = files.filter((f) => f.data.namespace === '' || (chosen(f.data.namespace, f.data.optional) && !exclude.has(f.data.namespace)));
  const order = d.namespaces?.order ?? [];
  const rank = (f: Loaded<RawNamespace>) => {
    if (f.data.namespace === '') return -1;
    const i = order.indexOf(f.data.namespace);
    return i === -1 ? order.length : i;
  };
  // Files of one namespace stay together, the one named exactly after it (core-v2.yaml) first.
  const byName = (f: Loaded<RawNamespace>) => f.src.file.split('/').pop()!.replace(/\.ya?ml$/, '') === f.data.namespace.replace(/\//g, '-');
  const firstIndex = new Map<string, number>();
  served.forEach((f, i) => { if (!firstIndex.has(f.data.namespace)) firstIndex.set(f.data.namespace, i); });
  return served
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || firstIndex.get(a.f.data.namespace)! - firstIndex.get(b.f.data.namespace)! || Number(byName(b.f)) - Number(byName(a.f)) || a.i - b.i)
    .map(({ f }) => f);
}

/** The root file's `/` route first, then its other routes in file order. */
function rootFirst(ns: RawNamespace): Array<[string, RawRoute]> {
  const entries = Object.entries(ns.routes ?? {});
  if (ns.namespace !== '') return entries;
  return [...entries.filter(([p]) => p === '/'), ...entries.filter(([p]) => p !== '/')];
}

function routeSelections(d: RawDeployment): Map<string, RouteSelection> {
  const selections = new Map<string, RouteSelection>();
  const note = (refs: RawRouteRef[] | undefined, key: keyof RouteSelection) => {
    for (const ref of refs ?? []) {
      const path = typeof ref === 'string' ? ref : ref.path;
      const methods = typeof ref === 'string' || !ref.methods ? 'all' : new Set(ref.methods);
      const selection = selections.get(path) ?? {};
      const previous = selection[key];
      selection[key] =
        previous === 'all' || methods === 'all' ? 'all' : new Set([...(previous ?? []), ...methods]);
      selections.set(path, selection);
    }
  };
  note(d.routes?.include, 'included');
  note(d.routes?.exclude, 'excluded');
  return selections;
}

function indexRoute(ns: Loaded<RawNamespace>): Route {
  const name = ns.data.namespace;
  const route: Route = {
    namespace: name,
    path: `/${name}`,
    pattern: `/${name}`,
    captures: [],
    endpoints: [
      {
        operationId: deriveIndexOperationId(name),
        methods: ['GET'],
        argsMode: 'declared',
        args: { namespace: { default: name }, context: { default: 'view' } },
        permission: { kind: 'public' },
        allowBatch: false,
        behavior: { kind: 'index' },
      },
    ],
  };
  // The index route is not written: it is where its namespace is named.
  const origin = { src: ns.src, at: ['namespace'] };
  routeOrigins.set(route, origin);
  endpointOrigins.set(route.endpoints[0]!, { ...origin, operationIdWritten: false });
  return route;
}

function resolveRoute(
  ns: Loaded<RawNamespace>,
  routePath: string,
  raw: RawRoute,
  selection: RouteSelection | undefined,
  expander: ArgExpander,
  out: Diagnostic[],
): Route | undefined {
  const optional = raw.optional === true;
  if (optional && !selection?.included) return undefined;
  if (selection?.excluded === 'all') return undefined;
  const path = fullPath(ns.data.namespace, routePath);
  const captures = raw.captures ?? {};
  const endpoints: Endpoint[] = [];
  raw.endpoints.forEach((e, i) => {
    let methods = e.methods;
    const included = selection?.included;
    if (optional && included instanceof Set && !methods.some((m) => included.has(m))) return;
    const excluded = selection?.excluded;
    if (excluded instanceof Set) methods = methods.filter((m) => !excluded.has(m));
    if (methods.length === 0) return;
    const at = ['routes', routePath, 'endpoints', i];
    const endpoint = resolveEndpoint(ns, routePath, e, methods, expander);
    endpointOrigins.set(endpoint, { src: ns.src, at, operationIdWritten: e.operationId !== undefined });
    checkIdParam(endpoint, captures, () => positionOf(ns.src, [...at, 'behavior', 'idParam']), path, out);
    endpoints.push(endpoint);
  });
  if (endpoints.length === 0) return undefined;
  const route: Route = {
    namespace: ns.data.namespace,
    path,
    pattern: discoveryPattern(path, captures),
    captures: captureNames(path).map((name) => ({ name, pattern: captures[name] })),
    endpoints,
    ...(raw.postType ? { postType: raw.postType } : {}),
  };
  routeOrigins.set(route, { src: ns.src, at: ['routes', routePath], part: 'key' });
  return route;
}

function resolveEndpoint(
  ns: Loaded<RawNamespace>,
  routePath: string,
  e: RawEndpoint,
  methods: HttpMethod[],
  expander: ArgExpander,
): Endpoint {
  const endpoint: Endpoint = {
    // Derived from the methods as written, so excluding one method keeps the id stable.
    operationId: e.operationId ?? deriveOperationId(ns.data.namespace, routePath, e.methods),
    methods: [...methods],
    argsMode: typeof e.args === 'string' ? e.args : 'declared',
    args: e.args && typeof e.args === 'object' ? expander.expandArgMap(e.args) : {},
    permission: toPermission(e.permission ?? ns.data.permission ?? 'public'),
    allowBatch: e.allowBatch === true,
  };
  if (e.renamedFrom) endpoint.renamedFrom = [...e.renamedFrom];
  if (e.behavior) endpoint.behavior = structuredClone(e.behavior);
  if (e.handler) endpoint.handler = e.handler;
  if (e.response?.deleted) endpoint.response = { deleted: e.response.deleted };
  else if (e.response?.resource) {
    // A success status other than the verb's usual one (an autosave's create answers 200, as WordPress's does).
    const status = e.response.status === undefined ? undefined : [e.response.status].flat();
    endpoint.response = { resource: e.response.resource, many: e.response.many === true, ...(e.response.keyed ? { keyed: true } : {}), ...(status ? { status } : {}) };
  }
  else if (e.response?.shape) {
    const status = e.response.status === undefined ? undefined : [e.response.status].flat();
    endpoint.response = { shape: expander.shapeName(e.response.shape), many: e.response.many === true, ...(status ? { status } : {}), ...(e.response.browser ? { browser: e.response.browser } : {}) };
  }
  else if (e.response?.media) endpoint.response = { media: e.response.media };
  if (e.description !== undefined) endpoint.description = e.description;
  if (e.deprecated !== undefined) endpoint.deprecated = e.deprecated;
  return endpoint;
}

/**
 * A behaviour's `idParam` names a capture or a declared arg; it can only be checked after
 * expansion, since the arg may come from a shape. Undeclared bodies may carry anything.
 */
function checkIdParam(endpoint: Endpoint, captures: Record<string, string>, at: () => SourceRef, path: string, out: Diagnostic[]): void {
  const idParam = (endpoint.behavior as { idParam?: string } | undefined)?.idParam;
  if (idParam === undefined || endpoint.argsMode === 'undeclared') return;
  if (idParam in captures || idParam in endpoint.args) return;
  // A capture is usually declared as an arg too: each name once.
  const known = [...new Set([...Object.keys(captures), ...Object.keys(endpoint.args)])];
  // Where it is written is looked up only for the diagnostic: most endpoints have none.
  out.push(diagnostic('unknownIdParam', at(), { name: idParam, method: endpoint.methods.join(', '), path, allowed: listNames(known), suggestion: didYouMean(idParam, known) }));
}

function toPermission(raw: RawPermission): Permission {
  if (raw === 'public') return { kind: 'public' };
  if ('capability' in raw) return { kind: 'capability', capability: raw.capability };
  return { kind: 'rule', rule: raw.rule };
}

/** Arg overrides, after expansion, so they see the args a shape or resource pulled in. */
function applyOverrides(dep: Loaded<RawDeployment>, routes: Route[], expander: ArgExpander, out: Diagnostic[]): void {
  (dep.data.overrides ?? []).forEach((o, i) => {
    // An inherited override (`extends:`) is reported where it is written, in the base's file.
    const origin = dep.overrideOrigins?.[i] ?? { src: dep.src, index: i };
    const at = (key: string) => positionOf(origin.src, ['overrides', origin.index, key]);
    const endpoint = routes.find((r) => r.path === o.path)?.endpoints.find((e) => e.methods.includes(o.method));
    if (!endpoint) {
      out.push(diagnostic('overrideNotServed', at('path'), { method: o.method, path: o.path, deployment: dep.data.deployment }));
      return;
    }
    const exists = o.arg in endpoint.args;
    if (o.add) {
      if (exists) out.push(diagnostic('argExists', at('arg'), { method: o.method, path: o.path, name: o.arg }));
      else endpoint.args[o.arg] = expander.expandDescriptor(o.add);
      return;
    }
    if (!exists) {
      const names = Object.keys(endpoint.args);
      out.push(diagnostic('unknownArg', at('arg'), { method: o.method, path: o.path, name: o.arg, allowed: listNames(names), suggestion: didYouMean(o.arg, names) }));
      return;
    }
    if (o.remove) delete endpoint.args[o.arg];
    else if (o.set) endpoint.args[o.arg] = { ...endpoint.args[o.arg], ...(expander.expandDescriptor(o.set) as ArgSchema) };
  });
}

function resolveResources(sources: SpecSources, expander: ArgExpander): Record<string, Resource> {
  const resources: Record<string, Resource> = {};
  for (const r of sources.resources) {
    resources[r.data.resource] = {
      name: r.data.resource,
      schema: { title: r.data.title, type: 'object', properties: expander.resourceFields(r.data.resource) },
    };
  }
  return resources;
}

/** The shapes this deployment's endpoints answer with (`response: { shape }`), their fields expanded. */
function resolveResponseShapes(sources: SpecSources, routes: Route[], expander: ArgExpander): Record<string, ResponseShape> {
  const shapes: Record<string, ResponseShape> = {};
  for (const endpoint of routes.flatMap((r) => r.endpoints)) {
    const r = endpoint.response;
    if (r === undefined || !('shape' in r) || r.shape in shapes) continue;
    const raw = sources.shapes.find((s) => s.data.shape === r.shape)!.data;
    shapes[r.shape] = { name: r.shape, description: raw.description ?? '', fields: expander.shapeArgs(r.shape), open: raw.open === true };
  }
  return shapes;
}
