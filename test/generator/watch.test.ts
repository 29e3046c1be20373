import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_OK, runGenerate, watchSpec } from '../../generator/commands/generate.ts';
import { capture, copyFixtureSpec, tempDir } from './helpers.ts';
import { PATIENCE_MS } from '../support/patience.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('generate --watch', () => {
  it('regenerates when a spec file changes', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const specDir = await copyFixtureSpec(t.dir);
    const outDir = join(t.dir, 'output');
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    cleanups.push(watchSpec(specDir, { outDir }, io.print, io.printError));

    const nsPath = join(specDir, 'namespaces/notes-v1.yaml');
    await writeFile(nsPath, (await readFile(nsPath, 'utf8')).replace('maximum: 100', 'maximum: 50'));
    const discovery = join(outDir, 'deployments/main/discovery.json');
    const deadline = Date.now() + PATIENCE_MS; // a regeneration takes seconds; more on a busy machine
    while (!(await readFile(discovery, 'utf8')).includes('"maximum": 50')) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(io.out.some((l) => l.includes('spec changed, regenerating'))).toBe(true);
  }, 2 * PATIENCE_MS);
});
