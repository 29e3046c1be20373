/**
 * The list filters of `collection` and `catalog` behaviours, checked on the resolved model (the
 * args a shape pulled in count): a filter's param must be one a request can send (SP067), and a
 * collection filter on a field its records hold as a list must say how the list matches (SP068),
 * since either reading (one of the values, every one) is plausible and records are written by
 * clients. Catalog lists match when they share a value unless `match` says otherwise (FORMAT.md).
 */
import type { BehaviorFilter, Endpoint, Route, SpecModel } from '../../contract/model.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { positionOf } from './positions.ts';
import { endpointOrigins } from './resolve.ts';
import { didYouMean, listNames } from './suggest.ts';

const WRITES = new Set(['create', 'update', 'upsert']);

export function checkFilters(model: SpecModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const listFields = collectionListFields(model);
  const seen = new Set<Endpoint>();
  for (const deployment of model.deployments) {
    for (const route of deployment.routes) {
      for (const endpoint of route.endpoints) {
        const b = endpoint.behavior;
        if ((b?.kind !== 'collection' && b?.kind !== 'catalog') || !b.filters || seen.has(endpoint)) continue;
        seen.add(endpoint);
        const origin = endpointOrigins.get(endpoint);
        if (origin === undefined) continue;
        for (const [param, filter] of Object.entries(b.filters)) {
          const at = () => positionOf(origin.src, [...origin.at, 'behavior', 'filters', param], 'key');
          const problem = paramProblem(route, endpoint, param);
          if (problem) out.push(diagnostic('filterNotArg', at(), problem));
          const { field, match } = asObject(filter);
          const why = b.kind === 'collection' ? listFields.get(`${b.collection}\0${field}`) : undefined;
          if (why !== undefined && match === undefined) out.push(diagnostic('filterOnList', at(), { name: param, field, why }));
        }
      }
    }
  }
  return out;
}

function asObject(filter: BehaviorFilter): { field: string; match?: string } {
  return typeof filter === 'string' ? { field: filter } : filter;
}

/** Why no request can send `param` to the endpoint, or undefined when one can. */
function paramProblem(route: Route, endpoint: Endpoint, param: string): Record<string, string> | undefined {
  const captures = route.captures.map((c) => c.name);
  // A body the spec does not describe may carry anything.
  if (endpoint.argsMode === 'undeclared' || captures.includes(param) || param in endpoint.args) return undefined;
  const known = [...new Set([...captures, ...Object.keys(endpoint.args)])];
  return { name: param, method: endpoint.methods.join(', '), path: route.path, allowed: listNames(known), suggestion: didYouMean(param, known) };
}

/**
 * Fields that records of a collection hold as lists, by `collection\0field`, with the reason:
 * an endpoint writing the collection declares the param stored there as an array, or a seed
 * record holds a list there.
 */
function collectionListFields(model: SpecModel): Map<string, string> {
  const fields = new Map<string, string>();
  for (const deployment of model.deployments) {
    for (const route of deployment.routes) {
      for (const endpoint of route.endpoints) {
        const b = endpoint.behavior;
        if (b?.kind !== 'collection') continue;
        for (const record of b.seed ?? []) {
          for (const [field, value] of Object.entries(record)) {
            if (Array.isArray(value) && !fields.has(`${b.collection}\0${field}`)) fields.set(`${b.collection}\0${field}`, 'the collection\'s seed records hold lists there');
          }
        }
        if (!WRITES.has(b.op) || endpoint.argsMode !== 'declared') continue;
        for (const [arg, schema] of Object.entries(endpoint.args)) {
          const types = Array.isArray(schema.type) ? schema.type : [schema.type];
          const field = b.rename?.[arg] ?? arg;
          if (types.includes('array') && !fields.has(`${b.collection}\0${field}`)) {
            fields.set(`${b.collection}\0${field}`, `${endpoint.methods.join(', ')} ${route.path} stores its array param \`${arg}\` there`);
          }
        }
      }
    }
  }
  return fields;
}
