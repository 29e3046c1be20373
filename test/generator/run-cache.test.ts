/**
 * The run cache: a rerun with nothing changed answers from the last run's entry (same
 * diagnostics, every file unchanged, nothing written), and any change that could change the
 * output — a spec file, a generated file edited outside its regions or deleted, the manifest —
 * misses, so the run generates (and sees the edit) as it always did.
 */
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_DRIFT, EXIT_HAND_EDIT, EXIT_OK, runGenerate } from '../../generator/commands/generate.ts';
import { openRunCache } from '../../generator/run-cache.ts';
import { loadSpec } from '../../generator/spec/load.ts';
import { capture, copyFixtureSpec, snapshot, tempDir } from './helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function generated(): Promise<{ specDir: string; outDir: string }> {
  const t = await tempDir();
  cleanups.push(t.remove);
  const specDir = await copyFixtureSpec(t.dir);
  const outDir = join(t.dir, 'output');
  const io = capture();
  expect(await runGenerate(specDir, { outDir }, io.print, io.printError), io.err.join('\n')).toBe(EXIT_OK);
  return { specDir, outDir };
}

describe('the run cache', () => {
  it('answers an unchanged rerun from the last run, with its diagnostics, writing nothing', async () => {
    const { specDir, outDir } = await generated();
    const hit = (await openRunCache(specDir, { outDir })).hit;
    expect(hit?.result.status).toBe('ok');
    expect(hit?.result.written).toBe(0);
    expect(hit?.result.unchanged).toBe((await snapshot(outDir)).size);
    expect(hit?.diagnostics).toEqual((await loadSpec(specDir)).diagnostics);
    const before = await snapshot(outDir);
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    expect(io.out.join('\n')).toMatch(/0 written, \d+ unchanged, 0 removed/);
    expect(await snapshot(outDir)).toEqual(before);
    // Another output folder is another entry.
    expect((await openRunCache(specDir, { outDir: join(outDir, '..', 'elsewhere') })).hit).toBeUndefined();
  });

  it('misses after a spec edit, and the run takes the edit', async () => {
    const { specDir, outDir } = await generated();
    const site = join(specDir, 'site.yaml');
    await writeFile(site, `${await readFile(site, 'utf8')}\n# a comment changes the key\n`);
    expect((await openRunCache(specDir, { outDir })).hit).toBeUndefined();
  });

  it('misses when a generated file was edited outside its regions or deleted, so the edit is reported', async () => {
    const { specDir, outDir } = await generated();
    const files = [...(await snapshot(outDir)).keys()];
    const types = files.find((p) => p.endsWith('/types.ts'))!;
    await appendFile(join(outDir, types), '// my note\n');
    expect((await openRunCache(specDir, { outDir })).hit).toBeUndefined();
    const check = capture();
    expect(await runGenerate(specDir, { outDir, check: true }, check.print, check.printError)).toBe(EXIT_DRIFT);
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_HAND_EDIT);

    const { specDir: spec2, outDir: out2 } = await generated();
    const routes = [...(await snapshot(out2)).keys()].find((p) => p.endsWith('/routes.ts'))!;
    await rm(join(out2, routes));
    expect((await openRunCache(spec2, { outDir: out2 })).hit).toBeUndefined();
    const again = capture();
    expect(await runGenerate(spec2, { outDir: out2 }, again.print, again.printError)).toBe(EXIT_OK);
    expect(again.out.join('\n')).toMatch(/1 written/);
  });
});
