/**
 * Writing generated files: compare with what is on disk, write only what changed, remove what
 * the spec no longer produces, or (for `--check` and `--diff`) only report the differences.
 */
import { readdir, rm } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { EmittedFile } from './emit/emitted-file.ts';
import pMap from 'p-map';
import { syncFolders, writeAtomic } from './atomic-write.ts';
import { readIfExists } from './read-text.ts';

export { writeAtomic };

export interface WritePlan {
  /** Files whose text differs from the disk. */
  changed: EmittedFile[];
  /** Files not on disk yet. */
  missing: EmittedFile[];
  /** Paths on disk that the generator owns and the spec no longer produces. */
  extra: string[];
  unchanged: number;
  /**
   * The text on disk of each emitted path that exists, as the plan read it (the checks after it
   * need not read the files again), and the time (ms since the epoch) before it read any: a file
   * whose modification time is older (by a clock tick) still holds the text read.
   */
  disk: Map<string, string>;
  readSince: number;
}

/** How many files are read or written at once: enough to keep the disk busy, few enough to keep descriptors. */
const AT_ONCE = 16;

/** Every file under `dir`, as POSIX paths relative to `root`; empty when `dir` does not exist. */
export async function listFiles(root: string, dir = root): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(root, full)));
    else if (entry.isFile()) out.push(relative(root, full).split(sep).join('/'));
  }
  return out.sort();
}

/**
 * Compares emitted files with `outDir`. `owned` says which existing paths belong to the
 * generator; those not emitted are extra. `read`: texts of the output this run read already
 * (deployment-cache.ts), and since when, which are not read again.
 */
export async function planWrite(outDir: string, files: EmittedFile[], owned: (path: string) => boolean | Promise<boolean>, read?: { texts: Map<string, string>; since: number }): Promise<WritePlan> {
  const plan: WritePlan = { changed: [], missing: [], extra: [], unchanged: 0, disk: new Map(), readSince: read?.texts.size ? read.since : Date.now() };
  const emitted = new Set(files.map((f) => f.path));
  const current = files.map((file) => read?.texts.get(file.path) ?? readIfExists(join(outDir, file.path)));
  files.forEach((file, i) => {
    const text = current[i];
    if (text === undefined) plan.missing.push(file);
    else {
      plan.disk.set(file.path, text);
      if (text !== file.content) plan.changed.push(file);
      else plan.unchanged++;
    }
  });
  for (const path of await listFiles(outDir)) {
    if (!emitted.has(path) && (await owned(path))) plan.extra.push(path);
  }
  return plan;
}


/**
 * Writes changed and missing files and deletes extra ones. Returns how many files it wrote. Every
 * file written is synced, and the folders of the names it took or removed after: the output a run
 * reports written survives a crash. The writes run side by side, so the syncs overlap.
 */
export async function applyPlan(outDir: string, plan: WritePlan): Promise<number> {
  const toWrite = [...plan.changed, ...plan.missing];
  await pMap(toWrite, (file) => writeAtomic(join(outDir, file.path), file.content, { durable: true }), { concurrency: AT_ONCE });
  await pMap(plan.extra, (path) => rm(join(outDir, path)), { concurrency: AT_ONCE });
  await syncFolders([...toWrite.map((f) => f.path), ...plan.extra].map((path) => dirname(join(outDir, path))));
  return toWrite.length;
}

/**
 * What applying the plan would do, as one unified diff (`a/` is the disk, `b/` the spec's
 * output; created and deleted files diff against /dev/null), files in path order.
 */
export async function planDiff(outDir: string, plan: WritePlan, label = 'output'): Promise<string> {
  const entries: Array<{ path: string; before?: string; after?: string }> = [
    ...plan.changed.map((f) => ({ path: f.path, before: plan.disk.get(f.path) ?? readIfExists(join(outDir, f.path)), after: f.content })),
    ...plan.missing.map((f) => ({ path: f.path, after: f.content })),
    ...plan.extra.map((path) => ({ path, before: readIfExists(join(outDir, path)) })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let out = '';
  for (const { path, before, after } of entries) {
    const from = before === undefined ? '/dev/null' : `a/${label}/${path}`;
    const to = after === undefined ? '/dev/null' : `b/${label}/${path}`;
    const patch = createTwoFilesPatch(from, to, before ?? '', after ?? '', undefined, undefined, { context: 3 });
    // jsdiff starts with a rule (and an `Index:` line when named); keep the ---/+++ headers only.
    out += patch.replace(/^(?:Index: .*\n)?=+\n/, '');
  }
  return out;
}
