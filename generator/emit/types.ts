/**
 * `types.ts`: TypeScript types of every resource, of every endpoint's params (`<Id>Input` as a
 * client sends them, `<Id>Args` as the handler receives them, defaults applied) and of the known
 * responses, made by json-schema-to-typescript from the same JSON Schemas the validators use
 * (so `oneOf` becomes a real union).
 */
import { compile, type Options } from 'json-schema-to-typescript';
import type { ArgSchema, DeploymentModel, Endpoint, Route } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { argsTypeName, inputTypeName, pascalCase, resultTypeName } from './naming.ts';
import { requestSchema, type JsonSchema } from './published-schema.ts';
import { namedShapes, responseOf, withShapeRefs } from './responses.ts';

const OPTIONS: Partial<Options> = { bannerComment: '', format: false, ignoreMinAndMaxItems: true, additionalProperties: false, unknownAny: true, strictIndexSignatures: false };

/**
 * The schema as json-schema-to-typescript should see it:
 * - without `title`s: it names a type after each title, and the same titled field (a meta
 *   key) under several endpoints would declare that name twice;
 * - without a `type` beside `oneOf`/`anyOf` (WordPress writes both): it would intersect the
 *   two unions; the branches carry their own types.
 */
function untitled(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(untitled);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  const hasBranches = 'oneOf' in schema || 'anyOf' in schema;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'title' && typeof value === 'string') continue;
    if (key === 'type' && hasBranches) continue;
    // Property names may be anything, `title` included: only descend into their schemas.
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, untitled(v)])) : untitled(value);
  }
  return out;
}

/** A doc comment of one line of text is written on one line (`/** text *\/`), not three. */
function oneLineDocs(code: string): string {
  return code.replace(/\/\*\*\n\s*\* ([^\n]*)\n\s*\*\//g, (_whole, text: string) => `/** ${text} */`);
}

/** The result type expression of an endpoint, in terms of the named shapes. */
export function resultType(endpoint: Endpoint, deployment: DeploymentModel): string {
  const r = responseOf(endpoint, deployment);
  if (r === undefined) return 'unknown';
  if (r.keyed) return `Record<string, ${r.name}>`;
  return r.many ? `${r.name}[]` : r.name;
}

/** `$ref: Name` (a shape name) becomes a TypeScript reference to that named type. */
function withTsRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTsRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return { tsType: ref };
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([n, c]) => [n, withTsRefs(c)])) : withTsRefs(v)]));
}

/** One named interface (or type) per shape endpoints answer with: resources, catalog items... */
async function shapeTypes(deployment: DeploymentModel): Promise<string[]> {
  const out: string[] = [];
  for (const [name, schema] of namedShapes(deployment)) {
    const described = { description: `The ${name} shape.`, ...schema };
    out.push(oneLineDocs(await compile(untitled(withTsRefs(described)) as never, name, OPTIONS)));
  }
  return out;
}

/** Params of an endpoint as a client sends them: declared args plus every capture of the path. */
export function endpointArgs(route: Route, endpoint: Endpoint): Record<string, ArgSchema> {
  const args: Record<string, ArgSchema> = { ...(endpoint.argsMode === 'declared' ? endpoint.args : {}) };
  // A client must be able to name every capture of the path, declared as an arg or not.
  for (const capture of route.captures) args[capture.name] = { ...(args[capture.name] ?? { type: ['string', 'integer'] }), required: true };
  return args;
}

/**
 * The params as the handler receives them: the server applies every default before the handler
 * runs (runtime/rest/params.ts), so a param with a default is present, not optional. A `null`
 * default stays optional: the param then holds null, which its schema may not allow.
 */
function handlerArgsType(route: Route, endpoint: Endpoint, input: string): string {
  const captures = new Set(route.captures.map((c) => c.name));
  const defaulted = endpoint.argsMode !== 'declared' ? [] : Object.entries(endpoint.args).filter(([name, a]) => a.default !== undefined && a.default !== null && !captures.has(name)).map(([name]) => name);
  const doc = `Params of ${endpoint.methods.join(', ')} ${route.path} as its handler receives them${defaulted.length ? ', defaults applied' : ''}.`;
  const type = defaulted.length ? `${input} & Required<Pick<${input}, ${defaulted.map((n) => JSON.stringify(n)).join(' | ')}>>` : input;
  return `/** ${doc} */\nexport type ${argsTypeName(endpoint.operationId)} = ${type};\n`;
}

async function endpointTypes(deployment: DeploymentModel): Promise<string[]> {
  const out: string[] = [];
  // A part of the params a spec shape made (the meta object) names that shape's interface: the
  // answer's when the part is the same, else one `<Shape>Input` interface written once.
  const answers = namedShapes(deployment);
  const inputs = new Map<string, JsonSchema>();
  // An operation's own `<Id>Input` is never taken by a part.
  const operationInputs = new Set(deployment.routes.flatMap((r) => r.endpoints.map((e) => inputTypeName(e.operationId))));
  const named = (shape: string, part: JsonSchema): JsonSchema => {
    const text = JSON.stringify(part);
    if (JSON.stringify(answers.get(pascalCase(shape))) === text) return { tsType: pascalCase(shape) };
    let name = `${pascalCase(shape)}Input`;
    for (let n = 2; operationInputs.has(name) || (inputs.has(name) && JSON.stringify(inputs.get(name)) !== text); n++) name = `${pascalCase(shape)}Input${n}`;
    inputs.set(name, part);
    return { tsType: name };
  };
  // Endpoints taking the same params share one interface; the others name it.
  const byContent = new Map<string, string>();
  for (const route of deployment.routes) {
    for (const endpoint of route.endpoints) {
      // Clients send only the declared params; the server ignores others, the type does not invite them.
      const args = endpointArgs(route, endpoint);
      const schema = { ...withShapeRefs(args, requestSchema(args), named), additionalProperties: endpoint.argsMode === 'undeclared' };
      const what = `${endpoint.methods.join(', ')} ${route.path}`;
      const input = inputTypeName(endpoint.operationId);
      const doc = `Params of ${what} as a client sends them.`;
      const same = byContent.get(JSON.stringify(schema));
      if (same !== undefined) out.push(`/** ${doc} */\nexport type ${input} = ${same};\n`);
      else out.push(oneLineDocs(await compile(untitled({ ...schema, description: doc }) as never, input, OPTIONS)));
      if (same === undefined) byContent.set(JSON.stringify(schema), input);
      out.push(handlerArgsType(route, endpoint, input));
      out.push(`/** What ${what} answers with. */\nexport type ${resultTypeName(endpoint.operationId)} = ${resultType(endpoint, deployment)};\n`);
    }
  }
  for (const [name, part] of inputs) out.push(oneLineDocs(await compile(untitled(withTsRefs(part)) as never, name, OPTIONS)));
  return out;
}

export async function emitTypes(deployment: DeploymentModel): Promise<EmittedFile[]> {
  const header = `// Generated by specpress from spec/: types of the ${deployment.name} deployment.\n// Do not edit: run \`specpress generate\` instead.\n`;
  const parts = [...(await shapeTypes(deployment)), ...(await endpointTypes(deployment))];
  return [{ path: `deployments/${deployment.name}/types.ts`, content: `${header}\n${parts.join('\n')}` }];
}
