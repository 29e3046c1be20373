/**
 * Names the generated code derives from the spec that would clash (SP064). A custom handler is a
 * constant named after its operation id, imported by the route table (`shared/routes.ts`) beside
 * the route constants and by `handlers/index.ts`; every operation names its types in `types.ts`
 * (`<Id>Args`, `<Id>Input`, `<Id>Result`) beside the types of the shapes endpoints answer with.
 * A clash there fails to compile, or worse, makes the route table point at a route constant
 * instead of the handler (the route answers 501 while the written body is never called).
 */
import type { DeploymentModel, Endpoint, SpecModel } from '../../contract/model.ts';
import { argsTypeName, inputTypeName, resultTypeName, routeConstName } from '../emit/naming.ts';
import { namedShapes } from '../emit/responses.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { positionOf } from './positions.ts';
import { endpointOrigins } from './resolve.ts';

/** Words JavaScript reserves (in modules, strict mode) or TypeScript keeps: no constant can take them. */
const RESERVED = new Set([
  'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else', 'enum', 'export',
  'extends', 'false', 'finally', 'for', 'function', 'if', 'implements', 'import', 'in', 'instanceof', 'interface', 'let', 'new',
  'null', 'package', 'private', 'protected', 'public', 'return', 'static', 'super', 'switch', 'this', 'throw', 'true', 'try',
  'typeof', 'var', 'void', 'while', 'with', 'yield', 'arguments', 'eval',
]);

/** Names the generated modules that import handlers declare themselves, and where. */
const GENERATED = new Map([
  ['restError', 'the error helper every handler file imports'],
  ['handlers', 'the table `handlers/index.ts` exports'],
  ['validators', 'the validators module `shared/routes.ts` imports'],
  ['args', 'the params module `shared/routes.ts` imports'],
]);

/** `typeNamesOf`: the deployments whose type names to check (all unless said: spec/clean-deployments.ts). */
export function checkGeneratedNames(model: SpecModel, typeNamesOf: DeploymentModel[] = model.deployments): Diagnostic[] {
  const out: Diagnostic[] = [];
  const reported = new Set<string>();
  const report = (endpoint: Endpoint, params: Record<string, string>) => {
    const origin = endpointOrigins.get(endpoint);
    const key = `${endpoint.operationId}\0${params.clash}`;
    if (origin === undefined || reported.has(key)) return;
    reported.add(key);
    // A written id is pointed at; a derived one at the methods it is derived from.
    const written = origin.operationIdWritten;
    const at = positionOf(origin.src, [...origin.at, written ? 'operationId' : 'methods']);
    out.push(diagnostic('nameClash', at, { what: written ? 'operation id' : 'derived operation id', name: endpoint.operationId, ...params }));
  };
  const routeNames = new Map<string, string>();
  for (const deployment of model.deployments) for (const route of deployment.routes) routeNames.set(routeConstName(route), route.path);
  for (const deployment of model.deployments) {
    for (const route of deployment.routes) {
      for (const endpoint of route.endpoints) {
        if (endpoint.handler === 'custom') checkHandlerName(endpoint, routeNames, report);
      }
    }
    if (typeNamesOf.includes(deployment)) checkTypeNames(deployment, report);
  }
  return out;
}

type Report = (endpoint: Endpoint, params: Record<string, string>) => void;

function checkHandlerName(endpoint: Endpoint, routeNames: Map<string, string>, report: Report): void {
  const id = endpoint.operationId;
  const fix = 'give the operation another `operationId`';
  if (RESERVED.has(id)) report(endpoint, { clash: 'is a word JavaScript reserves, and a custom handler is a constant named after its operation', fix });
  const generated = GENERATED.get(id);
  if (generated !== undefined) report(endpoint, { clash: `is also the name of ${generated}`, fix });
  const path = routeNames.get(id);
  if (path !== undefined) report(endpoint, { clash: `is also the name of the constant the route table (\`shared/routes.ts\`) makes for route \`${path}\`, where the handler is imported`, fix });
}

/** An operation's type names against the shapes' type names in the deployment's `types.ts`. */
function checkTypeNames(deployment: DeploymentModel, report: Report): void {
  const shapes = new Set(namedShapes(deployment).keys());
  for (const route of deployment.routes) {
    for (const endpoint of route.endpoints) {
      const id = endpoint.operationId;
      for (const name of [argsTypeName(id), inputTypeName(id), resultTypeName(id)]) {
        if (shapes.has(name)) report(endpoint, { clash: `makes the type \`${name}\`, which is also the type of an answer shape in \`deployments/${deployment.name}/types.ts\``, fix: 'give the operation another `operationId`, or rename the shape or resource' });
      }
    }
  }
}
