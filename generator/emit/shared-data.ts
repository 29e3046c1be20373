/**
 * `shared/data.ts`: resource schemas and catalog data, one constant per distinct value across
 * deployments (a resource is the same in every deployment unless a binding changes its meta;
 * every deployment carries every catalog). Each deployment's `deployment.ts` refers to them.
 */
import type { StatementStructures } from 'ts-morph';
import type { Resource, SpecModel } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { camelCase } from './naming.ts';
import { constStatement, generatedBanner, printSource, StructureKind } from './ts-source.ts';
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
  const { shared, values: rewritten, literal } = sharedConstants(schemas, new Set(values.keys()));
  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: '../../contract/model.ts', isTypeOnly: true, namedImports: ['ArgSchema', 'Resource'] },
    ...shared.map(([name, text]) => constStatement(name, 'ArgSchema', text, false)),
    ...[...values.entries()].map(([name, { type, value }]) =>
      constStatement(name, type, type === 'Resource' ? literal({ ...(value as Resource), schema: rewritten.get(name) }) : JSON.stringify(value), true),
    ),
  ];
  return {
    files: [{ path: SHARED_DATA, ...printSource({ statements }, generatedBanner('resources and catalogs of every deployment, one per distinct value')) }],
    index: {
      name(deployment, kind, key) {
        const name = index.get(`${deployment}\0${kind}\0${key}`);
        if (name === undefined) throw new Error(`no shared ${kind} ${key} for ${deployment}`);
        return name;
      },
    },
  };
}
