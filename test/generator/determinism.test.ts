import { afterEach, describe, expect, it } from 'vitest';
import { generateFromModel } from '../../generator/generate.ts';
import { smallModel } from './fixtures/small-model.ts';
import { snapshot, tempDir } from './helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

describe('determinism', () => {
  it('two generations of the same model are byte-identical', async () => {
    const a = await tempDir();
    const b = await tempDir();
    cleanups.push(a.remove, b.remove);
    await generateFromModel(smallModel(), { outDir: a.dir });
    await generateFromModel(smallModel(), { outDir: b.dir });
    const first = await snapshot(a.dir);
    const second = await snapshot(b.dir);
    expect([...second.keys()]).toEqual([...first.keys()]);
    expect(first.size).toBeGreaterThan(20);
    for (const [path, bytes] of first) expect(second.get(path)?.equals(bytes), path).toBe(true);
  });

  it('regenerating into the same folder writes nothing', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const first = await generateFromModel(smallModel(), { outDir: t.dir });
    expect(first.written).toBe(first.files);
    const again = await generateFromModel(smallModel(), { outDir: t.dir });
    expect(again.written).toBe(0);
    expect(again.unchanged).toBe(again.files);
  });

  it('generating one deployment leaves the others alone', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    await generateFromModel(smallModel(), { outDir: t.dir });
    const model = smallModel();
    model.deployments[1].description = 'changed';
    const result = await generateFromModel(model, { outDir: t.dir, deployments: ['alpha'] });
    expect(result.written).toBe(0);
    expect(result.deleted).toBe(0);
  });
});
