/**
 * A run makes the documents no ts-morph print goes into (OpenAPI, discovery, the reference page)
 * before the shared files' first print, for the deployments it will emit, and only for those: a
 * deployment whose files an earlier run recorded for the same model is not made early. The files
 * are those a run without caches writes. Counted, not timed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { earlyDocumentsMade, generateFromSpec } from '../../generator/generate.ts';
import { fixtureInOwnFolder, snapshot } from './helpers.ts';
import { PATIENCE_MS } from '../support/patience.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const ARG = 'text: { type: string, required: true }';

describe('the documents made before the first print', { timeout: 3 * PATIENCE_MS }, () => {
  it('are made for a deployment the run emits, not for one it takes from an earlier run, and are what a run without caches writes', async () => {
    const t = await fixtureInOwnFolder(cleanups);
    const outDir = join(t.dir, 'output');
    const namespace = join(t.specDir, 'namespaces', 'notes-v1.yaml');
    const text = await readFile(namespace, 'utf8');
    expect(text).toContain(ARG);
    await writeFile(namespace, text.replace(ARG, 'text: { description: First words., type: string, required: true }'));

    const before = earlyDocumentsMade();
    expect((await generateFromSpec(t.specDir, { outDir })).result?.status).toBe('ok');
    expect(earlyDocumentsMade() - before).toBe(1);

    // A comment: the run is not answered from the run cache, but the model is the same, so the
    // deployment's recorded files are taken and nothing is made early.
    await writeFile(namespace, `${text.replace(ARG, 'text: { description: First words., type: string, required: true }')}# a comment\n`);
    const again = earlyDocumentsMade();
    const commented = await generateFromSpec(t.specDir, { outDir });
    expect(commented.result?.written).toBe(0);
    expect(earlyDocumentsMade() - again).toBe(0);

    // A description edit: the deployment is emitted again, its documents made early.
    await writeFile(namespace, text.replace(ARG, 'text: { description: Other words., type: string, required: true }'));
    const edited = earlyDocumentsMade();
    const run = await generateFromSpec(t.specDir, { outDir });
    expect(run.result?.status).toBe('ok');
    expect(earlyDocumentsMade() - edited).toBe(1);
    expect((await readFile(join(outDir, 'deployments/main/openapi.json'), 'utf8')).includes('Other words.')).toBe(true);

    const uncached = join(t.dir, 'uncached');
    expect((await generateFromSpec(t.specDir, { outDir: uncached, formatCache: false })).result?.status).toBe('ok');
    expect(await snapshot(outDir)).toEqual(await snapshot(uncached));
  });
});
