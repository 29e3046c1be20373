/**
 * How two discovery documents differ, route by route: routes only on one side, and per route the
 * endpoints' methods and each arg's descriptor (compared with keys in any order). What
 * `specpress diff` prints, and what the live-import bench counts.
 */
import { argsOf, type DiscoveryDocument, type DiscoveryRoute } from './discovery.ts';

export interface Difference {
  route: string;
  /** only-site / only-spec: a route on one side only; methods; arg-*: one arg. */
  kind: 'only-site' | 'only-spec' | 'methods' | 'arg-only-site' | 'arg-only-spec' | 'arg-differs';
  detail: string;
}

/** JSON with object keys sorted, so key order does not count as a difference. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const methodsKey = (methods: string[]): string => [...methods].sort().join(',');

/** `site` is the live (or original) document, `spec` the one the spec produces. */
export function compareDiscovery(site: DiscoveryDocument, spec: DiscoveryDocument, inScope: (route: string, r: DiscoveryRoute) => boolean = () => true): Difference[] {
  const out: Difference[] = [];
  const siteRoutes = Object.entries(site.routes).filter(([p, r]) => inScope(p, r));
  const specRoutes = Object.entries(spec.routes).filter(([p, r]) => inScope(p, r));
  const specMap = new Map(specRoutes);
  const siteMap = new Map(siteRoutes);
  for (const [path] of siteRoutes) if (!specMap.has(path)) out.push({ route: path, kind: 'only-site', detail: 'route served by the site, not by the spec' });
  for (const [path] of specRoutes) if (!siteMap.has(path)) out.push({ route: path, kind: 'only-spec', detail: 'route in the spec, not served by the site' });
  for (const [path, siteRoute] of siteRoutes) {
    const specRoute = specMap.get(path);
    if (specRoute === undefined) continue;
    const siteEndpoints = new Map(siteRoute.endpoints.map((e) => [methodsKey(e.methods), e]));
    const specEndpoints = new Map(specRoute.endpoints.map((e) => [methodsKey(e.methods), e]));
    const siteKeys = [...siteEndpoints.keys()].join(' | ');
    const specKeys = [...specEndpoints.keys()].join(' | ');
    if (siteKeys !== specKeys) out.push({ route: path, kind: 'methods', detail: `endpoints ${siteKeys} on the site, ${specKeys} in the spec` });
    for (const [methods, siteEndpoint] of siteEndpoints) {
      const specEndpoint = specEndpoints.get(methods);
      if (specEndpoint === undefined) continue;
      const siteArgs = argsOf(siteEndpoint);
      const specArgs = argsOf(specEndpoint);
      for (const [name, d] of Object.entries(siteArgs)) {
        if (!(name in specArgs)) out.push({ route: path, kind: 'arg-only-site', detail: `${methods} ${name}: only on the site` });
        else if (canonical(d) !== canonical(specArgs[name])) out.push({ route: path, kind: 'arg-differs', detail: `${methods} ${name}: site ${canonical(d)} / spec ${canonical(specArgs[name])}` });
      }
      for (const name of Object.keys(specArgs)) if (!(name in siteArgs)) out.push({ route: path, kind: 'arg-only-spec', detail: `${methods} ${name}: only in the spec` });
    }
  }
  return out;
}
