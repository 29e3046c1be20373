/**
 * `shared/validators.ts`: ajv standalone code of every distinct params schema of every
 * deployment, one exported validator per distinct schema, so the server never compiles a schema
 * at start and a schema written once in the spec is compiled once: endpoints taking the same
 * params (every "takes nothing" endpoint, an operation served by three deployments) share one
 * function, and a large sub-schema used by several endpoints (a meta object, a block list) is
 * its own function that they call. The schemas come from the runtime's `argsToJsonSchema` and
 * the ajv options from `AJV_OPTIONS`, so generated validators and run-time compiles agree.
 */
import { createRequire } from 'node:module';
import type { DeploymentModel, SpecModel } from '../../contract/model.ts';
import { AJV_OPTIONS, argsToJsonSchema } from '../../contract/args-schema.ts';
import type { EmittedFile } from './emitted-file.ts';
import { pascalCase } from './naming.ts';
import { shareSubSchemas } from './shared-subschemas.ts';
import { cachedText } from '../text-cache.ts';

const requireHere = createRequire(import.meta.url);
const AJV_VERSION = (requireHere('ajv/package.json') as { version: string }).version;

export const SHARED_VALIDATORS = 'shared/validators.ts';

type Schema = Record<string, unknown>;

/** Where a validator of each endpoint lives: the export name in the shared module. */
export interface ValidatorIndex {
  name(deployment: string, operationId: string): string;
}

/** Keys that document a value but never decide validity: left out, so more schemas are the same. */
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples']);

function constraintsOnly(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(constraintsOnly);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    // `properties` maps names (which may be `default` or `title`) to schemas.
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Schema).map(([n, c]) => [n, constraintsOnly(c)])) : key === 'enum' || key === 'const' ? value : constraintsOnly(value);
  }
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
        const schema = constraintsOnly(argsToJsonSchema(endpoint.argsMode === 'declared' ? endpoint.args : {})) as Schema;
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

/**
 * Sub-schemas of at least this many JSON characters that several params schemas share become
 * one validator function the others call (an enum of statuses, an ids list, a small object),
 * rather than the same checks written out in each: 18,800 -> 15,100 lines of validators. Below
 * it (`{"type":"string"}`) a call would cost more than the check it replaces.
 */
const VALIDATOR_SHARE_MIN_LENGTH = 40;

/** The shared validator module of all deployments, and which export each endpoint uses. */
export function emitValidators(model: SpecModel, options: { cache?: boolean } = {}): { files: EmittedFile[]; index: ValidatorIndex } {
  const { schemas, index } = distinctSchemas(model.deployments);
  const taken = new Set(schemas.keys());
  const shared = shareSubSchemas(schemas, (hint) => {
    let id = `shared${pascalCase(hint)}`;
    for (let n = 2; taken.has(id); n++) id = `shared${pascalCase(hint)}${n}`;
    taken.add(id);
    return id;
  }, (id) => ({ $ref: id }), VALIDATOR_SHARE_MIN_LENGTH, { itemsInline: true });
  // inlineRefs off: a shared sub-schema stays one function that its users call, not a copy in each.
  const ajvOptions = { ...AJV_OPTIONS, inlineRefs: false, code: { ...AJV_OPTIONS.code, lines: true } };
  // The code depends on the schemas, their names, ajv and its options only: an edit that changes
  // no params constraint (descriptions are left out above) reuses the last code.
  const inputs = [AJV_VERSION, ajvOptions, [...shared], [...schemas]];
  const code = cachedText('validators', inputs, () => {
    // ajv is loaded only when the code is made anew: most runs take it from the text cache.
    const { Ajv } = requireHere('ajv') as typeof import('ajv');
    const standaloneCode = requireHere('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');
    const ajv = new Ajv(ajvOptions);
    for (const [id, schema] of shared) ajv.addSchema({ $id: id, ...schema });
    const exports: Record<string, string> = {};
    for (const [name, schema] of schemas) {
      ajv.addSchema({ $id: name, ...schema });
      exports[name] = name;
    }
    return standaloneCode.default(ajv, exports);
  }, options.cache === true);
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
