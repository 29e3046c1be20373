/**
 * `deployment.ts`: the deployment's model without its routes (the runtime reads those from
 * `routes.ts`), so the server needs no spec files at start.
 */
import type { DeploymentModel } from '../../contract/model.ts';
import type { EmitContext, EmittedFile } from './emitted-file.ts';
import { SHARED_DATA } from './shared-data.ts';
import { generatedBanner, printSource, StructureKind, VariableDeclarationKind } from './ts-source.ts';

/** An object literal of the keys of `value`, each a reference to a shared constant. */
function references(keys: string[], nameOf: (key: string) => string): string {
  return `{ ${keys.map((k) => `${JSON.stringify(k)}: data.${nameOf(k)}`).join(', ')} }`;
}

export function emitDeployment(deployment: DeploymentModel, context: EmitContext): EmittedFile[] {
  // Response shapes and namespace descriptions only shape the generated types and documents; the server never reads them.
  const { routes: _routes, responseShapes: _shapes, namespaceDescriptions: _descriptions, ...rest } = deployment;
  // Resources and catalogs are written once for all deployments, in shared/data.ts.
  const literal = Object.entries(rest).map(([key, value]) => {
    if (key === 'resources') return `resources: ${references(Object.keys(deployment.resources), (k) => context.dataName(deployment.name, 'resource', k))}`;
    if (key === 'catalogs') return `catalogs: ${references(Object.keys(deployment.catalogs), (k) => context.dataName(deployment.name, 'catalog', k))}`;
    return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  });
  const printed = printSource(
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../../../contract/model.ts', isTypeOnly: true, namedImports: ['DeploymentModel'] },
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: `../../${SHARED_DATA}`, namespaceImport: 'data' },
        {
          kind: StructureKind.VariableStatement,
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          declarations: [{ name: 'deployment', type: "Omit<DeploymentModel, 'routes'>", initializer: `{ ${literal.join(', ')} }` }],
        },
      ],
    },
    generatedBanner(`settings of the ${deployment.name} deployment`),
  );
  return [{ path: `deployments/${deployment.name}/deployment.ts`, ...printed }];
}
