/**
 * `shared/validators.ts`: ajv standalone code of every distinct params schema of every
 * deployment, one exported validator per distinct schema, so the server never compiles a schema
 * at start and a schema written once in the spec is compiled once: endpoints taking the same
 * params (every "takes nothing" endpoint, an operation served by three deployments) share one
 * function, and a large sub-schema used by several endpoints (a meta object, a block list) is
 * its own function that they call. The schemas come from the runtime's `argsToJsonSchema` and
 * the ajv options from `AJV_OPTIONS`, so generated validators and run-time compiles agree.
 */
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { DeploymentModel, SpecModel } from '../model.ts';
import { AJV_OPTIONS, argsToJsonSchema } from '../../runtime/rest/args-schema.ts';
import type { EmittedFile } from './emitted-file.ts';
import { camelCase } from './naming.ts';

export const SHARED_VALIDATORS = 'shared/validators.ts';

/** A sub-schema is shared when it is at least this long (JSON characters) and used twice. */
const SHARE_MIN_LENGTH = 400;

type Schema = Record<string, unknown>;

/** Where a validator of each endpoint lives: the export name in the shared module. */
export interface ValidatorIndex {
  name(deployment: string, operationId: string): string;
}

/** Sub-schemas one level down: property schemas, items, branches, additionalProperties. */
function children(schema: Schema): Array<[string, Schema]> {
  const out: Array<[string, Schema]> = [];
  const add = (hint: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) out.push([hint, value as Schema]);
  };
  for (const [name, child] of Object.entries((schema.properties as Record<string, unknown> | undefined) ?? {})) add(name, child);
  add('items', schema.items);
  add('additional', schema.additionalProperties);
  for (const key of ['oneOf', 'anyOf'] as const) for (const branch of (schema[key] as unknown[] | undefined) ?? []) add(key, branch);
  return out;
}

function rebuild(schema: Schema, map: (hint: string, child: Schema) => Schema): Schema {
  const out: Schema = { ...schema };
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, Schema>).map(([n, c]) => [n, c !== null && typeof c === 'object' ? map(n, c) : c]));
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) out.items = map('items', schema.items as Schema);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') out.additionalProperties = map('additional', schema.additionalProperties as Schema);
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(schema[key])) out[key] = (schema[key] as Schema[]).map((b) => map(key, b));
  return out;
}

/** Large sub-schemas used more than once become their own schemas, referred to by `$ref`. */
function shareSubSchemas(schemas: Map<string, Schema>, taken: Set<string>): Map<string, Schema> {
  const counts = new Map<string, { count: number; hint: string }>();
  const visit = (schema: Schema) => {
    for (const [hint, child] of children(schema)) {
      const key = JSON.stringify(child);
      if (key.length >= SHARE_MIN_LENGTH) counts.set(key, { count: (counts.get(key)?.count ?? 0) + 1, hint: counts.get(key)?.hint ?? hint });
      visit(child);
    }
  };
  for (const schema of schemas.values()) visit(schema);

  const shared = new Map<string, string>(); // JSON -> id
  for (const [key, { count, hint }] of counts) {
    if (count < 2) continue;
    let id = `shared${camelCase(`_${hint}`).replace(/^./, (c) => c.toUpperCase())}`;
    for (let n = 2; taken.has(id); n++) id = `shared${camelCase(`_${hint}`).replace(/^./, (c) => c.toUpperCase())}${n}`;
    taken.add(id);
    shared.set(key, id);
  }
  const rewrite = (schema: Schema): Schema =>
    rebuild(schema, (_hint, child) => {
      const id = shared.get(JSON.stringify(child));
      return id === undefined ? rewrite(child) : { $ref: id };
    });
  const out = new Map<string, Schema>();
  for (const [key, id] of shared) out.set(id, rewrite(JSON.parse(key) as Schema));
  for (const [name, schema] of schemas) schemas.set(name, rewrite(schema));
  return out;
}

/** The params schema of every endpoint of every deployment, one entry per distinct schema. */
function distinctSchemas(deployments: DeploymentModel[]): { schemas: Map<string, Schema>; index: Map<string, string> } {
  const schemas = new Map<string, Schema>();
  const byContent = new Map<string, string>();
  const index = new Map<string, string>(); // `deployment\0operationId` -> name
  for (const deployment of deployments) {
    for (const route of deployment.routes) {
      for (const endpoint of route.endpoints) {
        // Endpoints without declared params still get a validator: it accepts any object.
        const schema = argsToJsonSchema(endpoint.argsMode === 'declared' ? endpoint.args : {}) as Schema;
        const key = JSON.stringify(schema);
        let name = byContent.get(key);
        if (name === undefined) {
          name = Object.keys(schema.properties as object).length === 0 && schema.required === undefined ? 'anyParams' : endpoint.operationId;
          for (let n = 2; schemas.has(name); n++) name = `${endpoint.operationId}${n}`;
          schemas.set(name, schema);
          byContent.set(key, name);
        }
        index.set(`${deployment.name}\0${endpoint.operationId}`, name);
      }
    }
  }
  return { schemas, index };
}

/** The shared validator module of all deployments, and which export each endpoint uses. */
export function emitValidators(model: SpecModel): { files: EmittedFile[]; index: ValidatorIndex } {
  const { schemas, index } = distinctSchemas(model.deployments);
  const shared = shareSubSchemas(schemas, new Set(schemas.keys()));
  const ajv = new Ajv.default({ ...AJV_OPTIONS, code: { ...AJV_OPTIONS.code, lines: true } });
  for (const [id, schema] of shared) ajv.addSchema({ $id: id, ...schema });
  const exports: Record<string, string> = {};
  for (const [name, schema] of schemas) {
    ajv.addSchema({ $id: name, ...schema });
    exports[name] = name;
  }
  const code = standaloneCode.default(ajv, exports);
  let header = `// @ts-nocheck\n// Generated by specpress from spec/: request validators of every deployment, one per distinct params schema.\n// Do not edit: run \`specpress generate\` instead.\n`;
  // ajv's standalone code loads its few runtime helpers (string length, deep equality) with
  // require() even in ESM mode; give the module one.
  if (code.includes('require(')) header += `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n`;
  return {
    files: [{ path: SHARED_VALIDATORS, content: `${header}${code.trimEnd()}\n`, preformatted: true }],
    index: {
      name(deployment, operationId) {
        const name = index.get(`${deployment}\0${operationId}`);
        if (name === undefined) throw new Error(`no validator for ${operationId} of ${deployment}`);
        return name;
      },
    },
  };
}
