/**
 * `generate --deployment NAME` makes the shared files (handlers, validators, args, data, routes,
 * types) for the deployments its output folder serves: the one named, and those whose folder an
 * earlier run left there. Into a folder of its own it does that deployment's work alone; into one
 * that serves others it leaves their shared parts in place.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generateFromModel } from '../../generator/generate.ts';
import { defaultBody } from '../../generator/preserve.ts';
import { smallModel } from './fixtures/small-model.ts';
import { inOwnFolder, snapshot, tempDir } from './helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/**
 * The small model where beta's update takes one more arg than alpha's: the same operation id with
 * two params schemas, so two routes of a post, whose names in shared/routes.ts (and the
 * validators') depend on which deployments the shared files serve: the first served takes
 * `coreV2PostsId`, the other `coreV2PostsId2`.
 */
function namesShiftingModel() {
  const model = smallModel();
  const update = model.deployments[1].routes.flatMap((r) => r.endpoints).find((e) => e.operationId === 'corePostsUpdate')!;
  update.args = { ...update.args, slug: { type: 'string' } };
  return model;
}

const text = (files: Map<string, Buffer>, path: string): string => files.get(path)?.toString('utf8') ?? '';

/** A folder of its own, removed after the test. */
async function folder(): Promise<string> {
  const t = await tempDir();
  cleanups.push(t.remove);
  return t.dir;
}

/** The files a run of every deployment of `model` makes, in a folder of its own. */
async function runOfAll(model: ReturnType<typeof smallModel>): Promise<Map<string, Buffer>> {
  const dir = await folder();
  await generateFromModel(model, { outDir: dir });
  return snapshot(dir);
}

/** Each of `paths` (all of `expected`'s files unless given) holds the same bytes in `actual`. */
function expectSameBytes(expected: Map<string, Buffer>, actual: Map<string, Buffer>, paths = [...expected.keys()]): void {
  for (const path of paths) expect(actual.get(path)?.equals(expected.get(path)!), path).toBe(true);
}
const shared = (files: Map<string, Buffer>): string[] => [...files.keys()].filter((p) => !p.startsWith('deployments/') && p !== 'specpress.manifest.json').sort();

describe('the shared files of a run of named deployments', () => {
  it('serve the named deployment alone in a folder of its own, and its own files are those of a run of all', async () => {
    const full = await runOfAll(smallModel());
    const beta = await folder();
    await generateFromModel(smallModel(), { outDir: beta, deployments: ['beta'] });
    const alone = await snapshot(beta);
    // Only alpha serves forms/v1: its custom handler, params and route are not made for beta.
    expect(text(full, 'shared/routes.ts')).toContain('/forms/v1/settings');
    expect(text(alone, 'shared/routes.ts')).not.toContain('/forms/v1');
    expect(text(full, 'shared/types.ts')).toContain('FormsDuplicate');
    expect(text(alone, 'shared/types.ts')).not.toContain('FormsDuplicate');
    expect(shared(full).filter((p) => p.startsWith('handlers/forms'))).not.toEqual([]);
    expect(shared(alone).filter((p) => p.startsWith('handlers/forms'))).toEqual([]);
    expect([...alone.keys()].filter((p) => p.startsWith('deployments/alpha/'))).toEqual([]);
    const own = [...full.keys()].filter((p) => p.startsWith('deployments/beta/'));
    expect(own.length).toBeGreaterThan(5);
    expectSameBytes(full, alone, own);
  });

  it('keep serving the deployments already in the folder, and grow to serve one added', async () => {
    const full = await runOfAll(smallModel());
    const grown = await folder();
    await generateFromModel(smallModel(), { outDir: grown, deployments: ['beta'] });
    const added = await generateFromModel(smallModel(), { outDir: grown, deployments: ['alpha'] });
    expect(added.deleted).toBe(0);
    // alpha's files and the shared files grown to serve it: the folder is now a run of all's.
    const after = await snapshot(grown);
    expect([...after.keys()].sort()).toEqual([...full.keys()].sort());
    expectSameBytes(full, after);
    // Named again, beta alone changes nothing in a folder that serves alpha too.
    const again = await generateFromModel(smallModel(), { outDir: grown, deployments: ['beta'] });
    expect(again.written).toBe(0);
    expect(again.deleted).toBe(0);
  });

  it('keep serving a deployment whose folder is gone while a handler of its operations holds written code', async () => {
    const dir = await folder();
    await generateFromModel(smallModel(), { outDir: dir });
    const files = await snapshot(dir);
    const handler = [...files.keys()].find((p) => p.startsWith('handlers/') && text(files, p).includes('specpress:formsDuplicate'))!;
    const written = "return { duplicated: true } as never; // written by hand";
    await writeFile(join(dir, handler), text(files, handler).replace(defaultBody('formsDuplicate'), written));
    await rm(join(dir, 'deployments/alpha'), { recursive: true });
    // Only alpha serves formsDuplicate: its code is not an orphan, and the shared files still serve it.
    const result = await generateFromModel(smallModel(), { outDir: dir, deployments: ['beta'] });
    expect(result.status).toBe('ok');
    expect(result.orphans).toEqual([]);
    expect(await readFile(join(dir, handler), 'utf8')).toContain(written);
    expect(await readFile(join(dir, 'shared/routes.ts'), 'utf8')).toContain('/forms/v1/forms/');
  });

  it('remake the other deployments of the folder when the deployments served change, so none refers to a name that moved', async () => {
    const full = await runOfAll(namesShiftingModel());
    expect(text(full, 'shared/validators.ts')).toContain('corePostsUpdate2');
    const grown = await folder();
    await generateFromModel(namesShiftingModel(), { outDir: grown, deployments: ['beta'] });
    expect(text(await snapshot(grown), 'shared/validators.ts')).not.toContain('corePostsUpdate2');
    // alpha joins: it takes the plain name, beta's schema moves to the second, and beta's files follow it.
    await generateFromModel(namesShiftingModel(), { outDir: grown, deployments: ['alpha'] });
    const after = await snapshot(grown);
    expect([...after.keys()].sort()).toEqual([...full.keys()].sort());
    expectSameBytes(full, after);
    // The folder now serves both: naming one of them again leaves the other alone.
    const again = await generateFromModel(namesShiftingModel(), { outDir: grown, deployments: ['beta'] });
    expect(again.written).toBe(0);
  });

  it('remake a deployment left as it is when an edit moved a shared name its files use (the deployment cache tells)', async () => {
    // The cache store lives in the working directory: this test's own, empty one.
    const { dir } = await inOwnFolder(cleanups);
    const outDir = join(dir, 'output');
    await generateFromModel(namesShiftingModel(), { outDir });
    // beta's route of a post differs from alpha's: it is the second of that path in shared/routes.ts.
    expect(await readFile(join(outDir, 'deployments/beta/routes.ts'), 'utf8')).toContain('shared.coreV2PostsId2');
    // alpha's update now takes beta's args: one route of a post, one name, and beta's second name is gone.
    const edited = () => {
      const model = namesShiftingModel();
      const alpha = model.deployments[0].routes.flatMap((r) => r.endpoints).find((e) => e.operationId === 'corePostsUpdate')!;
      alpha.args = { ...alpha.args, slug: { type: 'string' } };
      return model;
    };
    const result = await generateFromModel(edited(), { outDir, deployments: ['alpha'] });
    expect(result.status).toBe('ok');
    expectSameBytes(await runOfAll(edited()), await snapshot(outDir));
    expect(await readFile(join(outDir, 'deployments/beta/routes.ts'), 'utf8')).not.toContain('coreV2PostsId2');
  });
});
