/**
 * Checks one parsed spec file against spec/spec.schema.json (ajv, allErrors) and turns ajv's
 * errors into positioned diagnostics: the instance path leads to the YAML node.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { cachedText } from '../text-cache.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { positionOf, type DataPath, type SourceFile } from './positions.ts';
import { didYouMean, listNames } from './suggest.ts';

export type FileKind = 'site' | 'namespace' | 'shape' | 'resource' | 'data' | 'deployment';

const SCHEMA_PATH = fileURLToPath(new URL('../../spec/spec.schema.json', import.meta.url));
const DEFINITION: Record<FileKind, string> = {
  site: 'site',
  namespace: 'namespaceFile',
  shape: 'shapeFile',
  resource: 'resourceFile',
  data: 'dataFile',
  deployment: 'deploymentFile',
};

const requireHere = createRequire(import.meta.url);
const AJV_VERSION = (requireHere('ajv/package.json') as { version: string }).version;
const AJV_OPTIONS = { allErrors: true, strict: false, verbose: true } as const;

let validators: Map<FileKind, ValidateFunction> | undefined;
let reuseCompiled = true;

/**
 * Whether the checking code may come from the text cache (text-cache.ts): compiling the
 * meta-schema is most of the time a small spec takes to load, and it changes only with the schema
 * file or ajv. Set by each load (loadSpec's `cache`: off for `generate --no-cache`).
 */
export function reuseSpecValidators(on: boolean): void {
  reuseCompiled = on;
}

/** What the validators' code is made from: the meta-schema's text, ajv's version and options, the kinds. */
const codeInputs = (schemaText: string) => ({ schema: schemaText, ajv: AJV_VERSION, options: AJV_OPTIONS, kinds: DEFINITION });

/** A hash of those inputs, naming the code made from them. */
function codeKey(schemaText: string): string {
  return createHash('sha256').update(JSON.stringify(codeInputs(schemaText))).digest('hex');
}

/**
 * Where the build (scripts/build.mjs) writes the validators' code beside the meta-schema it copies
 * into dist/: run from dist/, a start without caches (`generate --no-cache`) does not compile the
 * meta-schema either. From the sources there is no such file.
 */
const PREBUILT_PATH = fileURLToPath(new URL('../../spec/spec-validators.cjs', import.meta.url));
const PREBUILT_HEADER = '// specpress: ajv standalone code of spec.schema.json, inputs ';

/** The file the build writes: a first line naming the inputs' hash, then the code. */
export function prebuiltValidatorsFile(): string {
  const schemaText = metaSchemaText();
  return `${PREBUILT_HEADER}${codeKey(schemaText)}\n${makeCode(schemaText)}`;
}

/** The built code, when the build wrote it from the same inputs as this run's (a stale file is ignored). */
export function prebuiltCode(path: string, schemaText: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const newline = text.indexOf('\n');
  return text.slice(0, newline) === `${PREBUILT_HEADER}${codeKey(schemaText)}` ? text.slice(newline + 1) : undefined;
}

/**
 * ajv's standalone code of the six file kinds' validators, one module exporting one function per
 * kind, made once per meta-schema and ajv version (by the build, or by the first run and kept in
 * the text cache). With `verbose`, the code carries the schema objects the error messages and
 * did-you-mean hints read.
 */
function compiledCode(schemaText: string): string {
  return prebuiltCode(PREBUILT_PATH, schemaText) ?? cachedText('spec-schema-validators', codeInputs(schemaText), () => makeCode(schemaText), reuseCompiled);
}

function makeCode(schemaText: string): string {
  // ajv itself is loaded only to compile: the code needs only its small runtime helpers.
  const { Ajv } = requireHere('ajv') as typeof import('ajv');
  const standaloneCode = requireHere('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js');
  const schema = JSON.parse(schemaText) as { $id: string };
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true } });
  ajv.addSchema(schema);
  const refs: Record<string, string> = {};
  for (const [kind, def] of Object.entries(DEFINITION)) {
    if (!ajv.getSchema(`${schema.$id}#/$defs/${def}`)) throw new Error(`spec.schema.json lacks $defs/${def}`);
    refs[kind] = `${schema.$id}#/$defs/${def}`;
  }
  return standaloneCode.default(ajv, refs);
}

let schemaText: string | undefined;

/** The meta-schema's text: what a file's check depends on besides the file and the code. */
export function metaSchemaText(): string {
  schemaText ??= readFileSync(SCHEMA_PATH, 'utf8');
  return schemaText;
}

function validatorFor(kind: FileKind): ValidateFunction {
  if (!validators) {
    const module = { exports: {} as Record<string, ValidateFunction> };
    // The standalone code is a CommonJS module that requires ajv's small runtime helpers.
    new Function('require', 'module', 'exports', compiledCode(metaSchemaText()))(requireHere, module, module.exports);
    validators = new Map();
    for (const k of Object.keys(DEFINITION)) validators.set(k as FileKind, module.exports[k]!);
  }
  return validators.get(kind)!;
}

export function validateFile(kind: FileKind, src: SourceFile, data: unknown): Diagnostic[] {
  const validate = validatorFor(kind);
  if (validate(data)) return [];
  const diagnostics: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    // `if` only says "the then/else branch failed": that branch's own errors are reported.
    if (error.keyword === 'if') continue;
    // A failing property name is reported once, by its `propertyNames` error, at the key.
    if (error.propertyName !== undefined && error.keyword !== 'propertyNames') continue;
    const d = toDiagnostic(src, data, error);
    const key = `${d.line}:${d.col}:${d.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      diagnostics.push(d);
    }
  }
  return diagnostics;
}

function toDiagnostic(src: SourceFile, data: unknown, error: ErrorObject): Diagnostic {
  const path = pointerToPath(error.instancePath);
  const what = describe(path);
  const where = path.length ? ` in ${what}` : '';
  const value = valueAt(data, path);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = allowedKeys(error);
      return diagnostic('schemaUnknownKey', positionOf(src, [...path, key], 'key'), {
        key,
        where,
        allowed: allowed.length ? listNames(allowed) : 'see spec/FORMAT.md',
        suggestion: didYouMean(key, allowed),
      });
    }
    case 'required':
      return diagnostic('schemaMissingKey', positionOf(src, path), { key: String(params.missingProperty), where });
    case 'type':
      return diagnostic('schemaWrongType', positionOf(src, path), {
        what,
        actual: typeName(value),
        expected: String(params.type).replace(/,/g, ' or '),
      });
    case 'enum':
    case 'const': {
      const allowed = (params.allowedValues as unknown[] | undefined) ?? [params.allowedValue];
      return diagnostic('schemaNotAllowed', positionOf(src, path), {
        what,
        actual: JSON.stringify(value),
        allowed: listNames(allowed.map((v) => String(v))),
        suggestion: typeof value === 'string' ? didYouMean(value, allowed.map(String)) : '',
      });
    }
    case 'pattern':
      return diagnostic('schemaPattern', positionOf(src, path), { what, actual: String(value), expected: `/${String(params.pattern)}/` });
    case 'propertyNames':
      return diagnostic('schemaPattern', positionOf(src, [...path, String(params.propertyName)], 'key'), {
        what: `the key under ${what}`,
        actual: String(params.propertyName),
        expected: 'a path starting with `/`',
      });
    default:
      return diagnostic('schemaOther', positionOf(src, path), { what, problem: error.message ?? 'is invalid' });
  }
}

/** The keys a schema object allows, for "allowed keys" and did-you-mean hints. */
function allowedKeys(error: ErrorObject): string[] {
  const schema = error.parentSchema as { properties?: Record<string, unknown> } | undefined;
  return Object.keys(schema?.properties ?? {});
}

function pointerToPath(pointer: string): DataPath {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function valueAt(data: unknown, path: DataPath): unknown {
  let node = data;
  for (const segment of path) node = (node as Record<string | number, unknown> | undefined)?.[segment];
  return node;
}

/** `routes./x.endpoints[0].args` → "`args` of routes./x.endpoints[0]" style, short and findable. */
function describe(path: DataPath): string {
  if (path.length === 0) return 'the document';
  const text = path.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('').replace(/^\./, '');
  return `\`${text}\``;
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  return `${typeof value === 'string' ? 'a string' : `a ${typeof value}`} (${JSON.stringify(value)})`;
}
