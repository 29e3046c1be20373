/**
 * `generate --watch` sees every kind of save an editor or a tool makes: writing the file in
 * place, writing a temporary file and renaming it over the old one (`sed -i`, editors' atomic
 * saves), and deleting the file then creating it again. Each save is followed by a regeneration
 * that takes it; the test waits for the watcher's summary line, not for time to pass.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_OK, runGenerate, watchSpec } from '../../generator/commands/generate.ts';
import { copyFixtureSpec, tempDir } from './helpers.ts';
import { PATIENCE_MS, within } from '../support/patience.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Lines a watcher prints, and a way to wait for the next summary line of a run. */
function lines() {
  const all: string[] = [];
  let waiting: Array<() => void> = [];
  const print = (line: string): void => {
    all.push(line);
    // A run ends with its summary (`N written, M unchanged, ...`) or says the spec has errors.
    if (/ written, \d+ unchanged, /.test(line) || /^the spec has \d+ error/.test(line)) {
      const woken = waiting;
      waiting = [];
      for (const wake of woken) wake();
    }
  };
  const nextRunEnd = (): Promise<void> => new Promise((done) => waiting.push(done));
  return { all, print, nextRunEnd };
}

describe('generate --watch and the ways files are saved', () => {
  it('regenerates after a save in place, a rename over the file, and a delete then create', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const specDir = await copyFixtureSpec(t.dir);
    const outDir = join(t.dir, 'output');
    const io = lines();
    expect(await runGenerate(specDir, { outDir }, io.print, io.print)).toBe(EXIT_OK);
    cleanups.push(watchSpec(specDir, { outDir }, io.print, io.print));

    const file = join(specDir, 'namespaces/notes-v1.yaml');
    const discovery = join(outDir, 'deployments/main/discovery.json');
    let current = 100;
    const saves: Array<{ kind: string; save: (text: string) => Promise<void> }> = [
      { kind: 'write in place', save: (text) => writeFile(file, text) },
      {
        kind: 'temporary file renamed over it',
        save: async (text) => {
          const temp = join(specDir, 'namespaces', '.notes-v1.yaml.swp');
          await writeFile(temp, text);
          await rename(temp, file);
        },
      },
      {
        kind: 'deleted, then created',
        save: async (text) => {
          await rm(file);
          await writeFile(file, text);
        },
      },
    ];
    for (const [i, { kind, save }] of saves.entries()) {
      const next = 50 + i * 10;
      const text = (await readFile(file, 'utf8')).replace(`maximum: ${current}`, `maximum: ${next}`);
      expect(text).toContain(`maximum: ${next}`);
      const ran = io.nextRunEnd();
      await save(text);
      current = next;
      // A save can be seen as more than one change (the file gone, then back): wait for runs until one took it.
      await within(
        (async () => {
          await ran;
          while (!(await readFile(discovery, 'utf8')).includes(`"maximum": ${next}`)) await io.nextRunEnd();
        })(),
        () => `a regeneration after the save "${kind}" (watcher said: ${io.all.slice(-5).join(' | ')})`,
      );
    }
    expect(io.all.filter((l) => l.includes('spec changed, regenerating')).length).toBeGreaterThanOrEqual(saves.length);
  }, 4 * PATIENCE_MS);
});
