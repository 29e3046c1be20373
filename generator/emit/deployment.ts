/**
 * `deployment.ts`: the deployment's model without its routes (the runtime reads those from
 * `routes.ts`), so the server needs no spec files at start.
 */
import type { DeploymentModel } from '../../contract/model.ts';
import type { EmitContext, EmittedFile } from './emitted-file.ts';
import { SHARED_DATA } from './shared-data.ts';
import { generatedBanner } from './ts-source.ts';
import { dataFile } from './data-file.ts';
import { Code, importStatement, type Literal } from './literal-layout.ts';

/** An object of the keys of `value`, each a reference to a shared constant. */
function references(keys: string[], nameOf: (key: string) => string): Literal {
  return Object.fromEntries(keys.map((k) => [k, new Code(`data.${nameOf(k)}`)]));
}

export function emitDeployment(deployment: DeploymentModel, context: EmitContext): EmittedFile[] {
  // Response shapes and namespace descriptions only shape the generated types and documents; the server never reads them.
  const { routes: _routes, responseShapes: _shapes, namespaceDescriptions: _descriptions, ...rest } = deployment;
  // Resources and catalogs are written once for all deployments, in shared/data.ts.
  const value = Object.fromEntries(
    Object.entries(rest).map(([key, v]) => {
      if (key === 'resources') return [key, references(Object.keys(deployment.resources), (k) => context.dataName(deployment.name, 'resource', k))];
      if (key === 'catalogs') return [key, references(Object.keys(deployment.catalogs), (k) => context.dataName(deployment.name, 'catalog', k))];
      // As JSON has it; an absent (undefined) setting is left out.
      return [key, v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as Literal)];
    }),
  );
  return [
    dataFile(
      `deployments/${deployment.name}/deployment.ts`,
      generatedBanner(`settings of the ${deployment.name} deployment`),
      [importStatement('../../../contract/model.ts', { typeOnly: true, named: ['DeploymentModel'] }), importStatement(`../../${SHARED_DATA}`, { namespace: 'data' })],
      [{ name: 'deployment', type: "Omit<DeploymentModel, 'routes'>", value, exported: true }],
    ),
  ];
}
