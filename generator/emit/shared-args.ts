/**
 * `shared/args.ts`: the params descriptors of every endpoint of every deployment, one constant
 * per distinct descriptor map. The route tables of all deployments refer to these, so an
 * operation served by three deployments (or several operations taking the same params) has its
 * descriptors written once. Named after the first operation taking them.
 */
import type { ArgSchema, SpecModel } from '../../contract/model.ts';
import { dataFile } from './data-file.ts';
import type { EmittedFile } from './emitted-file.ts';
import { importStatement, type Literal } from './literal-layout.ts';
import { generatedBanner } from './ts-source.ts';
import { sharedConstants } from './shared-subschemas.ts';

export const SHARED_ARGS = 'shared/args.ts';

export interface ArgsIndex {
  /** Export name of an endpoint's args in the shared module; undefined when it takes none. */
  name(deployment: string, operationId: string): string | undefined;
}

export function emitSharedArgs(model: SpecModel): { files: EmittedFile[]; index: ArgsIndex } {
  const byContent = new Map<string, string>();
  const values = new Map<string, Record<string, ArgSchema>>();
  const index = new Map<string, string>();
  for (const deployment of model.deployments) {
    for (const route of deployment.routes) {
      for (const endpoint of route.endpoints) {
        if (Object.keys(endpoint.args).length === 0) continue;
        const key = JSON.stringify(endpoint.args);
        let name = byContent.get(key);
        if (name === undefined) {
          name = endpoint.operationId;
          for (let n = 2; values.has(name); n++) name = `${endpoint.operationId}${n}`;
          values.set(name, endpoint.args);
          byContent.set(key, name);
        }
        index.set(`${deployment.name}\0${endpoint.operationId}`, name);
      }
    }
  }
  // Large descriptors repeated across sets (a meta object, a taxonomy filter) are written once.
  const wrapped = new Map([...values.entries()].map(([name, args]) => [name, { properties: args } as Record<string, unknown>]));
  const { shared, values: rewritten, refer } = sharedConstants(wrapped, new Set(values.keys()));
  const file = dataFile(
    SHARED_ARGS,
    generatedBanner('params descriptors of every deployment, one per distinct set'),
    [importStatement('../../contract/model.ts', { typeOnly: true, named: ['ArgSchema'] })],
    [
      ...shared.map(([name, value]) => ({ name, type: 'ArgSchema', value: value as Literal, refer })),
      ...[...rewritten.entries()].map(([name, wrappedArgs]) => ({ name, type: 'Record<string, ArgSchema>', value: wrappedArgs.properties as Literal, exported: true, refer })),
    ],
  );
  return {
    files: [file],
    index: { name: (deployment, operationId) => index.get(`${deployment}\0${operationId}`) },
  };
}
