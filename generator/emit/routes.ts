/**
 * The route tables the runtime dispatches from. Each route carries its model data, the regex that
 * matches it, and per endpoint the compiled validator and, for custom handlers, the handler from
 * `output/handlers/`.
 *
 * - `shared/routes.ts`: every distinct route of every deployment, one constant each. A route two
 *   deployments serve alike (same endpoints, params, validators) is written once; a deployment
 *   serving it differently (a method left out, other params) gets its own constant.
 * - `deployments/<name>/routes.ts`: the deployment's list of those constants, in discovery order.
 */
import { basename } from 'node:path';
import type { DeploymentModel, Endpoint, Route, SpecModel } from '../../contract/model.ts';
import type { EmitContext, EmittedFile } from './emitted-file.ts';
import { SHARED_VALIDATORS } from './validators.ts';
import { SHARED_ARGS } from './shared-args.ts';
import { handlerGroup, namespaceSlug, routeConstName, routeRegex } from './naming.ts';
import { dataFile } from './data-file.ts';
import { Code, importStatement, type Literal } from './literal-layout.ts';
import { generatedBanner } from './ts-source.ts';

export const SHARED_ROUTES = 'shared/routes.ts';

/** An endpoint's entry: its model data, its args as the shared constant, its validator and handler. */
function endpointValue(endpoint: Endpoint, validator: string, args: string | undefined): Literal {
  const entry = { ...endpoint } as unknown as Record<string, Literal>;
  if (args !== undefined && 'args' in entry) entry.args = new Code(`args.${args}`);
  entry.validate = new Code(`validators.${validator} as CompiledValidator`);
  if (endpoint.handler === 'custom') entry.handle = new Code(endpoint.operationId);
  return entry;
}

function routeValue(route: Route, deployment: string, context: EmitContext): Literal {
  const { endpoints, ...data } = route;
  return {
    ...(data as Record<string, Literal>),
    regex: routeRegex(route),
    endpoints: endpoints.map((e) => endpointValue(e, context.validatorName(deployment, e.operationId), context.argsName(deployment, e.operationId))),
  };
}

export interface RoutesIndex {
  /** Export name, in `shared/routes.ts`, of a deployment's route. */
  name(deployment: string, path: string): string;
}

export function emitSharedRoutes(model: SpecModel, context: EmitContext): { files: EmittedFile[]; index: RoutesIndex } {
  const byText = new Map<string, string>();
  const values = new Map<string, Literal>();
  const index = new Map<string, string>();
  const handlers = new Map<string, Set<string>>();
  // A route constant never takes the name of a handler the file imports (or of its modules): a
  // numbered name such as `coreV2Posts2` could otherwise equal an operation id. The spec's checks
  // refuse an id equal to a route's plain name (SP064).
  const taken = new Set(['validators', 'args', ...model.deployments.flatMap((d) => d.routes.flatMap((r) => r.endpoints.filter((e) => e.handler === 'custom').map((e) => e.operationId)))]);
  for (const deployment of model.deployments) {
    for (const route of deployment.routes) {
      const value = routeValue(route, deployment.name, context);
      // A reference is written as its text: two routes alike but for their validators differ.
      const text = JSON.stringify(value);
      let name = byText.get(text);
      if (name === undefined) {
        const base = routeConstName(route);
        name = base;
        for (let n = 2; values.has(name) || taken.has(name); n++) name = `${base}${n}`;
        values.set(name, value);
        byText.set(text, name);
        for (const e of route.endpoints) {
          if (e.handler !== 'custom') continue;
          const file = `../handlers/${namespaceSlug(route.namespace)}/${handlerGroup(route)}.ts`;
          handlers.set(file, (handlers.get(file) ?? new Set()).add(e.operationId));
        }
      }
      index.set(`${deployment.name}\0${route.path}`, name);
    }
  }
  const handlerImports = [...handlers.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, names]) => importStatement(file, { named: [...names] }));
  const file = dataFile(
    SHARED_ROUTES,
    generatedBanner('every distinct route of every deployment, one constant each'),
    [
      importStatement('../../runtime/rest/types.ts', { typeOnly: true, named: ['CompiledValidator', 'RouteDef'] }),
      importStatement(`./${basename(SHARED_VALIDATORS)}`, { namespace: 'validators' }),
      importStatement(`./${basename(SHARED_ARGS)}`, { namespace: 'args' }),
      ...handlerImports,
    ],
    [...values.entries()].map(([name, value]) => ({ name, type: 'RouteDef', value, exported: true })),
  );
  return { files: [file], index: { name: (deployment, path) => index.get(`${deployment}\0${path}`)! } };
}

export function emitRoutes(deployment: DeploymentModel, context: EmitContext): EmittedFile[] {
  const names = deployment.routes.map((r) => new Code(`shared.${context.routeName(deployment.name, r.path)}`));
  return [
    dataFile(
      `deployments/${deployment.name}/routes.ts`,
      generatedBanner(`route table of the ${deployment.name} deployment`),
      [importStatement('../../../runtime/rest/types.ts', { typeOnly: true, named: ['RouteDef'] }), importStatement(`../../${SHARED_ROUTES}`, { namespace: 'shared' })],
      [{ name: 'routes', type: 'RouteDef[]', value: names, exported: true, doc: 'Every route of the deployment, in discovery order (each defined in shared/routes.ts).' }],
    ),
  ];
}
