/**
 * `shared/validators.ts`: ajv standalone code of every distinct params schema of every
 * deployment, one exported validator per distinct schema, so the server never compiles a schema
 * at start and a schema written once in the spec is compiled once: endpoints taking the same
 * params (every "takes nothing" endpoint, an operation served by three deployments) share one
 * function, and a large sub-schema used by several endpoints (a meta object, a block list) is
 * its own function that they call. The schemas come from the runtime's `argsToJsonSchema` and
 * the ajv options from `AJV_OPTIONS`, so generated validators and run-time compiles agree.
 * Which schemas there are, and each endpoint's, is worked out here; ajv's code of them is made on
 * the ts-morph thread (validators-code.ts) while this thread emits the documents, and taken when
 * the module is written.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { DeploymentModel, SpecModel } from '../../contract/model.ts';
import { argsToJsonSchema } from '../../contract/args-schema.ts';
import type { EmittedFile } from './emitted-file.ts';
import { pascalCase } from './naming.ts';
import { shareSubSchemas } from './shared-subschemas.ts';
import { textEntry } from '../text-cache.ts';
import { memoEntry, memoizedText, textMemoOn } from './text-memo.ts';
import { withoutArgDescriptions } from './without-arg-descriptions.ts';
import { loadedModelDigest } from '../model-json.ts';
import { startValidatorsInTsThread, takeValidatorsFromTsThread } from '../ts-thread.ts';
import { VALIDATOR_AJV_OPTIONS } from './validators-code.ts';

const AJV_VERSION = (createRequire(import.meta.url)('ajv/package.json') as { version: string }).version;

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

/**
 * The shared validator module of all deployments (its file given when asked: ajv's code is made on
 * the ts-morph thread meanwhile), and which export each endpoint uses.
 */
export function emitValidators(model: SpecModel, options: { cache?: boolean } = {}): { files: () => EmittedFile[]; index: ValidatorIndex } {
  const made = madeFor(model, options.cache === true);
  const index = new Map(made.index);
  let files: EmittedFile[] | undefined;
  return {
    files: () => (files ??= [{ path: SHARED_VALIDATORS, content: validatorsModule(made.code()), preformatted: true }]),
    index: {
      name(deployment, operationId) {
        const name = index.get(`${deployment}\0${operationId}`);
        if (name === undefined) throw new Error(`no validator for ${operationId} of ${deployment}`);
        return name;
      },
    },
  };
}

function validatorsModule(code: string): string {
  let header = `// @ts-nocheck\n// Generated by specpress from spec/: request validators of every deployment, one per distinct params schema.\n// Do not edit: run \`specpress generate\` instead.\n`;
  // ajv's standalone code loads its few runtime helpers (string length, deep equality) with
  // require() even in ESM mode; give the module one.
  if (code.includes('require(')) header += `import { createRequire } from 'node:module';\nconst require = createRequire(import.meta.url);\n`;
  return `${header}${code.trimEnd()}\n`;
}

interface Made {
  index: Array<[string, string]>;
  code: () => string;
}

/**
 * Listing the distinct schemas of a thousand endpoints and sharing their parts is a tenth of a
 * second that an edit changing no params constraint (a description) need not spend again: with the
 * memo on, the index and the code are remembered together, by what the validators are made of.
 */
function madeFor(model: SpecModel, cache: boolean): Made {
  if (!textMemoOn()) return validatorsCode(model, cache);
  const entry = memoEntry('validators-module', madeOf(model));
  if (entry.kept !== undefined) {
    const { code, index } = JSON.parse(entry.kept) as { code: string; index: Array<[string, string]> };
    return { index, code: () => code };
  }
  const fresh = validatorsCode(model, true);
  return { index: fresh.index, code: keptOnceMade(fresh.code, (code) => entry.keep(JSON.stringify({ code, index: fresh.index }))) };
}

/** `make`'s text, made at the first call only and handed to `keep` then. */
function keptOnceMade(make: () => string, keep: (text: string) => void): () => string {
  let text: string | undefined;
  return () => {
    if (text === undefined) keep((text = make()));
    return text;
  };
}

/** What the validators are made of, descriptions aside: each deployment's endpoints' operations, params modes and args. */
function madeOf(model: SpecModel): string {
  return JSON.stringify(model.deployments.map((d) => [d.name, argsDigest(d)]));
}

/**
 * A hash of a deployment's endpoints' operations, params modes and args without descriptions,
 * remembered by the digest of its model without args' descriptions (which the deployment cache
 * keys by too: model-json.ts): an edit of a description computes nothing here.
 */
function argsDigest(deployment: DeploymentModel): string {
  const model = withoutArgDescriptions(deployment);
  return memoizedText('validator-args', loadedModelDigest(model), () => {
    const args = model.routes.map((r) => r.endpoints.map((e) => [e.operationId, e.argsMode, e.argsMode === 'declared' ? e.args : {}]));
    return createHash('sha256').update(JSON.stringify(args)).digest('hex');
  });
}

/**
 * The export each endpoint uses, and ajv's standalone code of every distinct params schema (and
 * their shared parts): from the text cache when its inputs are the same, else started on the
 * ts-morph thread now and taken when asked.
 */
function validatorsCode(model: SpecModel, cache: boolean): Made {
  const { schemas, index } = distinctSchemas(model.deployments);
  const taken = new Set(schemas.keys());
  const shared = shareSubSchemas(schemas, (hint) => {
    let id = `shared${pascalCase(hint)}`;
    for (let n = 2; taken.has(id); n++) id = `shared${pascalCase(hint)}${n}`;
    taken.add(id);
    return id;
  }, (id) => ({ $ref: id }), VALIDATOR_SHARE_MIN_LENGTH, { itemsInline: true });
  // The code depends on the schemas, their names, ajv and its options only: an edit that changes
  // no params constraint (descriptions are left out above) reuses the last code.
  const entry = textEntry('validators', [AJV_VERSION, VALIDATOR_AJV_OPTIONS, [...shared], [...schemas]], cache);
  if (entry.kept !== undefined) return { index: [...index], code: () => entry.kept! };
  startValidatorsInTsThread({ shared: [...shared], schemas: [...schemas] });
  return { index: [...index], code: keptOnceMade(takeValidatorsFromTsThread, entry.keep) };
}
