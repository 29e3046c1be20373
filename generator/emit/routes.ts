/**
 * `routes.ts` of a deployment: the route table the runtime dispatches from. Each route carries
 * its model data, the regex that matches it, and per endpoint the compiled validator and, for
 * custom handlers, the handler from `output/handlers/`.
 */
import { StructureKind, VariableDeclarationKind, type CodeBlockWriter, type ImportDeclarationStructure } from 'ts-morph';
import type { DeploymentModel, Endpoint, Route } from '../../contract/model.ts';
import type { EmitContext, EmittedFile } from './emitted-file.ts';
import { SHARED_VALIDATORS } from './validators.ts';
import { SHARED_ARGS } from './shared-args.ts';
import { handlerGroup, namespaceSlug, routeRegex } from './naming.ts';
import { generatedBanner, printSource } from './ts-source.ts';

/** Model data of an endpoint as the table embeds it: source positions stay out of output. */
function endpointData(endpoint: Endpoint): Omit<Endpoint, 'source'> {
  const { source: _source, ...data } = endpoint;
  return data;
}

/** The properties of a plain object as object-literal source, without the braces. */
function literalProperties(data: Record<string, unknown>): string[] {
  return Object.entries(data).map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`);
}

function writeEndpoint(writer: CodeBlockWriter, endpoint: Endpoint, validator: string, args: string | undefined): void {
  const data: Record<string, unknown> = endpointData(endpoint);
  const props = Object.entries(data).map(([key, value]) => `${JSON.stringify(key)}: ${key === 'args' && args !== undefined ? `args.${args}` : JSON.stringify(value)}`);
  props.push(`validate: validators.${validator} as CompiledValidator`);
  if (endpoint.handler === 'custom') props.push(`handle: ${endpoint.operationId}`);
  writer.write(`{ ${props.join(', ')} }`);
}

function writeRoute(writer: CodeBlockWriter, route: Route, validatorOf: (operationId: string) => string, argsOf: (operationId: string) => string | undefined): void {
  const { source: _source, endpoints: _endpoints, ...data } = route;
  const props = [...literalProperties(data), `regex: ${JSON.stringify(routeRegex(route))}`];
  const endpoints = route.endpoints;
  writer.write(`{ ${props.join(', ')}, endpoints: [`);
  endpoints.forEach((e, i) => {
    if (i > 0) writer.write(', ');
    writeEndpoint(writer, e, validatorOf(e.operationId), argsOf(e.operationId));
  });
  writer.write('] }');
}

/** Imports of the custom handlers a deployment uses, one declaration per handler file. */
function handlerImports(deployment: DeploymentModel): ImportDeclarationStructure[] {
  const byFile = new Map<string, string[]>();
  for (const route of deployment.routes) {
    for (const e of route.endpoints) {
      if (e.handler !== 'custom') continue;
      const file = `../../handlers/${namespaceSlug(route.namespace)}/${handlerGroup(route)}.ts`;
      byFile.set(file, [...(byFile.get(file) ?? []), e.operationId]);
    }
  }
  return [...byFile.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([file, names]) => ({ kind: StructureKind.ImportDeclaration as const, moduleSpecifier: file, namedImports: names }));
}

export function emitRoutes(deployment: DeploymentModel, context: EmitContext): EmittedFile[] {
  const content = printSource(
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../../../runtime/rest/types.ts', isTypeOnly: true, namedImports: ['CompiledValidator', 'RouteDef'] },
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: `../../${SHARED_VALIDATORS}`, namespaceImport: 'validators' },
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: `../../${SHARED_ARGS}`, namespaceImport: 'args' },
        ...handlerImports(deployment),
        {
          kind: StructureKind.VariableStatement,
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          docs: ['Every route of the deployment, in discovery order.'],
          declarations: [
            {
              name: 'routes',
              type: 'RouteDef[]',
              initializer: (writer) => {
                writer.write('[');
                deployment.routes.forEach((r, i) => {
                  if (i > 0) writer.write(',');
                  writer.newLine();
                  writeRoute(writer, r, (id) => context.validatorName(deployment.name, id), (id) => context.argsName(deployment.name, id));
                });
                writer.write(']');
              },
            },
          ],
        },
      ],
    },
    generatedBanner(`route table of the ${deployment.name} deployment`),
  );
  return [{ path: `deployments/${deployment.name}/routes.ts`, content }];
}
