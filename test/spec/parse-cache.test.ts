/**
 * Spec files unchanged since the last load are not parsed again (generator/spec/parse-cache.ts):
 * the load after an edit parses the edited file alone, and gives the model and the diagnostics a
 * load that parses every file gives, positions included, also for a diagnostic about an
 * unchanged file. Counted, not timed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/spec/load.ts';
import { lastLoadCounts } from '../../generator/spec/parse-cache.ts';
import { fixtureInOwnFolder } from '../generator/helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A load with every file parsed, for comparison. */
const parsedAfresh = (specDir: string): ReturnType<typeof loadSpec> => loadSpec(specDir, { cache: false });

describe('loading a spec again', () => {
  it('parses only the files that changed, and loads what a full parse loads', async () => {
    const { specDir } = await fixtureInOwnFolder(cleanups);
    const files = 3; // site.yaml, one namespace, one deployment

    // As generate loads: the model's checks after the load, the entries written once all the same.
    const first = await loadSpec(specDir, { deferModelChecks: true });
    expect(first.diagnostics).toEqual([]);
    expect(await first.checkModel!()).toEqual([]);
    expect(lastLoadCounts()).toEqual({ reused: 0, parsed: files, written: files });

    const again = await loadSpec(specDir);
    expect(lastLoadCounts()).toEqual({ reused: files, parsed: 0, written: 0 });
    expect(JSON.stringify(again.model)).toBe(JSON.stringify(first.model));

    // A description edited: that file alone is parsed.
    const namespace = join(specDir, 'namespaces', 'notes-v1.yaml');
    const text = await readFile(namespace, 'utf8');
    await writeFile(namespace, text.replace('Notes, a small namespace for generator tests', 'Notes, a namespace for generator tests'));
    const edited = await loadSpec(specDir);
    expect(lastLoadCounts()).toMatchObject({ reused: files - 1, parsed: 1 });
    expect(JSON.stringify(edited.model)).toBe(JSON.stringify((await parsedAfresh(specDir)).model));

    // A new file that declares a route of the unchanged one again: the diagnostics (and the
    // positions they point at, in either file) are those of a load that parses everything.
    await writeFile(
      join(specDir, 'namespaces', 'notes-v1-more.yaml'),
      'namespace: notes/v1\nroutes:\n  /notes:\n    endpoints:\n      - methods: [GET]\n        operationId: notesListAgain\n        handler: custom\n',
    );
    const clash = await loadSpec(specDir);
    expect(lastLoadCounts()).toMatchObject({ reused: files, parsed: 1 });
    expect(clash.diagnostics.length).toBeGreaterThan(0);
    expect(clash.diagnostics).toEqual((await parsedAfresh(specDir)).diagnostics);
  });
});
