/**
 * The edit loop does only what an edit reaches: after a one-line description change, the run
 * writes the files whose text that description is part of, and prettier formats only the pieces
 * of them that changed (the run's `formatted` counts); no run asks ts-morph for anything, the
 * files being written as text laid out as prettier lays it out. Counted, not timed.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateFromSpec } from '../../generator/generate.ts';
import { tsThreadRequests } from '../../generator/ts-thread.ts';

/** Requests that load ts-morph on its thread: a structure to print, a file to cut. */
const tsMorphRequests = (): number => tsThreadRequests('print') + tsThreadRequests('pieces');
import { fixtureInOwnFolder, snapshot } from './helpers.ts';
import { PATIENCE_MS } from '../support/patience.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const ARG = 'text: { type: string, required: true }';
const described = (words: string): string => `text: { description: ${words}, type: string, required: true }`;

describe('a one-line description change', { timeout: 2 * PATIENCE_MS }, () => {
  it('rewrites only the files it reaches and formats only their changed pieces', async () => {
    const t = await fixtureInOwnFolder(cleanups);
    const specDir = t.specDir;
    const outDir = join(t.dir, 'output');
    const namespace = join(specDir, 'namespaces', 'notes-v1.yaml');
    const text = await readFile(namespace, 'utf8');
    expect(text).toContain(ARG);
    await writeFile(namespace, text.replace(ARG, described('The note as written')));

    const first = await generateFromSpec(specDir, { outDir });
    expect(first.result?.status).toBe('ok');
    const before = await snapshot(outDir);

    await writeFile(namespace, text.replace(ARG, described('The whole note as written')));
    const asked = tsMorphRequests();
    const second = await generateFromSpec(specDir, { outDir });
    expect(second.result?.status).toBe('ok');
    const after = await snapshot(outDir);
    // Nothing asked for ts-morph (a third of a second of the other core to load).
    expect(tsMorphRequests() - asked).toBe(0);
    const changed = [...after.keys()].filter((p) => !before.get(p)!.equals(after.get(p)!)).sort();

    // The description is published (discovery, OpenAPI, the reference page, the params
    // descriptors) and documents the types; nothing else, and no handler, moves.
    expect(changed).toEqual([
      'deployments/main/discovery.json',
      'deployments/main/openapi.json',
      'deployments/main/reference/index.html',
      'deployments/main/types.ts',
      'shared/args.ts',
      'shared/types.ts',
      'specpress.manifest.json',
    ]);
    expect(second.result!.written).toBe(changed.length);
    expect(second.result!.unchanged).toBe(after.size - changed.length);

    // prettier formatted nothing: the statement the edit changed, the operation's input type (the
    // same text in shared/types.ts and in the deployment's types.ts), is laid out as prettier lays
    // it out (type-layout.ts), and so is the params descriptor in shared/args.ts (literal-layout.ts).
    // (What the first run formatted depends on what this process generated before: pieces are
    // remembered by content.)
    expect(second.result!.formatted).toEqual({ files: 0, chunks: 0 });
  });
});

describe('an edit that changes what is printed', { timeout: 2 * PATIENCE_MS }, () => {
  it('asks ts-morph for nothing, as a first run and a run without caches do not: every file is written as text', async () => {
    const t = await fixtureInOwnFolder(cleanups);
    const outDir = join(t.dir, 'output');
    const namespace = join(t.specDir, 'namespaces', 'notes-v1.yaml');
    const text = await readFile(namespace, 'utf8');
    const asked = tsMorphRequests();
    expect((await generateFromSpec(t.specDir, { outDir })).result?.status).toBe('ok');
    // Another arg type changes the params' structures (tests, types), not only their prose.
    await writeFile(namespace, text.replace(ARG, 'text: { type: integer, required: true }'));
    const edit = await generateFromSpec(t.specDir, { outDir });
    expect(edit.result?.status).toBe('ok');
    expect(edit.result!.written).toBeGreaterThan(3);
    expect((await generateFromSpec(t.specDir, { outDir, check: true, formatCache: false })).result?.status).toBe('ok');
    expect(tsMorphRequests() - asked).toBe(0);
  });
});

describe('a description change in a namespace one deployment does not serve', { timeout: 2 * PATIENCE_MS }, () => {
  it("reuses that deployment's files from the last run, and the output is what a run without caches makes", async () => {
    const t = await fixtureInOwnFolder(cleanups);
    const specDir = t.specDir;
    await writeFile(join(specDir, 'deployments', 'quiet.yaml'), 'deployment: quiet\ndescription: Serves no notes\nnamespaces: { exclude: [notes/v1] }\n');
    const outDir = join(t.dir, 'output');
    const namespace = join(specDir, 'namespaces', 'notes-v1.yaml');
    const text = await readFile(namespace, 'utf8');
    await writeFile(namespace, text.replace(ARG, described('The note as written')));

    const first = await generateFromSpec(specDir, { outDir });
    expect(first.result?.status).toBe('ok');
    expect(first.result?.reusedDeployments).toEqual([]);

    await writeFile(namespace, text.replace(ARG, described('The whole note as written')));
    const second = await generateFromSpec(specDir, { outDir });
    expect(second.result?.status).toBe('ok');
    // `quiet` came from the last run; `main`, which serves the namespace, was emitted again.
    expect(second.result?.reusedDeployments).toEqual(['quiet']);
    expect(second.result?.written).toBeGreaterThan(0);

    // What the cached run wrote is byte for byte what a run that reuses nothing makes.
    const check = await generateFromSpec(specDir, { outDir, check: true, formatCache: false });
    expect(check.result?.drift).toEqual({ changed: [], missing: [], extra: [] });
    expect(check.result?.status).toBe('ok');

    // The cache records the deployment's files by hash and takes their texts from the output: a
    // file gone from there makes the deployment emitted again, and the file is written back.
    const gone = join(outDir, 'deployments', 'quiet', 'openapi.json');
    const before = await readFile(gone, 'utf8');
    await rm(gone);
    await writeFile(namespace, text.replace(ARG, described('All of the note as written')));
    const third = await generateFromSpec(specDir, { outDir });
    expect(third.result?.status).toBe('ok');
    expect(third.result?.reusedDeployments).toEqual([]);
    expect(await readFile(gone, 'utf8')).toBe(before);
  });
});
