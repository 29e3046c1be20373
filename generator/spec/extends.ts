/**
 * `extends: <deployment>`: a deployment that starts from another one's choices and adds its own.
 * Applied to the parsed sources before resolution, so the resolver sees one ordinary deployment.
 *
 * Merge rules (child over base): `site`, `authentication`, `bindings` and `settings` merge key by
 * key; `namespaces.include/exclude`, `routes.include/exclude` and `aliases` add up; `namespaces.order`
 * is the child's when it gives one, `namespaces.only` too (and then replaces the base's include and
 * exclude); `overrides` apply the base's first, then the child's (so the child's `set` wins).
 * `description` and `default` are never inherited. Chains are allowed.
 */
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { positionOf, type SourceFile } from './positions.ts';
import type { Loaded, RawDeployment, SpecSources } from './raw.ts';
import { didYouMean } from './suggest.ts';

/** Replaces each extending deployment's data by the merged data; reports unknown bases and cycles. */
export function applyExtends(sources: SpecSources): Diagnostic[] {
  const out: Diagnostic[] = [];
  const byName = new Map<string, Loaded<RawDeployment>>();
  for (const d of sources.deployments) if (d.valid && typeof d.data.deployment === 'string') byName.set(d.data.deployment, d);
  const failed = new Set(sources.failed.filter((f) => f.kind === 'deployment').flatMap((f) => f.names));
  const merged = new Map<string, { data: RawDeployment; origins: OverrideOrigin[] } | undefined>();

  const resolve = (dep: Loaded<RawDeployment>, chain: string[]): { data: RawDeployment; origins: OverrideOrigin[] } | undefined => {
    const name = dep.data.deployment;
    if (merged.has(name)) return merged.get(name);
    const own = { data: dep.data, origins: (dep.data.overrides ?? []).map((_, index) => ({ src: dep.src, index })) };
    const baseName = dep.data.extends;
    if (baseName === undefined) return own;
    const at = () => positionOf(dep.src, ['extends']);
    if (chain.includes(baseName)) {
      out.push(diagnostic('extendsCycle', at(), { name, chain: [...chain, name, baseName].slice(chain.indexOf(baseName)).map((n) => `\`${n}\``).join(' → ') }));
      return undefined;
    }
    const base = byName.get(baseName);
    if (base === undefined) {
      // A base whose file failed to load was reported already.
      if (!failed.has(baseName)) out.push(diagnostic('unknownDeployment', at(), { name: baseName, suggestion: didYouMean(baseName, byName.keys()) }));
      return undefined;
    }
    const from = resolve(base, [...chain, name]);
    if (from === undefined) return undefined;
    const result = { data: mergeDeployments(from.data, dep.data), origins: [...from.origins, ...own.origins] };
    merged.set(name, result);
    return result;
  };

  for (const dep of sources.deployments) {
    if (!dep.valid || dep.data.extends === undefined) continue;
    const result = resolve(dep, []);
    if (result !== undefined) {
      dep.data = result.data;
      dep.overrideOrigins = result.origins;
    }
  }
  return out;
}

/** Where a merged override was written: its file and its index in that file's `overrides`. */
export interface OverrideOrigin {
  src: SourceFile;
  index: number;
}

export function mergeDeployments(base: RawDeployment, child: RawDeployment): RawDeployment {
  const list = <T>(a: T[] | undefined, b: T[] | undefined): T[] | undefined => (a === undefined && b === undefined ? undefined : [...(a ?? []), ...(b ?? [])]);
  const map = <T extends object>(a: T | undefined, b: T | undefined): T | undefined => (a === undefined && b === undefined ? undefined : ({ ...a, ...b } as T));
  const merged: RawDeployment = {
    deployment: child.deployment,
    ...(child.description !== undefined ? { description: child.description } : {}),
    ...(child.default !== undefined ? { default: child.default } : {}),
    extends: child.extends,
  };
  const site = map(base.site, child.site);
  if (site) merged.site = site;
  const authentication = map(base.authentication, child.authentication);
  if (authentication) merged.authentication = authentication;
  const aliases = list(base.aliases, child.aliases);
  if (aliases) merged.aliases = aliases;
  if (base.namespaces || child.namespaces) {
    // A child's `only` names every namespace it serves: what the base included or excluded no longer counts.
    const childOnly = child.namespaces?.only;
    const include = list(childOnly ? undefined : base.namespaces?.include, child.namespaces?.include);
    const exclude = list(childOnly ? undefined : base.namespaces?.exclude, child.namespaces?.exclude);
    const only = childOnly ?? base.namespaces?.only;
    const order = child.namespaces?.order ?? base.namespaces?.order;
    merged.namespaces = { ...(include ? { include: [...new Set(include)] } : {}), ...(exclude ? { exclude: [...new Set(exclude)] } : {}), ...(only ? { only } : {}), ...(order ? { order } : {}) };
  }
  if (base.routes || child.routes) {
    const include = list(base.routes?.include, child.routes?.include);
    const exclude = list(base.routes?.exclude, child.routes?.exclude);
    merged.routes = { ...(include ? { include } : {}), ...(exclude ? { exclude } : {}) };
  }
  const bindings = map(base.bindings, child.bindings);
  if (bindings) merged.bindings = bindings;
  const overrides = list(base.overrides, child.overrides);
  if (overrides) merged.overrides = overrides;
  const settings = map(base.settings, child.settings);
  if (settings) merged.settings = settings;
  return merged;
}
