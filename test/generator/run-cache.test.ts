/**
 * The run cache: a rerun with nothing changed answers from the last run's entry (same
 * diagnostics, every file unchanged, nothing written), and any change that could change the
 * output — a spec file, a generated file edited outside its regions or deleted, the manifest —
 * misses, so the run generates (and sees the edit) as it always did.
 */
import { appendFile, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT_DRIFT, EXIT_HAND_EDIT, EXIT_OK, fastRerun, runGenerate } from '../../generator/commands/generate.ts';
import { openRunCache } from '../../generator/run-cache.ts';
import { loadSpec } from '../../generator/spec/load.ts';
import { capture, copyFixtureSpec, snapshot, tempDir } from './helpers.ts';
import { PATIENCE_MS } from '../support/patience.ts';

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

// Each test generates two or three times: seconds each, more on a busy machine.
describe('the run cache', { timeout: 2 * PATIENCE_MS }, () => {
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

  it('answers from the stamp of sizes and times alone, and a change that keeps a file\'s size is still seen', async () => {
    const { specDir, outDir } = await generated();
    const stampOnly = async () => (await openRunCache(specDir, { outDir }, { stampOnly: true })).hit;
    // The first rerun checks the contents and stamps them; the next needs the stamp alone.
    expect((await openRunCache(specDir, { outDir })).hit?.result.status).toBe('ok');
    expect((await stampOnly())?.result.written).toBe(0);

    // Touched, same text: the stamp no longer answers, the contents do, and stamp it again.
    const site = join(specDir, 'site.yaml');
    const text = await readFile(site, 'utf8');
    const earlier = new Date(Date.now() - 60_000);
    await utimes(site, earlier, earlier);
    expect(await stampOnly()).toBeUndefined();
    expect((await openRunCache(specDir, { outDir })).hit).toBeDefined();
    expect(await stampOnly()).toBeDefined();

    // Same size, other text (one letter of a comment): a miss, whatever the stamp.
    await writeFile(site, `${text}# a\n`);
    expect((await openRunCache(specDir, { outDir })).hit).toBeUndefined();
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    await writeFile(site, `${text}# b\n`);
    expect(await stampOnly()).toBeUndefined();
    expect((await openRunCache(specDir, { outDir })).hit).toBeUndefined();
  });

  it('does not wait out the clock tick to find that a file written just now leaves the stamp unable to answer', async () => {
    const { specDir, outDir } = await generated();
    expect((await openRunCache(specDir, { outDir })).hit?.result.status).toBe('ok');
    const site = join(specDir, 'site.yaml');
    // The same text written again: its time is now, within the tick a stamp does not trust.
    await writeFile(site, await readFile(site, 'utf8'));
    // With timers that never fire on their own, a stamp that waited for the tick would never answer.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      expect((await openRunCache(specDir, { outDir }, { stampOnly: true })).hit).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
    // The full check (which does wait, before it reads anything) finds the contents unchanged.
    expect((await openRunCache(specDir, { outDir })).hit).toBeDefined();
  });

  it('waits, after a write, only what is left of the clock tick before it stamps again', async () => {
    const { specDir, outDir } = await generated();
    const site = join(specDir, 'site.yaml');
    // Written 30 ms ago: within the tick (50 ms) a stamp does not trust, 20 ms of it left.
    await writeFile(site, await readFile(site, 'utf8'));
    const written = new Date(Date.now() - 30);
    await utimes(site, written, written);
    const delays: number[] = [];
    const real = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return real(fn, ms);
    }) as typeof setTimeout);
    try {
      expect((await openRunCache(specDir, { outDir })).hit).toBeDefined();
    } finally {
      spy.mockRestore();
    }
    // A whole tick (50 ms) was the wait before; on a machine slow enough to be past the tick already, none.
    expect(delays.filter((ms) => ms > 21)).toEqual([]);
  });

  it('answers `specpress generate` with plain arguments before the command line program loads (bin/specpress.js)', async () => {
    const { specDir, outDir } = await generated();
    const args = ['--spec', specDir, '--out', outDir, '--no-typecheck'];
    // This run stamps the contents; until then, the fast path leaves the run to the command.
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    expect(await fastRerun(args)).toBe(EXIT_OK);
    expect(await fastRerun([...args, '--check'])).toBe(EXIT_OK);
    // Arguments it does not know, and a run wanting the compile check the entry never made, go the usual way.
    expect(await fastRerun([...args, '--watch'])).toBeUndefined();
    expect(await fastRerun([...args, '--diff'])).toBeUndefined();
    expect(await fastRerun(['--spec', specDir, '--out', outDir])).toBeUndefined();
    expect(await fastRerun(['--spec', specDir, '--out', join(outDir, '..', 'elsewhere'), '--no-typecheck'])).toBeUndefined();
    // Options that change what a run emits are part of the stamp: one deployment alone is another run.
    expect(await fastRerun([...args, '-d', 'main'])).toBeUndefined();
  });
});
