/**
 * Entry point of the spec front end: read every YAML file of a spec folder keeping positions,
 * check it against the meta-schema and the semantic rules, and resolve it into one
 * DeploymentModel per deployment. Errors never throw: they come back as diagnostics, all of a
 * run together, and `model` is set only when there is no error.
 */
import { readFileSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Document } from 'yaml';
import type { SpecModel } from '../../contract/model.ts';
import { compareDiagnostics, diagnostic, formatDiagnostic, type Diagnostic } from './diagnostics.ts';
import type { FailedFile, Loaded, SpecSources } from './raw.ts';
import { didYouMean, listNames } from './suggest.ts';
import { applyExtends } from './extends.ts';
import { readSpecText } from './parse-file.ts';
import { quickReadingsElsewhere } from './parse-elsewhere.ts';
import type { QuickReading } from './quick-parse.ts';
import type { SourceFile } from './positions.ts';
import { instantiatePostTypeRoutes } from './post-type-routes.ts';
import { resolveSpec } from './resolve.ts';
import { checkSemantics } from './semantic.ts';
import { checkFilters } from './semantic-filters.ts';
import { checkGeneratedNames } from './semantic-names.ts';
import { checkOverlaps } from './semantic-overlaps.ts';
import { CleanDeployments } from './clean-deployments.ts';
import { metaSchemaText, reuseSpecValidators, validateFile, type FileKind } from './validate.ts';
import { ParseCache } from './parse-cache.ts';
import { codeDigest } from '../run-cache.ts';

export { formatDiagnostic, type Diagnostic } from './diagnostics.ts';

const FOLDERS: Array<{ folder: string; kind: FileKind; list: Exclude<keyof SpecSources, 'site'> }> = [
  { folder: 'namespaces', kind: 'namespace', list: 'namespaces' },
  { folder: 'shapes', kind: 'shape', list: 'shapes' },
  { folder: 'resources', kind: 'resource', list: 'resources' },
  { folder: 'data', kind: 'data', list: 'data' },
  { folder: 'deployments', kind: 'deployment', list: 'deployments' },
];

/** A limit that keeps a hostile or mistaken spec from exhausting memory: the largest spec file is tens of KiB (aliases: parse-file.ts). */
export const MAX_SPEC_FILE_BYTES = 1024 * 1024;

/**
 * `cache` false: every file is parsed and the meta-schema compiled, nothing is taken from earlier
 * loads (`generate --no-cache`). `deferModelChecks`: the checks of the resolved model (routes that
 * overlap, generated names, filters: tens of milliseconds) are left to the caller, who gets the
 * model unchecked and `checkModel`, and must run it before anything comes of the model (generate
 * runs it once it has started the types' schemas compiling on another thread).
 */
export interface LoadOptions {
  cache?: boolean;
  deferModelChecks?: boolean;
}

export interface LoadResult {
  model?: SpecModel;
  diagnostics: Diagnostic[];
  /** With `deferModelChecks` and a model: the model's checks, their diagnostics to add to `diagnostics` (reportOrder). */
  checkModel?: () => Promise<Diagnostic[]>;
}

export async function loadSpec(specDir: string, options: LoadOptions = {}): Promise<LoadResult> {
  try {
    return await loadChecked(specDir, options.cache !== false, options.deferModelChecks === true);
  } catch (error) {
    // A loader bug must still reach the user as one readable line, not a stack trace.
    const at = { file: displayPath(specDir), line: 1, col: 1 };
    return { diagnostics: [diagnostic('internalError', at, { problem: (error as Error).message ?? String(error) })] };
  }
}

async function loadChecked(specDir: string, cache: boolean, defer: boolean): Promise<LoadResult> {
  reuseSpecValidators(cache);
  // The salt reads the generator's code: only worth it when the cache is used.
  const parsed = await ParseCache.open(cache ? [await codeDigest(), metaSchemaText()] : [], cache);
  const { sources, diagnostics } = await readSources(specDir, parsed);
  diagnostics.push(...checkSemantics(sources));
  diagnostics.push(...applyExtends(sources));
  if (diagnostics.some((d) => d.severity === 'error')) return { diagnostics: await saved(parsed, diagnostics) };
  const resolved = resolveSpec(sources);
  diagnostics.push(...onceEach(resolved.diagnostics));
  const checkModel = async (): Promise<Diagnostic[]> => {
    // Checks of what resolution made: args pulled in by shapes, every deployment's routes,
    // generated names. Those that read one deployment alone run only on a model they have not
    // passed before.
    const clean = await CleanDeployments.open(cache);
    const fresh = resolved.model.deployments.filter((d) => !clean.passedBefore(d));
    const ownChecks = [...checkOverlaps({ deployments: fresh }), ...checkGeneratedNames(resolved.model, fresh)];
    if (ownChecks.length === 0) for (const d of fresh) clean.passed(d);
    const found = onceEach([...checkFilters(resolved.model), ...ownChecks]);
    // The positions these asked of each file are remembered with it, as the load's are.
    await parsed.save();
    return found;
  };
  const resolvedClean = !diagnostics.some((d) => d.severity === 'error');
  if (defer && resolvedClean) return { model: resolved.model, diagnostics: await saved(parsed, diagnostics), checkModel };
  // A model resolution found wrong is checked all the same: every problem of a run is said together.
  const found = await checkModel();
  const all = reportOrder([...diagnostics, ...found]);
  return { ...(resolvedClean && !found.some((d) => d.severity === 'error') ? { model: resolved.model } : {}), diagnostics: all };
}

/**
 * The checks after resolution run once per deployment and may find one problem in each, its list
 * of names differing with the deployment's overrides: say it once, at its place.
 */
function onceEach(diagnostics: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const at = `${d.file}:${d.line}:${d.col}:${d.code}`;
    const first = !seen.has(at);
    seen.add(at);
    return first;
  });
}

/** The load's diagnostics in report order, once the positions it asked are remembered with their files. */
async function saved(parsed: ParseCache, diagnostics: Diagnostic[]): Promise<Diagnostic[]> {
  await parsed.save();
  return reportOrder(diagnostics);
}

/** Diagnostics in the order they are reported (causes first, then by place), each once. */
export function reportOrder(diagnostics: Diagnostic[]): Diagnostic[] {
  const sorted = [...diagnostics].sort(compareDiagnostics);
  return sorted.filter((d, i) => i === 0 || formatDiagnostic(d) !== formatDiagnostic(sorted[i - 1]!));
}

/** A spec file to read, in the order the loader takes them, and where its data goes. */
interface SpecFile {
  absolute: string;
  file: string;
  kind: FileKind;
  list: keyof SpecSources;
  /** A file that may be absent (site.yaml). */
  optional: boolean;
}

/** Parses and schema-checks every file; files that fail still take part (marked invalid). */
export async function readSources(specDir: string, parsed?: ParseCache): Promise<{ sources: SpecSources; diagnostics: Diagnostic[] }> {
  const sources: SpecSources = { root: displayPath(specDir), failed: [], namespaces: [], shapes: [], resources: [], data: [], deployments: [] };
  const diagnostics: Diagnostic[] = [];
  await checkFolders(specDir, diagnostics);
  const site = path.join(specDir, 'site.yaml');
  const files: SpecFile[] = [{ absolute: site, file: displayPath(site), kind: 'site', list: 'site', optional: true }];
  for (const { folder, kind, list } of FOLDERS) {
    for (const absolute of await yamlFiles(path.join(specDir, folder), diagnostics)) files.push({ absolute, file: displayPath(absolute), kind, list, optional: false });
  }
  const texts = files.map((f) => readText(f, diagnostics, sources.failed));
  const known = files.map((f, i) => (texts[i] === undefined ? undefined : parsed?.lookup(f.kind, f.file, texts[i])));
  // The texts to parse: the later ones are read on the ts-morph thread meanwhile, when it runs.
  const elsewhere = quickReadingsElsewhere(texts.map((text, i) => (known[i] === undefined ? text : undefined)));
  files.forEach((f, i) => {
    const text = texts[i];
    if (text === undefined) return;
    const loaded = loadText(f, text, known[i], elsewhere[i], diagnostics, sources.failed, parsed);
    if (loaded === undefined) return;
    if (f.list === 'site') sources.site = loaded as SpecSources['site'];
    else (sources[f.list] as Loaded<unknown>[]).push(loaded);
  });
  return { sources, diagnostics };
}

/** A folder of the spec that is not one of the spec folders (`spec/shape/`) is read by nobody: say so. */
async function checkFolders(specDir: string, diagnostics: Diagnostic[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(specDir, { withFileTypes: true });
  } catch {
    return;
  }
  const known = FOLDERS.map((f) => f.folder);
  for (const entry of entries) {
    if (!entry.isDirectory() || known.includes(entry.name) || entry.name.startsWith('.')) continue;
    const at = { file: displayPath(path.join(specDir, entry.name)), line: 1, col: 1 };
    diagnostics.push(diagnostic('unknownFolder', at, { name: `${entry.name}/`, allowed: listNames(known.map((k) => `${k}/`)), suggestion: didYouMean(entry.name, known) }));
  }
}

/** The YAML files of a spec folder, sorted; other files there are reported as not read. */
async function yamlFiles(dir: string, diagnostics: Diagnostic[]): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  for (const name of names.filter((n) => !/\.ya?ml$/.test(n) && !n.startsWith('.')).sort()) {
    diagnostics.push(diagnostic('notYamlFile', { file: displayPath(path.join(dir, name)), line: 1, col: 1 }, { name }));
  }
  return names
    .filter((n) => /\.ya?ml$/.test(n))
    .sort()
    .map((n) => path.join(dir, n));
}

/** Decodes UTF-8 strictly: a file that is not valid UTF-8 (or holds NUL bytes) is not a spec file. */
function decodeText(bytes: Buffer): string | { problem: string } {
  if (bytes.includes(0)) return { problem: 'it holds NUL bytes' };
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: 'it is not valid UTF-8' };
  }
}

/** The file's text, or undefined when it cannot be read as one (said in `diagnostics`, or an optional file absent). */
function readText(f: SpecFile, diagnostics: Diagnostic[], failed: FailedFile[]): string | undefined {
  const at = { file: f.file, line: 1, col: 1 };
  let bytes: Buffer;
  try {
    // The size is checked before reading, so a huge file is never loaded into memory. Read
    // synchronously: a spec is a hundred small files, and an asynchronous read of each costs
    // several round trips through libuv's pool for nothing the run could do meanwhile.
    const { size } = statSync(f.absolute);
    if (size > MAX_SPEC_FILE_BYTES) {
      diagnostics.push(diagnostic('fileTooLarge', at, { size, limit: MAX_SPEC_FILE_BYTES }));
      failed.push({ kind: f.kind, file: f.file, names: probableNames(f.kind, f.file, undefined) });
      return undefined;
    }
    bytes = readFileSync(f.absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (f.optional && code === 'ENOENT') return undefined;
    diagnostics.push(diagnostic('unreadableFile', at, { problem: code ?? String(error) }));
    failed.push({ kind: f.kind, file: f.file, names: probableNames(f.kind, f.file, undefined) });
    return undefined;
  }
  const text = decodeText(bytes);
  if (typeof text !== 'string') {
    diagnostics.push(diagnostic('binaryFile', at, text));
    failed.push({ kind: f.kind, file: f.file, names: probableNames(f.kind, f.file, undefined) });
    return undefined;
  }
  return text;
}

/**
 * The file's data, checked: from the parse cache when `known`, else read (by the quick reading
 * made elsewhere, when `elsewhere` gives it: spec/parse-elsewhere.ts).
 */
function loadText(
  f: SpecFile,
  text: string,
  known: { src: SourceFile; data: unknown } | undefined,
  elsewhere: (() => QuickReading) | undefined,
  diagnostics: Diagnostic[],
  failed: FailedFile[],
  parsed?: ParseCache,
): Loaded<unknown> | undefined {
  const { file, kind } = f;
  const fail = (doc?: Document): undefined => {
    failed.push({ kind, file, names: probableNames(kind, file, doc) });
    return undefined;
  };
  if (known !== undefined) return { src: known.src, data: withCopiedRoutes(kind, known.src, known.data).data, valid: true };
  const read = readSpecText(file, text, elsewhere);
  if (read.problems !== undefined) {
    diagnostics.push(...read.problems);
    return fail(read.src.doc);
  }
  if (read.data === null || read.data === undefined) {
    diagnostics.push(diagnostic('emptyFile', { file, line: 1, col: 1 }, { kind }));
    return fail();
  }
  const { data, problems: copying } = withCopiedRoutes(kind, read.src, read.data);
  diagnostics.push(...copying);
  const problems = validateFile(kind, read.src, data);
  diagnostics.push(...problems);
  // The file's own data is kept, not the copies made from it.
  if (problems.length === 0 && copying.length === 0) parsed?.remember(kind, file, text, read.src, read.data, read.aliases);
  return { src: read.src, data, valid: problems.length === 0 };
}

/** A namespace file's data with the routes it copies for each post type (post-type-routes.ts). */
function withCopiedRoutes(kind: FileKind, src: SourceFile, data: unknown): { data: unknown; problems: Diagnostic[] } {
  return kind === 'namespace' ? instantiatePostTypeRoutes(data, src) : { data, problems: [] };
}

/**
 * The names a file that failed to load probably declares: its file name (namespaces: `a-v1`
 * may be `a/v1`), and its `kind:` key when that much of it parsed.
 */
function probableNames(kind: FileKind, file: string, doc: Document | undefined): string[] {
  const base = file.split('/').pop()!.replace(/\.ya?ml$/, '');
  const names = new Set<string>([base]);
  if (kind === 'namespace') {
    if (base === 'root') names.add('');
    names.add(base.replace(/-/g, '/'));
    for (let i = base.indexOf('-'); i !== -1; i = base.indexOf('-', i + 1)) names.add(`${base.slice(0, i)}/${base.slice(i + 1)}`);
  }
  try {
    const declared = doc?.get(kind);
    if (typeof declared === 'string') names.add(declared);
  } catch {
    // What parsed is not a map: the file name is all there is.
  }
  return [...names];
}

/** Relative to the working directory when inside it (what editors and CI logs link), else absolute. */
function displayPath(absolute: string): string {
  const relative = path.relative(process.cwd(), path.resolve(absolute));
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(absolute) : relative;
  return shown.split(path.sep).join('/');
}
