/**
 * Writing generated files: compare with what is on disk, write only what changed, remove what
 * the spec no longer produces, or (for `--check`) only report the differences.
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { EmittedFile } from './emit/emitted-file.ts';

export interface WritePlan {
  /** Files whose text differs from the disk. */
  changed: EmittedFile[];
  /** Files not on disk yet. */
  missing: EmittedFile[];
  /** Paths on disk, inside the generator's folders, that the spec no longer produces. */
  extra: string[];
  unchanged: number;
}

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

export async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Compares emitted files with `outDir`. `managed` says which existing paths belong to the
 * generator; those not emitted are extra.
 */
export async function planWrite(outDir: string, files: EmittedFile[], managed: (path: string) => boolean | Promise<boolean>): Promise<WritePlan> {
  const plan: WritePlan = { changed: [], missing: [], extra: [], unchanged: 0 };
  const emitted = new Set(files.map((f) => f.path));
  for (const file of files) {
    const current = await readIfExists(join(outDir, file.path));
    if (current === undefined) plan.missing.push(file);
    else if (current !== file.content) plan.changed.push(file);
    else plan.unchanged++;
  }
  for (const path of await listFiles(outDir)) {
    if (!emitted.has(path) && (await managed(path))) plan.extra.push(path);
  }
  return plan;
}

/** Writes changed and missing files and deletes extra ones. Returns how many files it wrote. */
export async function applyPlan(outDir: string, plan: WritePlan): Promise<number> {
  const toWrite = [...plan.changed, ...plan.missing];
  for (const file of toWrite) {
    const full = join(outDir, file.path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, file.content);
  }
  for (const path of plan.extra) await rm(join(outDir, path));
  return toWrite.length;
}
