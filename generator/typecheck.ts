/**
 * The compile gate: after a run, the handler files of `output/handlers/` (their preserved regions
 * and the code those call) are type-checked against the types the run generated, by the project's
 * TypeScript (`tsc`, with the compiler options of its tsconfig.json). A region written for an arg
 * the spec renamed, or for a result whose type changed, stops the run here (SP070, at its
 * file:line:col) instead of being served as it was.
 *
 * The program is the handler files plus the runtime (`runtime/**`, beside the output folder),
 * which is what regions call and which declares what its libraries add (fastify's cookies). It is
 * incremental: TypeScript's build information is kept under
 * `node_modules/.cache/specpress/typecheck/<output folder>/`, so a run after an edit re-checks
 * only what the edit reaches. The result lists the program's own files with a hash of each: the
 * run cache answers an unchanged rerun only while all of them are unchanged.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { diagnostic, type Diagnostic } from './spec/diagnostics.ts';
import { ORPHANS_FILE } from './preserve.ts';
import { writeAtomic } from './atomic-write.ts';
import { CLOCK_TICK_MS } from './run-cache.ts';
import { readBytesIfExists } from './read-text.ts';

export interface TypecheckResult {
  /** The compiler's errors, each at its file:line:col (empty when everything compiles). */
  diagnostics: Diagnostic[];
  /** Files of the checked program outside node_modules, and the tsconfig.json and package.json beside the output: absolute path -> sha256 of their text. */
  inputs: Record<string, string>;
  /** Files the compiler read (node_modules included). */
  files: number;
  ms: number;
  /** Why the check did not run (no TypeScript installed); its only diagnostic is then a warning saying so. */
  skipped?: string;
  /** The compiler did not run: the last check passed and nothing it read has changed since. */
  reused?: boolean;
}

/** Compiler options used when the project has no tsconfig.json: the project's own. */
const DEFAULT_OPTIONS = {
  target: 'ES2022',
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  strict: true,
  esModuleInterop: true,
  skipLibCheck: true,
  resolveJsonModule: true,
  allowImportingTsExtensions: true,
  types: ['node'],
};

const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'specpress', 'typecheck');

export const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** Where the check of an output folder keeps its compiler config and build information. */
export function typecheckCacheDir(outDir: string): string {
  return join(CACHE_DIR, sha256(resolve(outDir)).slice(0, 32));
}

/** The `tsc` script of the project's TypeScript (or of specpress's own), undefined when neither is installed. */
function findTsc(root: string): string | undefined {
  for (const from of [join(root, 'package.json'), import.meta.url]) {
    try {
      const pkg = createRequire(from).resolve('typescript/package.json');
      const bin = join(dirname(pkg), 'bin', 'tsc');
      if (existsSync(bin)) return bin;
    } catch {
      // Not installed there: try the next place.
    }
  }
  return undefined;
}

/** The tsconfig of the check, written to the cache folder; returns its path. */
async function writeConfig(outDir: string, root: string, cacheDir: string): Promise<string> {
  const base = join(root, 'tsconfig.json');
  const types = join(root, 'node_modules', '@types');
  const runtime = join(root, 'runtime');
  const compilerOptions = {
    ...(existsSync(base) ? {} : DEFAULT_OPTIONS),
    noEmit: true,
    incremental: true,
    tsBuildInfoFile: join(cacheDir, 'tsbuildinfo'),
    ...(existsSync(types) ? { typeRoots: [types] } : {}),
  };
  const config = {
    ...(existsSync(base) ? { extends: base } : {}),
    compilerOptions,
    // The runtime by the path the handlers' imports name it (`../../../runtime/...`), so that no
    // file is read under two names.
    include: [join(outDir, 'handlers', '**', '*.ts'), ...(existsSync(runtime) ? [join(runtime, '**', '*.ts')] : [])],
    exclude: [join(outDir, ORPHANS_FILE)],
  };
  const path = join(cacheDir, 'tsconfig.json');
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number; stdout: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? 1, stdout: Buffer.concat(chunks).toString('utf8') }));
  });
}

/** Type-checks the handlers of `outDir` (a folder beside `runtime/`, as `output/` is). */
export async function typecheckHandlers(outDir: string): Promise<TypecheckResult> {
  const started = performance.now();
  const root = dirname(resolve(outDir));
  const tsc = findTsc(root);
  if (tsc === undefined) {
    const skipped = 'TypeScript is not installed';
    return { diagnostics: [diagnostic('typecheckSkipped', { file: displayPath(join(resolve(outDir), 'handlers')), line: 1, col: 1 }, { problem: skipped })], inputs: {}, files: 0, ms: 0, skipped };
  }
  const cacheDir = typecheckCacheDir(outDir);
  await mkdir(cacheDir, { recursive: true });
  const config = await writeConfig(resolve(outDir), root, cacheDir);
  const scope = await passScope(tsc, config, root, resolve(outDir));
  const passed = await lastPass(cacheDir, scope);
  if (passed !== undefined) return { diagnostics: [], inputs: passed.inputs, files: passed.files, ms: performance.now() - started, reused: true };
  const { code, stdout } = await run(process.execPath, [tsc, '-p', config, '--pretty', 'false', '--listFiles'], root);
  const { errors, files } = parseOutput(stdout, root);
  // A compiler that failed without saying where (it crashed) must not pass the check.
  if (code !== 0 && errors.length === 0) errors.push({ line: 1, col: 1, code: 'tsc', lines: [stdout.split('\n').find((l) => l.trim() !== '' && !isAbsolute(l.trim()))?.trim() ?? `exit code ${code}`] });
  const inputs: Record<string, string> = {};
  const stamps: Record<string, Stamp> = {};
  // The compiler options (tsconfig.json) and the module kind (package.json's `type`) decide the answer too.
  const settings = ['tsconfig.json', 'package.json'].map((name) => join(root, name)).filter((path) => existsSync(path));
  const stampedAt = Date.now();
  for (const file of [...settings, ...files.filter((f) => !f.split(sep).includes('node_modules'))]) {
    // Stamped before it is read: a change made in between shows in its time.
    const stamp = stampOf(file);
    if (stamp !== undefined && stamp[0] < stampedAt - CLOCK_TICK_MS) stamps[file] = stamp;
    inputs[file] = sha256(readOrEmpty(file));
  }
  const diagnostics = await Promise.all(errors.map((e) => toDiagnostic(e, resolve(outDir))));
  if (diagnostics.length === 0) await recordPass(cacheDir, { scope, inputs, stamps, files: files.length });
  return { diagnostics, inputs, files: files.length, ms: performance.now() - started };
}

/**
 * A check that passed holds while nothing it read changed: the same compiler and compiler config,
 * the same libraries (the lockfile), the same files matched by the program's `include` (a file
 * added under handlers/ or runtime/ joins the program), and every file it read outside
 * node_modules with the text it had. An edit that reaches none of them (a description, a route
 * of another deployment) then costs no compiler run, which even when incremental re-reads the
 * whole program.
 */
interface Pass {
  scope: string;
  inputs: Record<string, string>;
  /**
   * Modification time and size of the inputs as they were read, for those older than the clock
   * tick then: an input that still has both is not read again (a run with no type change would
   * otherwise read and hash every file of the program, ~400 of them, each time).
   */
  stamps?: Record<string, Stamp>;
  files: number;
}

/** A file's modification time (ms) and size. */
type Stamp = [number, number];

function stampOf(file: string): Stamp | undefined {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats === undefined ? undefined : [stats.mtimeMs, stats.size];
}

const PASS_FILE = 'passed.json';

/** What a pass depends on besides the files it read: compiler, config, lockfile, the include globs' matches. */
async function passScope(tsc: string, config: string, root: string, outDir: string): Promise<string> {
  const hash = createHash('sha256');
  hash.update(tsc).update('\0').update(await readFile(config)).update('\0');
  hash.update((await readFile(join(root, 'package-lock.json')).catch(() => '')) as Buffer | string).update('\0');
  const included = async (dir: string): Promise<string[]> => {
    try {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
    } catch {
      return [];
    }
  };
  const orphans = join(outDir, ORPHANS_FILE);
  const files = [...(await included(join(outDir, 'handlers'))), ...(await included(join(root, 'runtime')))].filter((f) => f !== orphans).sort();
  hash.update(files.join('\n'));
  return hash.digest('hex');
}

/** The last pass, when it still holds. */
async function lastPass(cacheDir: string, scope: string): Promise<Pass | undefined> {
  let pass: Pass;
  try {
    pass = JSON.parse(await readFile(join(cacheDir, PASS_FILE), 'utf8')) as Pass;
  } catch {
    return undefined;
  }
  if (pass.scope !== scope) return undefined;
  // Read one after another without awaiting each: a thousand small files cost ~20 ms read in
  // turn and several times that as a thousand awaited reads (a thread-pool round trip apiece).
  for (const [file, hash] of Object.entries(pass.inputs)) {
    const stamp = pass.stamps?.[file];
    if (stamp !== undefined) {
      const now = stampOf(file);
      if (now !== undefined && now[0] === stamp[0] && now[1] === stamp[1]) continue;
    }
    if (sha256(readOrEmpty(file)) !== hash) return undefined;
  }
  return pass;
}

/** A file's bytes, or nothing for a file gone since (its hash then differs from any recorded). */
const readOrEmpty = (file: string): Buffer | string => readBytesIfExists(file) ?? '';

async function recordPass(cacheDir: string, pass: Pass): Promise<void> {
  try {
    await writeAtomic(join(cacheDir, PASS_FILE), JSON.stringify(pass));
  } catch {
    // A read-only cache only means the next run compiles again.
  }
}

interface CompilerError {
  /** Absolute path; undefined for an error of the program as a whole. */
  file?: string;
  line: number;
  col: number;
  code: string;
  /** The first line of the message, then its elaboration lines. */
  lines: string[];
}

/** `file(line,col): error TS1234: message`, elaboration lines indented below it, and `--listFiles` paths. */
function parseOutput(stdout: string, root: string): { errors: CompilerError[]; files: string[] } {
  const errors: CompilerError[] = [];
  const files: string[] = [];
  for (const line of stdout.split('\n')) {
    if (line.trim() === '') continue;
    const located = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    const global = /^error (TS\d+): (.*)$/.exec(line);
    if (located) errors.push({ file: resolve(root, located[1]!), line: Number(located[2]), col: Number(located[3]), code: located[4]!, lines: [located[5]!] });
    else if (global) errors.push({ line: 1, col: 1, code: global[1]!, lines: [global[2]!] });
    else if (/^\s/.test(line) && errors.length > 0) errors.at(-1)!.lines.push(line.trim());
    else if (isAbsolute(line.trim())) files.push(line.trim());
  }
  return { errors, files };
}

/** The message: its first line, and the innermost reason when the compiler elaborates. */
function messageOf(e: CompilerError): string {
  const first = e.lines[0]!.replace(/\.$/, '');
  return e.lines.length > 1 ? `${first} (${e.lines.at(-1)!.replace(/\.$/, '')})` : first;
}

async function toDiagnostic(e: CompilerError, outDir: string): Promise<Diagnostic> {
  const handlers = join(outDir, 'handlers') + sep;
  const file = displayPath(e.file ?? join(outDir, 'handlers'));
  const at = { file, line: e.line, col: e.col };
  if (e.file === undefined || !e.file.startsWith(handlers)) return diagnostic('reachedTypeError', at, { tsCode: e.code, message: messageOf(e) });
  const text = await readFile(e.file, 'utf8').catch(() => '');
  return diagnostic('regionTypeError', at, { tsCode: e.code, message: messageOf(e), where: placeOf(text, e.line) });
}

/** `, in the region of \`listPosts\`` for a line inside a region; the handler it belongs to otherwise. */
function placeOf(text: string, line: number): string {
  let region: string | undefined;
  let handler: string | undefined;
  for (const l of text.split('\n').slice(0, line)) {
    const start = /\/\/ #region specpress:(\w+)/.exec(l);
    if (start) region = start[1];
    if (/\/\/ #endregion specpress:/.test(l)) region = undefined;
    const declared = /^export const (\w+)/.exec(l);
    if (declared) handler = declared[1];
  }
  if (region === 'imports') return ', in the imports region';
  if (region !== undefined) return `, in the region of \`${region}\``;
  return handler !== undefined ? `, at the handler \`${handler}\`` : '';
}

/** Relative to the working directory when inside it (what editors link), else absolute. */
function displayPath(absolute: string): string {
  const rel = relative(process.cwd(), absolute);
  return (rel.startsWith('..') || isAbsolute(rel) ? absolute : rel).split(sep).join('/');
}
