/**
 * The per-deployment checks (overlapping routes, type names) run only on a deployment model they
 * have not passed before (generator/spec/clean-deployments.ts): what they remember must never hide
 * a problem.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeploymentModel } from '../../contract/model.ts';
import { flushAll } from '../../generator/cache-store.ts';
import { CleanDeployments } from '../../generator/spec/clean-deployments.ts';
import { loadSpec } from '../../generator/spec/load.ts';
import { fixtureInOwnFolder, inOwnFolder } from '../generator/helpers.ts';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A deployment of one endpoint taking one arg, described as given. */
const model = (extra: Record<string, unknown> = {}, arg: Record<string, unknown> = { type: 'string', description: 'What it is.' }) =>
  ({ name: 'main', description: 'd', resources: {}, routes: [{ path: '/a', endpoints: [{ operationId: 'getA', args: { a: arg } }] }], ...extra }) as unknown as DeploymentModel;

describe('deployments whose own checks passed', () => {
  it('are remembered by their model but for args\' descriptions: another value, or a key present without a value, is a new model', async () => {
    await inOwnFolder(cleanups);
    const first = await CleanDeployments.open(true);
    expect(first.passedBefore(model())).toBe(false);
    first.passed(model());
    flushAll();
    const next = await CleanDeployments.open(true);
    expect(next.passedBefore(model())).toBe(true);
    expect(next.passedBefore(model({ description: 'e' }))).toBe(false);
    expect(next.passedBefore(model({ settings: undefined }))).toBe(false);
    // Neither check reads an arg's description: another one is the same model to them; another type is not.
    expect(next.passedBefore(model({}, { type: 'string', description: 'Something else.' }))).toBe(true);
    expect(next.passedBefore(model({}, { type: 'integer', description: 'What it is.' }))).toBe(false);
    // Without the cache nothing is remembered.
    const off = await CleanDeployments.open(false);
    off.passed(model());
    expect(off.passedBefore(model())).toBe(false);
  });

  it('are checked again once an edit changes their model, and the problem it brings is found', async () => {
    const { specDir } = await fixtureInOwnFolder(cleanups);
    const first = await loadSpec(specDir);
    expect(first.diagnostics.filter((d) => d.code === 'SP065')).toEqual([]);
    expect((await loadSpec(specDir)).model).toBeDefined();
    // A route every URL of which `/notes/<id>` takes first: a warning, though the model passed before.
    const file = join(specDir, 'namespaces', 'notes-v1.yaml');
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text.trimEnd()}\n  /notes/<key>:\n    captures:\n      key: '[\\d]+'\n    endpoints:\n      - methods: [GET]\n        operationId: notesByKey\n        handler: custom\n`);
    const edited = await loadSpec(specDir);
    expect(edited.diagnostics.filter((d) => d.code === 'SP065').map((d) => d.message)).toEqual([expect.stringContaining('`/notes/v1/notes/<key>` never answers `GET`')]);
    // Found again on the next load: a deployment with a problem is never remembered as clean.
    const again = await loadSpec(specDir);
    expect(again.diagnostics.filter((d) => d.code === 'SP065')).toHaveLength(1);
  });
});
