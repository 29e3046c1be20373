/**
 * A rerun with nothing changed does no work. After a run that ended `ok`, the cache keeps under
 * `node_modules/.cache/specpress/runs/` a key made of everything a run depends on: the spec
 * folder's files, the generator's own code (generator, contract, runtime, templates beside this
 * module), the lockfile, the output folder and the options that change what is emitted. The next
 * run with the same key, whose output folder still holds exactly what the manifest records
 * (every file's hash outside its regions, the manifest itself), answers from the entry: the same
 * diagnostics, every file unchanged. A run that wants the compile check (typecheck.ts) is answered
 * only by an entry whose check passed and whose checked files (region bodies included) are all
 * as they were. Anything else (a spec or code edit, a file edited, deleted or damaged) misses,
 * and the run generates as usual. A stale entry can only miss. This module loads none of the
 * generator, so a hit costs the hashing alone.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from './spec/diagnostics.ts';
import type { GenerateOptions, GenerateResult } from './generate.ts';
import { MANIFEST_FILE, frameHash, parseManifest } from './manifest.ts';

/** A file's text, or undefined when it cannot be read. */
const readIfExists = (path: string): Promise<string | undefined> => readFile(path, 'utf8').catch(() => undefined);

const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'specpress', 'runs');

/** The folder holding generator/, contract/, runtime/ and templates/: the checkout, or dist/. */
const CODE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CODE_DIRS = ['generator', 'contract', 'runtime', 'templates'];

interface Entry {
  key: string;
  manifest: string;
  diagnostics: Diagnostic[];
  result: Pick<GenerateResult, 'files' | 'lines' | 'untypedResponses'>;
  /**
   * When the run's compile check passed: every file its program read outside node_modules (the
   * handlers with their region bodies, the runtime they reach) with its hash. The key and the
   * manifest leave region bodies out, so only these say the check's answer still holds.
   */
  typecheck?: { inputs: Record<string, string>; files: number };
}

/** Every file under `dir`, as sorted relative paths; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
  } catch {
    return [];
  }
}

async function hashTree(hash: ReturnType<typeof createHash>, dir: string): Promise<void> {
  for (const path of await filesUnder(dir)) hash.update(path).update('\0').update(await readFile(join(dir, path))).update('\0');
}

async function runKey(specDir: string, options: GenerateOptions): Promise<string> {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ out: resolve(options.outDir), deployments: options.deployments ?? [], pruneOrphans: options.pruneOrphans === true }));
  await hashTree(hash.update('spec\0'), resolve(specDir));
  for (const dir of CODE_DIRS) await hashTree(hash.update(`${dir}\0`), join(CODE_ROOT, dir));
  // Library versions: the lockfile of the checkout (beside the code, or above dist/).
  hash.update((await readIfExists(join(CODE_ROOT, 'package-lock.json'))) ?? (await readIfExists(join(CODE_ROOT, '..', 'package-lock.json'))) ?? '');
  return hash.digest('hex');
}

const entryPath = (outDir: string): string => join(CACHE_DIR, `${createHash('sha256').update(resolve(outDir)).digest('hex').slice(0, 32)}.json`);

/** Whether the output folder holds exactly what its manifest (the one the entry saw) records. */
async function outputIntact(outDir: string, manifestText: string): Promise<boolean> {
  if ((await readIfExists(join(outDir, MANIFEST_FILE))) !== manifestText) return false;
  const manifest = parseManifest(manifestText);
  if (manifest === undefined) return false;
  for (const [path, recorded] of Object.entries(manifest.files)) {
    const text = await readIfExists(join(outDir, path));
    // The hash reads CRLF as LF, but a run writes LF back: a CR anywhere is left to the run.
    if (text === undefined || text.includes('\r') || frameHash(text) !== recorded) return false;
  }
  return true;
}

/** Whether every file still has the hash recorded (a missing file has changed). */
async function unchanged(inputs: Record<string, string>): Promise<boolean> {
  for (const [file, hash] of Object.entries(inputs)) {
    const text = await readFile(file).catch(() => undefined);
    if (text === undefined || createHash('sha256').update(text).digest('hex') !== hash) return false;
  }
  return true;
}

export interface RunCache {
  /** The answer of the last identical run, when nothing changed since. */
  hit: { diagnostics: Diagnostic[]; result: GenerateResult } | undefined;
  /** Records a run that ended ok, for the next one. */
  store(diagnostics: Diagnostic[], result: GenerateResult): Promise<void>;
}

export async function openRunCache(specDir: string, options: GenerateOptions): Promise<RunCache> {
  const started = performance.now();
  const key = await runKey(specDir, options);
  const path = entryPath(options.outDir);
  let hit: RunCache['hit'];
  try {
    const entry = JSON.parse(await readFile(path, 'utf8')) as Entry;
    const typecheckHolds = !options.typecheck || (entry.typecheck !== undefined && (await unchanged(entry.typecheck.inputs)));
    if (entry.key === key && typecheckHolds && (await outputIntact(options.outDir, entry.manifest))) {
      const result: GenerateResult = {
        status: 'ok', orphans: [], drift: { changed: [], missing: [], extra: [] }, files: entry.result.files, lines: entry.result.lines,
        written: 0, unchanged: entry.result.files, deleted: 0, edited: [], backups: [], unrecorded: [], ms: performance.now() - started, untypedResponses: entry.result.untypedResponses,
        ...(options.diff ? { diff: '' } : {}),
        ...(options.typecheck && entry.typecheck ? { typecheck: { files: entry.typecheck.files, ms: 0, inputs: entry.typecheck.inputs, cached: true } } : {}),
      };
      hit = { diagnostics: entry.diagnostics, result };
    }
  } catch {
    // No entry yet, or an unreadable one: a miss.
  }
  return {
    hit,
    async store(diagnostics, result) {
      if (result.status !== 'ok' || result.orphans.length > 0) return;
      const manifest = await readIfExists(join(options.outDir, MANIFEST_FILE));
      if (manifest === undefined) return;
      const checked = result.typecheck !== undefined && result.typecheck.skipped === undefined ? { typecheck: { inputs: result.typecheck.inputs, files: result.typecheck.files } } : {};
      const entry: Entry = { key, manifest, diagnostics, result: { files: result.files, lines: result.lines, untypedResponses: result.untypedResponses }, ...checked };
      try {
        await mkdir(CACHE_DIR, { recursive: true });
        const temp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        await writeFile(temp, JSON.stringify(entry));
        await rename(temp, path);
      } catch {
        // A read-only tree still generates; it only reruns in full.
      }
    },
  };
}
