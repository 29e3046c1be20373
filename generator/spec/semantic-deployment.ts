/**
 * Rule 4 of FORMAT.md, the part that needs no arg expansion: deployments name namespaces,
 * routes, methods, shapes and aliases that exist, their overrides say one thing each, and
 * exactly one deployment is the default. Override args are checked by the resolver.
 */
import type { HttpMethod, SourceRef } from '../../contract/model.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { positionOf, type DataPath, type SourceFile } from './positions.ts';
import type { Loaded, RawDeployment, RawRouteRef, SpecSources } from './raw.ts';
import { checkDescriptor, type NameSets } from './semantic-descriptor.ts';
import { didYouMean, listNames } from './suggest.ts';

/** What the deployment checks need to know of each route, by full path. */
export interface RouteInfo {
  optional: boolean;
  methods: Set<HttpMethod>;
  /** The file that declares it, and where (its key: looked up for a message only). */
  declaredIn: string;
  declaredAt: () => SourceRef;
}

/** Rule 4 (what can be checked before expansion; override args are checked by the resolver). */
export function checkDeployment(
  dep: Loaded<RawDeployment>,
  names: NameSets,
  namespaceOptional: Map<string, boolean>,
  routes: Map<string, RouteInfo>,
  unsureNamespaces: string[],
  out: Diagnostic[],
): void {
  const { src, data } = dep;
  // A route of a namespace whose file did not load is not known to be missing: no report.
  const unsure = (path: string): boolean => unsureNamespaces.some((ns) => path === `/${ns}` || path.startsWith(`/${ns}/`));
  for (const other of ['include', 'exclude'] as const) {
    if (data.namespaces?.only !== undefined && data.namespaces[other] !== undefined) {
      out.push(diagnostic('onlyWithList', positionOf(src, ['namespaces', other], 'key'), { name: data.deployment, other }));
    }
  }
  for (const list of ['include', 'exclude', 'only', 'order'] as const) {
    (data.namespaces?.[list] ?? []).forEach((name, i) => {
      const at = () => positionOf(src, ['namespaces', list, i]);
      if (!names.namespaces.has(name)) out.push(diagnostic('unknownNamespace', at(), { name, suggestion: didYouMean(name, names.namespaces) }));
      else if (list === 'include' && namespaceOptional.get(name) === false) out.push(diagnostic('notOptional', at(), { kind: 'namespace', name }));
    });
  }
  for (const list of ['include', 'exclude'] as const) {
    (data.routes?.[list] ?? []).forEach((ref, i) => checkRouteRef(src, ['routes', list, i], ref, list, routes, unsure, out));
  }
  (data.aliases ?? []).forEach((alias, i) => {
    if (!names.namespaces.has(alias.from)) {
      out.push(diagnostic('unknownNamespace', positionOf(src, ['aliases', i, 'from']), { name: alias.from, suggestion: didYouMean(alias.from, names.namespaces) }));
    }
  });
  for (const [from, to] of Object.entries(data.bindings ?? {})) {
    if (!names.shapes.has(from)) out.push(diagnostic('unknownShape', positionOf(src, ['bindings', from], 'key'), { name: from, suggestion: didYouMean(from, names.shapes) }));
    if (!names.shapes.has(to)) out.push(diagnostic('unknownShape', positionOf(src, ['bindings', from]), { name: to, suggestion: didYouMean(to, names.shapes) }));
  }
  (data.overrides ?? []).forEach((override, i) => {
    const at: DataPath = ['overrides', i];
    const actions = (['set', 'add', 'remove'] as const).filter((k) => override[k] !== undefined);
    if (actions.length !== 1) {
      out.push(diagnostic('overrideAction', positionOf(src, at), { problem: actions.length ? `${actions.map((a) => `\`${a}\``).join(' and ')}` : 'no action' }));
    }
    if (checkRouteRef(src, [...at, 'path'], override.path, 'override', routes, unsure, out)) {
      const route = routes.get(override.path)!;
      if (!route.methods.has(override.method)) {
        out.push(diagnostic('unknownMethod', positionOf(src, [...at, 'method']), { path: override.path, method: override.method, allowed: listNames(route.methods) }));
      }
    }
    for (const key of ['set', 'add'] as const) {
      if (override[key]) checkDescriptor(src, [...at, key], override[key], names, out, key === 'set');
    }
  });
}

/** A route named by a deployment exists (and has the methods named); true when the route exists. */
function checkRouteRef(src: SourceFile, at: DataPath, ref: RawRouteRef, list: string, routes: Map<string, RouteInfo>, unsure: (path: string) => boolean, out: Diagnostic[]): boolean {
  const path = typeof ref === 'string' ? ref : ref.path;
  const pathAt = typeof ref === 'string' ? at : [...at, 'path'];
  const route = routes.get(path);
  if (!route) {
    if (unsure(path)) return false;
    out.push(diagnostic('unknownRoute', positionOf(src, pathAt), { path, suggestion: didYouMean(path, routes.keys()) }));
    return false;
  }
  if (typeof ref !== 'string') {
    (ref.methods ?? []).forEach((method, j) => {
      if (!route.methods.has(method)) out.push(diagnostic('unknownMethod', positionOf(src, [...at, 'methods', j]), { path, method, allowed: listNames(route.methods) }));
    });
  }
  if (list === 'include' && !route.optional) out.push(diagnostic('notOptional', positionOf(src, pathAt), { kind: 'route', name: path }));
  return true;
}

export function checkDefaultDeployment(sources: SpecSources, out: Diagnostic[]): void {
  const named = sources.deployments.filter((d) => typeof (d.data as RawDeployment)?.deployment === 'string');
  if (named.length === 0) {
    out.push(diagnostic('noDeployments', { file: `${sources.root}/deployments`, line: 1, col: 1 }));
    return;
  }
  const defaults = named.filter((d) => d.data.default === true);
  if (defaults.length === 0) {
    out.push(diagnostic('defaultDeployment', positionOf(named[0].src, ['deployment']), { problem: 'no deployment is the default' }));
  }
  for (const extra of defaults.slice(1)) {
    out.push(diagnostic('defaultDeployment', positionOf(extra.src, ['default']), { problem: `\`${extra.data.deployment}\` is a second default after \`${defaults[0].data.deployment}\`` }));
  }
}
