/**
 * `types.ts`: TypeScript types of every resource, of every endpoint's params (`<Id>Input` as a
 * client sends them, `<Id>Args` as the handler receives them, defaults applied) and of the known
 * responses, made by json-schema-to-typescript from the same JSON Schemas the validators use
 * (so `oneOf` becomes a real union).
 */
import { createHash } from 'node:crypto';
import type { Options } from 'json-schema-to-typescript';
import { compileSchemaTypes, startSchemaTypes } from './schema-types.ts';
import type { SchemaTypeRequest } from '../ts-thread.ts';
import type { ArgSchema, DeploymentModel, Endpoint, Route, SpecModel } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { argsTypeName, inputTypeName, pascalCase, resultTypeName } from './naming.ts';
import { requestSchema, type JsonSchema } from './published-schema.ts';
import { namedShapes, responseOf, withShapeRefs } from './responses.ts';
import { headedPieces } from './ts-source.ts';
import { NotLaidOut, stringLiteral } from './literal-layout.ts';
import { layOutDeclaration } from './type-layout.ts';
import { layOutAlias } from './alias-layout.ts';

export const SCHEMA_TYPE_OPTIONS: Partial<Options> = { bannerComment: '', format: false, ignoreMinAndMaxItems: true, additionalProperties: false, unknownAny: true, strictIndexSignatures: false };

/** Keywords that say what a value is; a schema with none of them allows any JSON value. */
const TYPING_KEYWORDS = ['type', '$ref', 'tsType', 'oneOf', 'anyOf', 'allOf', 'not', 'enum', 'const', 'properties', 'patternProperties', 'additionalProperties', 'items'];

/**
 * A field's schema that allows anything (an arg declared with only a description) typed
 * `unknown`: json-schema-to-typescript reads such a schema as an object of any keys, which
 * is not what arrives (an untyped `entry_ids` is a list, a map or a comma-separated string).
 */
function anyValue(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  return TYPING_KEYWORDS.some((k) => k in schema) ? schema : { ...schema, tsType: 'unknown' };
}

/**
 * The schema as json-schema-to-typescript should see it:
 * - without `title`s: it names a type after each title, and the same titled field (a meta
 *   key) under several endpoints would declare that name twice;
 * - without a `type` beside `oneOf`/`anyOf` (WordPress writes both): it would intersect the
 *   two unions; the branches carry their own types. Nor the `items: {}` published-schema.ts
 *   gives every array beside them: `(number[] | {...}) & unknown[]` refused the object branch;
 * - with fields that allow any value typed `unknown` (anyValue).
 */
function untitled(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(untitled);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  const hasBranches = 'oneOf' in schema || 'anyOf' in schema;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'title' && typeof value === 'string') continue;
    if (key === 'type' && hasBranches) continue;
    if (key === 'items' && hasBranches && value !== null && typeof value === 'object' && Object.keys(value).length === 0) continue;
    // Property names may be anything, `title` included: only descend into their schemas.
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, anyValue(untitled(v))])) : untitled(value);
  }
  return out;
}

/** A doc comment of one line of text is written on one line (`/** text *\/`), not three. */
export function oneLineDocs(code: string): string {
  return code.replace(/\/\*\*\n\s*\* ([^\n]*)\n\s*\*\//g, (_whole, text: string) => `/** ${text} */`);
}

/**
 * `export interface X { ... }` written as `export type X = { ... };`. Params are a plain record:
 * an object type written so is assignable to `Record<string, unknown>` (an interface is not), so
 * runtime code that reads any operation's params (`HandlerContext`'s default) accepts every
 * operation's, while a service that declares what it reads is checked against them.
 */
export function asTypeAlias(code: string): string {
  // Its last line closes it: json-schema-to-typescript writes members unindented, so a nested object's `}` starts a line too.
  return code.replace(/^export interface (\w+) \{\n([\s\S]*)^\}$/m, 'export type $1 = {\n$2};');
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

/** A declaration of a types file: its text, or the schema json-schema-to-typescript makes it from and how that text is then written. */
type Part = string | { request: SchemaTypeRequest; write: (compiled: string) => string };

const fromSchema = (schema: unknown, name: string, write: (compiled: string) => string): Part => ({ request: { schema: untitled(schema) as never, name, options: SCHEMA_TYPE_OPTIONS }, write });

/**
 * A declaration's text, and whether it is as prettier lays it out: one written here that fits on
 * its lines (ownText), or one of json-schema-to-typescript's that type-layout.ts lays out; the
 * others are left to the formatter.
 */
interface TypeText {
  text: string;
  laidOut: boolean;
  /** What it was made from, and how: the shared file renames names in it and makes it again (emitSharedTypes). */
  source: string;
  made: (source: string) => TypeText;
}

/** A doc comment on one line: prettier leaves it as it is, however long. */
const ONE_LINE_DOC = /^\/\*\*.*\*\/$/;

/**
 * A declaration written here (a one-line doc comment above `export type X = ...;` on one line,
 * with quotes as prettier writes them): laid out as prettier lays it out (alias-layout.ts), or
 * left to the formatter when that is not known.
 */
function ownText(text: string): TypeText {
  const lines = text.trimEnd().split('\n');
  const laid = lines.slice(0, -1).every((line) => ONE_LINE_DOC.test(line)) ? layOutAlias(lines.at(-1)!) : undefined;
  if (laid === undefined) return { text, source: text, made: ownText, laidOut: false };
  return { text: `${[...lines.slice(0, -1), laid].join('\n')}${text.slice(text.trimEnd().length)}`, source: text, made: ownText, laidOut: true };
}

/** A compiled declaration, laid out when type-layout.ts knows how. */
function compiledText(text: string): TypeText {
  try {
    return { text: layOutDeclaration(text), source: text, made: compiledText, laidOut: true };
  } catch (error) {
    if (error instanceof NotLaidOut) return { text, source: text, made: compiledText, laidOut: false };
    throw error;
  }
}

/** The parts' texts, every schema among them compiled in one go (schema-types.ts). */
function written(parts: Part[]): TypeText[] {
  const pending = parts.filter((part) => typeof part !== 'string');
  const texts = compileSchemaTypes(pending.map((part) => part.request));
  let next = 0;
  return parts.map((part) => (typeof part === 'string' ? ownText(part) : compiledText(part.write(texts[next++]!))));
}

/** One named interface (or type) per shape endpoints answer with: resources, catalog items... */
function shapeTypes(deployment: DeploymentModel): Part[] {
  const out: Part[] = [];
  for (const [name, schema] of namedShapes(deployment)) out.push(fromSchema(withTsRefs({ description: `The ${name} shape.`, ...schema }), name, oneLineDocs));
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
  const declared = `export type ${argsTypeName(endpoint.operationId)} =`;
  if (defaulted.length === 0) return `/** ${doc} */\n${declared} ${input};\n`;
  // On one line: ownText lays it out.
  return `/** ${doc} */\n${declared} ${input} & Required<Pick<${input}, ${defaulted.map(stringLiteral).join(' | ')}>>;\n`;
}

function endpointTypes(deployment: DeploymentModel): Part[] {
  const out: Part[] = [];
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
      else out.push(fromSchema({ ...schema, description: doc }, input, (compiled) => asTypeAlias(oneLineDocs(compiled))));
      if (same === undefined) byContent.set(JSON.stringify(schema), input);
      out.push(handlerArgsType(route, endpoint, input));
      out.push(`/** What ${what} answers with. */\nexport type ${resultTypeName(endpoint.operationId)} = ${resultType(endpoint, deployment)};\n`);
    }
  }
  for (const [name, part] of inputs) out.push(fromSchema(withTsRefs(part), name, oneLineDocs));
  return out;
}

/** What a deployment's types are made of, in order; worked out once per run (startTypes and typeParts both ask). */
const sourcesOf = new WeakMap<DeploymentModel, Part[]>();
function partSources(deployment: DeploymentModel): Part[] {
  let parts = sourcesOf.get(deployment);
  if (parts === undefined) sourcesOf.set(deployment, (parts = [...shapeTypes(deployment), ...endpointTypes(deployment)]));
  return parts;
}

/**
 * Has json-schema-to-typescript start on every schema of every deployment's types, on the ts-morph
 * thread while this one emits the rest (schema-types.ts): every run writes the shared types, which
 * read every deployment's.
 */
export function startTypes(model: SpecModel): void {
  startSchemaTypes(model.deployments.flatMap((deployment) => partSources(deployment).flatMap((part) => (typeof part === 'string' ? [] : [part.request]))));
}

/** The declarations of a deployment's types, in order; made once per run (the shared file reads them too). */
const partsOf = new WeakMap<DeploymentModel, Promise<TypeText[]>>();
function typeParts(deployment: DeploymentModel): Promise<TypeText[]> {
  let parts = partsOf.get(deployment);
  if (parts === undefined) {
    parts = (async () => written(partSources(deployment)))();
    partsOf.set(deployment, parts);
  }
  return parts;
}

export async function emitTypes(deployment: DeploymentModel): Promise<EmittedFile[]> {
  const header = `// Generated by specpress from spec/: types of the ${deployment.name} deployment.\n// Do not edit: run \`specpress generate\` instead.\n`;
  const parts = await typeParts(deployment);
  return [{ path: `deployments/${deployment.name}/types.ts`, ...headedPieces(header, parts.map((p) => p.text), parts.map((p) => p.laidOut)) }];
}

/** Where the types shared by every deployment's handlers are written, relative to the output root. */
export const SHARED_TYPES = 'shared/types.ts';

/** One top-level declaration of a types file: its name and its text (doc comment included), laid out or not (TypeText). */
interface Declaration extends TypeText {
  name: string;
}

/**
 * The declaration each part is, named: json-schema-to-typescript writes one per schema here (the
 * titles that would name more are taken out, references are names: untitled, withTsRefs), and
 * those written here are one each.
 */
function declarationsOf(parts: TypeText[]): Declaration[] {
  return parts.map((part) => {
    const names = [...part.source.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]!);
    if (names.length !== 1) throw new Error(`a part of the types declares ${names.length} names, not one: ${part.source.slice(0, 300)}`);
    return { ...part, name: names[0]!, text: part.text.trim() };
  });
}

/** Comments and string literals: names inside them are not references. */
const NOT_CODE = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g;

/** The text with `rename(name)` applied to every identifier outside comments and strings. */
function mapIdentifiers(text: string, rename: (name: string) => string): string {
  let out = '';
  let at = 0;
  for (const m of text.matchAll(NOT_CODE)) {
    out += text.slice(at, m.index).replace(/\b[A-Za-z_]\w*\b/g, rename) + m[0];
    at = m.index + m[0].length;
  }
  return out + text.slice(at).replace(/\b[A-Za-z_]\w*\b/g, rename);
}

/** The names a declaration references, worked out once per declaration (the signature and the walk below both ask). */
const referencesMade = new WeakMap<Declaration, string[]>();
function declarationReferences(declaration: Declaration, declared: Map<string, Declaration>): string[] {
  let found = referencesMade.get(declaration);
  if (found === undefined) referencesMade.set(declaration, (found = referencesOf(declaration.text, declared)));
  return found;
}

function referencesOf(text: string, declared: Map<string, Declaration>): string[] {
  const found = new Set<string>();
  mapIdentifiers(text, (word) => {
    if (declared.has(word)) found.add(word);
    return word;
  });
  return [...found];
}

/**
 * `shared/types.ts`: the types handler files are written against, once for every deployment:
 * each custom operation's `<Id>Args` and `<Id>Result` and what they reference. A type that is the
 * same in every deployment that has it (down to the types it names) is written once; one that a
 * deployment makes differently (a binding gives its posts other meta keys) is written once per
 * distinct form, named after the first deployment giving that form (`StudioPostMeta`), and the
 * plain name is their union, so a handler shared by every deployment takes any of their params
 * and may answer any of their results. Each deployment's own `types.ts` stays whole and exact
 * for its client.
 */
export async function emitSharedTypes(model: SpecModel, operations: string[]): Promise<EmittedFile[]> {
  const perDeployment = new Map<string, Map<string, Declaration>>();
  for (const deployment of model.deployments) perDeployment.set(deployment.name, new Map(declarationsOf(await typeParts(deployment)).map((d) => [d.name, d])));
  // What a name is in one deployment: its text and, recursively, what the names it references are,
  // as a hash of the text and of those names' hashes (the texts nested whole grew with every level).
  const signatures = new Map<string, string>();
  const signature = (deployment: string, name: string, visiting: Set<string>): string => {
    const key = `${deployment}\0${name}`;
    const known = signatures.get(key);
    if (known !== undefined) return known;
    const declared = perDeployment.get(deployment)!;
    const declaration = declared.get(name);
    if (declaration === undefined || visiting.has(name)) return name;
    visiting.add(name);
    const text = JSON.stringify([declaration.text, declarationReferences(declaration, declared).map((r) => [r, signature(deployment, r, visiting)])]);
    visiting.delete(name);
    const hashed = createHash('sha256').update(text).digest('base64');
    signatures.set(key, hashed);
    return hashed;
  };
  // The names handlers need, then everything they reference, in order of first appearance.
  const wanted: string[] = [];
  const isWanted = new Set<string>();
  const queue = operations.flatMap((id) => [argsTypeName(id), resultTypeName(id)]);
  for (let next = 0; next < queue.length; next++) {
    const name = queue[next]!;
    if (isWanted.has(name)) continue;
    wanted.push(name);
    isWanted.add(name);
    for (const declared of perDeployment.values()) {
      const declaration = declared.get(name);
      if (declaration !== undefined) queue.push(...declarationReferences(declaration, declared).filter((r) => !isWanted.has(r)));
    }
  }
  // Per name: the deployments declaring it, grouped by signature; the variant name of each group.
  const variants = new Map<string, Array<{ name: string; deployment: string; members: string[] }>>();
  for (const name of wanted) {
    const groups = new Map<string, string[]>();
    for (const [deployment, declared] of perDeployment) {
      if (!declared.has(name)) continue;
      const sig = signature(deployment, name, new Set());
      groups.set(sig, [...(groups.get(sig) ?? []), deployment]);
    }
    const list = [...groups.values()].map((members) => ({ name: groups.size === 1 ? name : `${pascalCase(members[0])}${name}`, deployment: members[0], members }));
    variants.set(name, list);
  }
  const variantIn = (name: string, deployment: string): string => variants.get(name)?.find((v) => v.members.includes(deployment))?.name ?? name;
  const out: TypeText[] = [];
  for (const name of wanted) {
    const list = variants.get(name)!;
    for (const v of list) {
      const declaration = perDeployment.get(v.deployment)!.get(name)!;
      // The variant names the variants of its own deployment's types; its members agree on them.
      let source = mapIdentifiers(declaration.source, (word) => (word !== name && variants.has(word) ? variantIn(word, v.deployment) : word));
      if (v.name !== name) source = source.replace(new RegExp(`^export (interface|type) ${name}\\b`, 'm'), `export $1 ${v.name}`);
      // Renamed, its lines are longer: laid out again from what it was made from.
      out.push(source === declaration.source ? declaration : declaration.made(source));
    }
    if (list.length > 1) out.push(ownText(`/** ${name} as each deployment has it (${list.map((v) => v.members.join(', ')).join('; ')}). */\nexport type ${name} = ${list.map((v) => v.name).join(' | ')};`));
  }
  const header = '// Generated by specpress from spec/: the types handlers are written against, shared by every deployment.\n// Do not edit: run `specpress generate` instead.\n';
  return [{ path: SHARED_TYPES, ...headedPieces(header, out.map((p) => p.text), out.map((p) => p.laidOut)) }];
}
