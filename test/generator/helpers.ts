/** Temporary folders and file reading for generator tests. */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listFiles } from '../../generator/write.ts';

export const FIXTURE_SPEC = new URL('./fixtures/spec', import.meta.url).pathname;

export async function tempDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'specpress-gen-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A copy of the fixture spec in `dir/spec`, to change freely. */
export async function copyFixtureSpec(dir: string): Promise<string> {
  const specDir = join(dir, 'spec');
  await cp(FIXTURE_SPEC, specDir, { recursive: true });
  return specDir;
}

/**
 * A fresh, empty folder made the working directory while the test runs: the generator's caches
 * live under the working directory, so the test starts with its own, empty ones. `cleanups` (run
 * in order after the test) gets the way back and the folder's removal.
 */
export async function inOwnFolder(cleanups: Array<() => void | Promise<void>>): Promise<{ dir: string }> {
  const t = await tempDir();
  cleanups.push(t.remove);
  const cwd = process.cwd();
  process.chdir(t.dir);
  cleanups.unshift(async () => process.chdir(cwd));
  return { dir: t.dir };
}

/** Such a folder (inOwnFolder) holding a copy of the fixture spec in `dir/spec`. */
export async function fixtureInOwnFolder(cleanups: Array<() => void | Promise<void>>): Promise<{ dir: string; specDir: string }> {
  const { dir } = await inOwnFolder(cleanups);
  return { dir, specDir: await copyFixtureSpec(dir) };
}

/** Every file under `dir` with its bytes. */
export async function snapshot(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const path of await listFiles(dir)) files.set(path, await readFile(join(dir, path)));
  return files;
}

/** Collects what a command prints. */
export function capture(): { out: string[]; err: string[]; print: (l: string) => void; printError: (l: string) => void } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, print: (l) => out.push(l), printError: (l) => err.push(l) };
}
