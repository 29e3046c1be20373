/**
 * Size of a resolved spec: per deployment and for the union of all deployments, the counts the
 * interface document speaks in (namespaces, paths, (path, method) pairs, endpoints, args), in
 * total and per namespace. Used by `specpress spec stats` and by tests.
 */
import type { DeploymentModel, Route } from '../../contract/model.ts';

export interface Counts {
  namespaces: number;
  paths: number;
  pairs: number;
  endpoints: number;
  args: number;
}

export interface StatsRow {
  name: string;
  totals: Counts;
  /** Keyed by namespace; root-level routes under `(root)`. */
  perNamespace: Record<string, Counts>;
}

export const ROOT_LABEL = '(root)';

/** Distinct keys per count, so the union of deployments counts each thing once. */
class Tally {
  readonly namespaces = new Set<string>();
  readonly paths = new Set<string>();
  readonly pairs = new Set<string>();
  readonly endpoints = new Set<string>();
  readonly args = new Set<string>();

  add(route: Route): void {
    if (route.namespace !== '') this.namespaces.add(route.namespace);
    this.paths.add(route.path);
    for (const endpoint of route.endpoints) {
      const endpointKey = `${route.path} ${endpoint.operationId}`;
      this.endpoints.add(endpointKey);
      for (const method of endpoint.methods) this.pairs.add(`${method} ${route.path}`);
      for (const arg of Object.keys(endpoint.args)) this.args.add(`${endpointKey} ${arg}`);
    }
  }

  counts(): Counts {
    return {
      namespaces: this.namespaces.size,
      paths: this.paths.size,
      pairs: this.pairs.size,
      endpoints: this.endpoints.size,
      args: this.args.size,
    };
  }
}

export function specStats(deployments: DeploymentModel[]): { deployments: StatsRow[]; union: StatsRow } {
  const rows = deployments.map((d) => statsOf(d.name, [d]));
  return { deployments: rows, union: statsOf('(union)', deployments) };
}

function statsOf(name: string, deployments: DeploymentModel[]): StatsRow {
  const total = new Tally();
  const perNamespace = new Map<string, Tally>();
  for (const deployment of deployments) {
    for (const route of deployment.routes) {
      total.add(route);
      const label = route.namespace === '' ? ROOT_LABEL : route.namespace;
      if (!perNamespace.has(label)) perNamespace.set(label, new Tally());
      perNamespace.get(label)!.add(route);
    }
  }
  const labels = [...perNamespace.keys()].sort((a, b) => (a === ROOT_LABEL ? -1 : b === ROOT_LABEL ? 1 : a.localeCompare(b)));
  return {
    name,
    totals: total.counts(),
    perNamespace: Object.fromEntries(labels.map((l) => [l, perNamespace.get(l)!.counts()])),
  };
}
