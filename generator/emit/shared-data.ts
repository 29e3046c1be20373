/**
 * `shared/data.ts`: resource schemas and catalog data, one constant per distinct value across
 * deployments (a resource is the same in every deployment unless a binding changes its meta;
 * every deployment carries every catalog). Each deployment's `deployment.ts` refers to them.
 */
import type { Resource, SpecModel } from '../../contract/model.ts';
import { dataFile } from './data-file.ts';
import type { EmittedFile } from './emitted-file.ts';
import { importStatement, type Literal } from './literal-layout.ts';
import { camelCase } from './naming.ts';
import { generatedBanner } from './ts-source.ts';
import { sharedConstants } from './shared-subschemas.ts';

export const SHARED_DATA = 'shared/data.ts';

export interface DataIndex {
  /** Export name of a deployment's resource (`resource`) or catalog (`catalog`) in the shared module. */
  name(deployment: string, kind: 'resource' | 'catalog', key: string): string;
}

export function emitSharedData(model: SpecModel): { files: EmittedFile[]; index: DataIndex } {
  const byContent = new Map<string, string>();
  const values = new Map<string, { type: string; value: unknown }>();
  const index = new Map<string, string>();
  const add = (deployment: string, kind: 'resource' | 'catalog', key: string, value: unknown) => {
    const content = JSON.stringify(value);
    let name = byContent.get(content);
    if (name === undefined) {
      const base = camelCase(`${kind} ${key}`);
      name = base;
      for (let n = 2; values.has(name); n++) name = `${base}${n}`;
      values.set(name, { type: kind === 'resource' ? 'Resource' : 'unknown', value });
      byContent.set(content, name);
    }
    index.set(`${deployment}\0${kind}\0${key}`, name);
  };
  for (const d of model.deployments) {
    for (const [key, resource] of Object.entries(d.resources)) add(d.name, 'resource', key, resource);
    for (const [key, catalog] of Object.entries(d.catalogs)) add(d.name, 'catalog', key, catalog);
  }
  // Fields repeated across resources (a post and a post whose meta a binding changed) are written once.
  const schemas = new Map([...values.entries()].filter(([, v]) => v.type === 'Resource').map(([name, v]) => [name, (v.value as Resource).schema as unknown as Record<string, unknown>]));
  const { shared, values: rewritten, refer } = sharedConstants(schemas, new Set(values.keys()));
  const file = dataFile(
    SHARED_DATA,
    generatedBanner('resources and catalogs of every deployment, one per distinct value'),
    [importStatement('../../contract/model.ts', { typeOnly: true, named: ['ArgSchema', 'Resource'] })],
    [
      ...shared.map(([name, value]) => ({ name, type: 'ArgSchema', value: value as Literal, refer })),
      ...[...values.entries()].map(([name, { type, value }]) => ({
        name,
        type,
        value: (type === 'Resource' ? { ...(value as Resource), schema: rewritten.get(name) } : value) as Literal,
        exported: true,
        // Only a resource's schema has shared parts; a catalog is written as the spec gives it.
        refer: type === 'Resource' ? refer : undefined,
      })),
    ],
  );
  return {
    files: [file],
    index: {
      name(deployment, kind, key) {
        const name = index.get(`${deployment}\0${kind}\0${key}`);
        if (name === undefined) throw new Error(`no shared ${kind} ${key} for ${deployment}`);
        return name;
      },
    },
  };
}
