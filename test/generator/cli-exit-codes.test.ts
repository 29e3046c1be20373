import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_SPEC_ERRORS, runGenerate } from '../../generator/commands/generate.ts';
import { listFiles } from '../../generator/write.ts';
import { FIXTURE_SPEC, capture, copyFixtureSpec, tempDir } from './helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('generate exit codes', () => {
  it('exits 1 on spec errors, printing each with its file and line, and writes nothing', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const specDir = await copyFixtureSpec(t.dir);
    const nsPath = join(specDir, 'namespaces/notes-v1.yaml');
    await writeFile(nsPath, (await readFile(nsPath, 'utf8')).replace("id: '[\\d]+'", "id: '[\\d+'"));
    const io = capture();
    const outDir = join(t.dir, 'output');
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_SPEC_ERRORS);
    expect(io.err.some((l) => /notes-v1\.yaml:\d+:\d+/.test(l))).toBe(true);
    expect(await listFiles(outDir)).toEqual([]);
  });

  it('exits 1 naming an unknown deployment', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const io = capture();
    expect(await runGenerate(FIXTURE_SPEC, { outDir: t.dir, deployments: ['nope'] }, io.print, io.printError)).toBe(EXIT_SPEC_ERRORS);
    expect(io.err.join('\n')).toContain('unknown deployment(s): nope (known: main)');
  });
});

describe('generate warnings', () => {
  it('names each custom-handler endpoint whose spec declares no response, and still generates', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const io = capture();
    expect(await runGenerate(FIXTURE_SPEC, { outDir: join(t.dir, 'output') }, io.print, io.printError)).toBe(0);
    const warning = io.err.find((l) => l.startsWith('warning:'));
    expect(warning).toContain('4 endpoint(s) with a custom handler name no `response`');
    expect(warning).toContain('GET /notes/v1/notes;');
    expect(await readFile(join(t.dir, 'output/deployments/main/types.ts'), 'utf8')).toContain('export type NotesListResult = unknown;');
  });
});
