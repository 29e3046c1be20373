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
 *
 * Hashing every input still reads megabytes, so an entry also keeps a stamp: the size and
 * modification time of every file it depends on, taken before their contents were found right.
 * A rerun whose files all stat as stamped is answered without reading any of them (what
 * `bin/specpress.js` asks before it loads anything else); a differing stamp falls back to the
 * hashes, which refresh the stamp when they still hold. A file changed within the clock tick of
 * the stamp could keep its time, so a stamp with such a file is not kept.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from './spec/diagnostics.ts';
import type { GenerateOptions, GenerateResult } from './generate.ts';
import { MANIFEST_FILE, frameHash, parseManifest } from './manifest.ts';
import { writeAtomic } from './atomic-write.ts';
import { readBytesIfExists, readIfExists } from './read-text.ts';

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
  /** Stamps (stamp()) of the key's inputs and of the output with the checked files, when both were taken clear of the clock tick. */
  stamp?: { inputs: string; output: string };
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
  for (const path of await filesUnder(dir)) hash.update(path).update('\0').update(readFileSync(join(dir, path))).update('\0');
}

/** The options that change what a run emits, as text: part of the key and of the stamp. */
const keyOptions = (options: GenerateOptions): string => JSON.stringify({ out: resolve(options.outDir), deployments: options.deployments ?? [], pruneOrphans: options.pruneOrphans === true });

let codeDigestOnce: Promise<string> | undefined;

/**
 * A hash of the generator's code (the folders beside this module) and of the library versions
 * (the lockfile of the checkout, beside the code or above dist/): what any output depends on
 * besides its inputs. Taken once per process, as the code that runs is the code loaded.
 *
 * Reading megabytes of code on every run that misses the run cache (every edit) is avoided the
 * way the run cache avoids it: the last digest is kept with a stamp (stamp()) of the files it was
 * read from, and answers while they all stat as stamped. A stamp within the clock tick of a
 * write is not kept.
 */
export function codeDigest(): Promise<string> {
  codeDigestOnce ??= (async () => {
    const files = [...CODE_DIRS.flatMap((dir) => filesUnderSync(join(CODE_ROOT, dir))), join(CODE_ROOT, 'package-lock.json'), join(CODE_ROOT, '..', 'package-lock.json')];
    const stamped = await settledStamp(files);
    const kept = join(CACHE_DIR, 'code-digest.json');
    try {
      const last = JSON.parse(await readFile(kept, 'utf8')) as { stamp: string; digest: string };
      if (!stamped.racy && last.stamp === stamped.digest && typeof last.digest === 'string') return last.digest;
    } catch {
      // None kept yet: read the code.
    }
    const hash = createHash('sha256');
    for (const dir of CODE_DIRS) await hashTree(hash.update(`${dir}\0`), join(CODE_ROOT, dir));
    hash.update(readIfExists(join(CODE_ROOT, 'package-lock.json')) ?? readIfExists(join(CODE_ROOT, '..', 'package-lock.json')) ?? '');
    const digest = hash.digest('hex');
    if (!stamped.racy) await saveJson(kept, { stamp: stamped.digest, digest });
    return digest;
  })();
  return codeDigestOnce;
}

async function runKey(specDir: string, options: GenerateOptions): Promise<string> {
  const hash = createHash('sha256');
  hash.update(keyOptions(options));
  await hashTree(hash.update('spec\0'), resolve(specDir));
  return hash.update('code\0').update(await codeDigest()).digest('hex');
}

const entryPath = (outDir: string): string => join(CACHE_DIR, `${createHash('sha256').update(resolve(outDir)).digest('hex').slice(0, 32)}.json`);

/**
 * What the run that stores an entry already read, so that store() does not read it again: the
 * output's texts as the run found them (write.ts's plan), and the times before which the reading
 * began. A file whose modification time is older than that (by a clock tick) has not changed
 * since it was read; any other (the files the run wrote, one edited meanwhile) is read again.
 */
export interface RunSeen {
  /** Output path (relative to the output folder) -> text found there. */
  output: Map<string, string>;
  /** Date.now() before the output was read. */
  outputSince: number;
  /** Output path -> frameHash() of its text in `output`, when the run already computed it. */
  frames?: Map<string, string>;
  /** Date.now() before the compile check read its inputs (it ran this run). */
  checkSince?: number;
}

/** Whether `file` is unchanged since before `since`: modified (or created) at least a clock tick earlier. */
function untouchedSince(file: string, since: number | undefined): boolean {
  if (since === undefined) return false;
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats !== undefined && stats.mtimeMs < since - CLOCK_TICK_MS;
}

/** Whether the output folder holds exactly what its manifest (the one the entry saw) records. */
async function outputIntact(outDir: string, manifestText: string, seen?: RunSeen): Promise<boolean> {
  // Texts the run read and that have not changed since, or else the disk's.
  const known = (path: string): string | undefined => {
    const text = seen?.output.get(path);
    return text !== undefined && untouchedSince(join(outDir, path), seen!.outputSince) ? text : undefined;
  };
  if ((known(MANIFEST_FILE) ?? readIfExists(join(outDir, MANIFEST_FILE))) !== manifestText) return false;
  const manifest = parseManifest(manifestText);
  if (manifest === undefined) return false;
  for (const [path, recorded] of Object.entries(manifest.files)) {
    const kept = known(path);
    const text = kept ?? readIfExists(join(outDir, path));
    // The hash reads CRLF as LF, but a run writes LF back: a CR anywhere is left to the run.
    if (text === undefined || text.includes('\r')) return false;
    const hash = (kept !== undefined ? seen!.frames?.get(path) : undefined) ?? frameHash(text);
    if (hash !== recorded) return false;
  }
  return true;
}

/** Whether every file still has the hash recorded (a missing file has changed); files untouched since `since` (read after it) are not read again. */
async function unchanged(inputs: Record<string, string>, since?: number): Promise<boolean> {
  for (const [file, hash] of Object.entries(inputs)) {
    if (untouchedSince(file, since)) continue;
    const text = readBytesIfExists(file);
    if (text === undefined || createHash('sha256').update(text).digest('hex') !== hash) return false;
  }
  return true;
}

export interface RunCache {
  /** The answer of the last identical run, when nothing changed since. */
  hit: { diagnostics: Diagnostic[]; result: GenerateResult } | undefined;
  /** Whether an earlier run into this output was recorded at all (hit or not): a first run makes everything. */
  recorded: boolean;
  /** Records a run that ended ok, for the next one; `seen` spares reading again what the run read. */
  store(diagnostics: Diagnostic[], result: GenerateResult, seen?: RunSeen): Promise<void>;
}

/**
 * The inputs' stamp a stamp-only look took and found differing from the entry's (bin/specpress.js's,
 * before the generator loads), handed to the run that follows in the same process instead of
 * walking and statting the spec and the code again. It cannot answer that run (it differs from the
 * entry), and a run stores it as the stamp of what it read: taken before the reading, a change
 * made meanwhile makes the next run miss, never answer.
 */
let handedOver: { inputs: string; stamp: Stamp } | undefined;

export async function openRunCache(specDir: string, options: GenerateOptions, how: { stampOnly?: boolean } = {}): Promise<RunCache> {
  const started = performance.now();
  const path = entryPath(options.outDir);
  let entry: Entry | undefined;
  try {
    entry = JSON.parse(await readFile(path, 'utf8')) as Entry;
  } catch {
    // No entry yet, or an unreadable one: a miss.
  }
  // Taken before any input is read, so that a change made while the run reads them is seen next time.
  const inputs = JSON.stringify([resolve(specDir), keyOptions(options)]);
  const first = !how.stampOnly && handedOver?.inputs === inputs ? handedOver.stamp : stamp(keyInputFiles(specDir), keyOptions(options));
  handedOver = undefined;
  // Handed over only when it differs from the entry's (so it cannot answer the next look either) and is settled.
  if (how.stampOnly && !first.racy && entry?.stamp?.inputs !== first.digest) handedOver = { inputs, stamp: first };
  // A file written within the clock tick cannot be as a stored stamp saw it (those are all
  // settled, every file older than the tick when taken): the stamp alone cannot answer, so it does
  // not wait for the tick to pass (the bench's and a watcher's edit lands just before the run).
  if (how.stampOnly && first.racy) return { hit: undefined, recorded: entry !== undefined, store: async () => undefined };
  const inputsStamp = first.racy ? await settledStamp(keyInputFiles(specDir), keyOptions(options)) : first;
  const wantsCheck = (e: Entry): boolean => !options.typecheck || e.typecheck !== undefined;
  let hit: RunCache['hit'];
  let key: string | undefined;
  if (entry?.stamp !== undefined && wantsCheck(entry) && entry.stamp.inputs === inputsStamp.digest && entry.stamp.output === stamp(outputFiles(options.outDir, entry)).digest) {
    hit = answer(entry, options, started);
  } else if (!how.stampOnly) {
    const outputStamp = entry === undefined ? undefined : await settledStamp(outputFiles(options.outDir, entry));
    key = await runKey(specDir, options);
    if (entry !== undefined && entry.key === key && wantsCheck(entry) && (!options.typecheck || (await unchanged(entry.typecheck!.inputs))) && (await outputIntact(options.outDir, entry.manifest))) {
      hit = answer(entry, options, started);
      // The contents still hold: stamp them, so the next rerun reads none of them.
      const fresh = bothClear(inputsStamp, outputStamp!);
      if (fresh !== undefined && (entry.stamp?.inputs !== fresh.inputs || entry.stamp.output !== fresh.output)) await saveJson(path, { ...entry, stamp: fresh });
    }
  }
  return {
    hit,
    recorded: entry !== undefined,
    async store(diagnostics, result, seen) {
      if (key === undefined || result.status !== 'ok' || result.orphans.length > 0) return;
      const manifest = readIfExists(join(options.outDir, MANIFEST_FILE));
      if (manifest === undefined) return;
      const checked = result.typecheck !== undefined && result.typecheck.skipped === undefined ? { typecheck: { inputs: result.typecheck.inputs, files: result.typecheck.files } } : {};
      const stored: Entry = { key, manifest, diagnostics, result: { files: result.files, lines: result.lines, untypedResponses: result.untypedResponses }, ...checked };
      // The output is stamped before it is read back, so the stamp covers only what was found as written.
      const outputStamp = await settledStamp(outputFiles(options.outDir, stored));
      if ((await outputIntact(options.outDir, manifest, seen)) && (stored.typecheck === undefined || (await unchanged(stored.typecheck.inputs, seen?.checkSince)))) {
        const fresh = bothClear(inputsStamp, outputStamp);
        if (fresh !== undefined) stored.stamp = fresh;
      }
      await saveJson(path, stored);
    },
  };
}

/** The answer of an entry: every file unchanged, the diagnostics and check it recorded. */
function answer(entry: Entry, options: GenerateOptions, started: number): NonNullable<RunCache['hit']> {
  const result: GenerateResult = {
    status: 'ok', orphans: [], drift: { changed: [], missing: [], extra: [] }, files: entry.result.files, lines: entry.result.lines,
    written: 0, unchanged: entry.result.files, deleted: 0, edited: [], backups: [], unrecorded: [], ms: performance.now() - started, untypedResponses: entry.result.untypedResponses,
    ...(options.diff ? { diff: '' } : {}),
    ...(options.typecheck && entry.typecheck ? { typecheck: { files: entry.typecheck.files, ms: 0, inputs: entry.typecheck.inputs, cached: true } } : {}),
  };
  return { diagnostics: entry.diagnostics, result };
}

async function saveJson(path: string, value: unknown): Promise<void> {
  try {
    await writeAtomic(path, JSON.stringify(value));
  } catch {
    // A read-only tree still generates; it only reruns in full.
  }
}

/** From dist/ (scripts/build.mjs leaves `.built` there), the checkout it was built from: a source edited since is seen before any rebuild. */
const BUILT_MARK = join(CODE_ROOT, '.built');
const SOURCE_ROOT = existsSync(BUILT_MARK) ? resolve(CODE_ROOT, '..') : CODE_ROOT;

/**
 * How close (ms) to a stamp a file's time may be before the stamp is not trusted: the kernel sets
 * modification times from a clock that advances in ticks of a few milliseconds, so a file written
 * again within the tick of its stamp can show the time stamped.
 */
export const CLOCK_TICK_MS = 50;

/** Every file under `dir` (absolute paths, sorted); none when it does not exist. */
function filesUnderSync(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
  } catch {
    return [];
  }
}

/** What the key is made of, as files: the spec folder, the code (its sources, and the build's mark when it runs from dist/), the lockfile. */
function keyInputFiles(specDir: string): string[] {
  const files = filesUnderSync(resolve(specDir));
  for (const dir of CODE_DIRS) files.push(...filesUnderSync(join(SOURCE_ROOT, dir)));
  files.push(BUILT_MARK, join(CODE_ROOT, 'package-lock.json'), join(CODE_ROOT, '..', 'package-lock.json'));
  return files;
}

/** The output as the entry records it (the manifest and every file it lists) and the files its compile check read. */
function outputFiles(outDir: string, entry: Entry): string[] {
  let recorded: string[] = [];
  try {
    recorded = Object.keys(parseManifest(entry.manifest)?.files ?? {}).map((p) => join(outDir, p));
  } catch {
    // A damaged manifest in an entry: stamped as the manifest file alone, which then differs.
  }
  return [join(outDir, MANIFEST_FILE), ...recorded, ...Object.keys(entry.typecheck?.inputs ?? {})];
}

interface Stamp {
  digest: string;
  /** A file's time fell within the clock tick of the stamp: the stamp may miss a change. */
  racy: boolean;
  /** When (ms since the epoch) a stamp taken again would no longer be racy for the files seen. */
  clearAt: number;
}

/** Size and modification time of each file (or its absence), and `salt`, as one digest. */
function stamp(files: string[], salt = ''): Stamp {
  const hash = createHash('sha256').update(salt).update('\0');
  const takenAt = Date.now();
  let newest = 0;
  for (const file of files) {
    const stats = statSync(file, { throwIfNoEntry: false });
    hash.update(stats === undefined ? `${file}\0-\n` : `${file}\0${stats.mtimeMs}\0${stats.size}\n`);
    if (stats !== undefined) newest = Math.max(newest, stats.mtimeMs);
  }
  return { digest: hash.digest('hex'), racy: newest >= takenAt - CLOCK_TICK_MS, clearAt: Math.ceil(newest + CLOCK_TICK_MS + 1) };
}

/**
 * A stamp taken once more, when a file had just been written, once the clock tick of the newest
 * file's time is past: a run that wrote its last file some time before it stamps waits only what
 * is left of the tick, not a whole one.
 */
async function settledStamp(files: string[], salt = ''): Promise<Stamp> {
  const first = stamp(files, salt);
  if (!first.racy) return first;
  await new Promise((done) => setTimeout(done, Math.min(CLOCK_TICK_MS, Math.max(1, first.clearAt - Date.now()))));
  return stamp(files, salt);
}

function bothClear(inputs: Stamp, output: Stamp): Entry['stamp'] {
  return inputs.racy || output.racy ? undefined : { inputs: inputs.digest, output: output.digest };
}
