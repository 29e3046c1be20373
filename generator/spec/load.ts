/**
 * Entry point of the spec front end: read every YAML file of a spec folder keeping positions,
 * check it against the meta-schema and the semantic rules, and resolve it into one
 * DeploymentModel per deployment. Errors never throw: they come back as diagnostics, all of a
 * run together, and `model` is set only when there is no error.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { SpecModel } from '../../contract/model.ts';
import { compareDiagnostics, diagnostic, formatDiagnostic, type Diagnostic } from './diagnostics.ts';
import { offsetToRef, type SourceFile } from './positions.ts';
import type { Loaded, SpecSources } from './raw.ts';
import { resolveSpec } from './resolve.ts';
import { checkSemantics } from './semantic.ts';
import { validateFile, type FileKind } from './validate.ts';

export { formatDiagnostic, type Diagnostic } from './diagnostics.ts';

const FOLDERS: Array<{ folder: string; kind: FileKind; list: Exclude<keyof SpecSources, 'site'> }> = [
  { folder: 'namespaces', kind: 'namespace', list: 'namespaces' },
  { folder: 'shapes', kind: 'shape', list: 'shapes' },
  { folder: 'resources', kind: 'resource', list: 'resources' },
  { folder: 'data', kind: 'data', list: 'data' },
  { folder: 'deployments', kind: 'deployment', list: 'deployments' },
];

export async function loadSpec(specDir: string): Promise<{ model?: SpecModel; diagnostics: Diagnostic[] }> {
  try {
    return await loadChecked(specDir);
  } catch (error) {
    // A loader bug must still reach the user as one readable line, not a stack trace.
    const at = { file: displayPath(specDir), line: 1, col: 1 };
    return { diagnostics: [diagnostic('internalError', at, { problem: (error as Error).message ?? String(error) })] };
  }
}

async function loadChecked(specDir: string): Promise<{ model?: SpecModel; diagnostics: Diagnostic[] }> {
  const { sources, diagnostics } = await readSources(specDir);
  diagnostics.push(...checkSemantics(sources));
  let model: SpecModel | undefined;
  if (!diagnostics.some((d) => d.severity === 'error')) {
    const resolved = resolveSpec(sources);
    diagnostics.push(...resolved.diagnostics);
    if (!resolved.diagnostics.some((d) => d.severity === 'error')) model = resolved.model;
  }
  diagnostics.sort(compareDiagnostics);
  // The resolver runs once per deployment and may find one base problem in each: say it once.
  const unique = diagnostics.filter((d, i) => i === 0 || formatDiagnostic(d) !== formatDiagnostic(diagnostics[i - 1]));
  return { model, diagnostics: unique };
}

/** Parses and schema-checks every file; files that fail still take part (marked invalid). */
export async function readSources(specDir: string): Promise<{ sources: SpecSources; diagnostics: Diagnostic[] }> {
  const sources: SpecSources = { root: displayPath(specDir), namespaces: [], shapes: [], resources: [], data: [], deployments: [] };
  const diagnostics: Diagnostic[] = [];
  const site = await readOne(path.join(specDir, 'site.yaml'), 'site', diagnostics, true);
  if (site) sources.site = site as SpecSources['site'];
  for (const { folder, kind, list } of FOLDERS) {
    for (const file of await yamlFiles(path.join(specDir, folder))) {
      const loaded = await readOne(file, kind, diagnostics, false);
      if (loaded) (sources[list] as Loaded<unknown>[]).push(loaded);
    }
  }
  return { sources, diagnostics };
}

async function yamlFiles(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => /\.ya?ml$/.test(n))
    .sort()
    .map((n) => path.join(dir, n));
}

async function readOne(
  absolute: string,
  kind: FileKind,
  diagnostics: Diagnostic[],
  optional: boolean,
): Promise<Loaded<unknown> | undefined> {
  const file = displayPath(absolute);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (optional && code === 'ENOENT') return undefined;
    diagnostics.push(diagnostic('unreadableFile', { file, line: 1, col: 1 }, { problem: code ?? String(error) }));
    return undefined;
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  const src: SourceFile = { file, doc, lineCounter };
  if (doc.errors.length) {
    for (const error of doc.errors) {
      diagnostics.push(diagnostic('yamlSyntax', offsetToRef(src, error.pos[0]), { problem: firstLine(error.message) }));
    }
    return undefined;
  }
  const data: unknown = doc.toJS({ maxAliasCount: -1 });
  if (data === null || data === undefined) {
    diagnostics.push(diagnostic('emptyFile', { file, line: 1, col: 1 }, { kind }));
    return undefined;
  }
  const problems = validateFile(kind, src, data);
  diagnostics.push(...problems);
  return { src, data, valid: problems.length === 0 };
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

/** Relative to the working directory when inside it (what editors and CI logs link), else absolute. */
function displayPath(absolute: string): string {
  const relative = path.relative(process.cwd(), path.resolve(absolute));
  const shown = relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(absolute) : relative;
  return shown.split(path.sep).join('/');
}
