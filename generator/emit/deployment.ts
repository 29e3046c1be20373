/**
 * `deployment.ts`: the deployment's model without its routes (the runtime reads those from
 * `routes.ts`), so the server needs no spec files at start.
 */
import { StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { DeploymentModel } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { generatedBanner, printSource } from './ts-source.ts';

export function emitDeployment(deployment: DeploymentModel): EmittedFile[] {
  const { routes: _routes, ...rest } = deployment;
  const content = printSource(
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../../../contract/model.ts', isTypeOnly: true, namedImports: ['DeploymentModel'] },
        {
          kind: StructureKind.VariableStatement,
          isExported: true,
          declarationKind: VariableDeclarationKind.Const,
          declarations: [{ name: 'deployment', type: "Omit<DeploymentModel, 'routes'>", initializer: JSON.stringify(rest) }],
        },
      ],
    },
    generatedBanner(`settings of the ${deployment.name} deployment`),
  );
  return [{ path: `deployments/${deployment.name}/deployment.ts`, content }];
}
