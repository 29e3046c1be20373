import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_DRIFT, EXIT_OK, runGenerate } from '../../generator/commands/generate.ts';
import { MANIFEST_FILE, frameHash, parseManifest, renderManifest } from '../../generator/manifest.ts';
import { FIXTURE_SPEC, capture, tempDir } from './helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function generated(): Promise<string> {
  const t = await tempDir();
  cleanups.push(t.remove);
  const outDir = join(t.dir, 'output');
  expect(await runGenerate(FIXTURE_SPEC, { outDir }, () => {}, () => {})).toBe(EXIT_OK);
  return outDir;
}

describe('generate --check', () => {
  it('passes on freshly generated output', async () => {
    const outDir = await generated();
    const io = capture();
    expect(await runGenerate(FIXTURE_SPEC, { outDir, check: true }, io.print, io.printError)).toBe(EXIT_OK);
    expect(io.err).toEqual([]);
  });

  it('exits 2 naming a hand-edited generated file, and writes nothing', async () => {
    const outDir = await generated();
    const file = join(outDir, 'deployments/main/discovery.json');
    const edited = (await readFile(file, 'utf8')).replace('"notes/v1"', '"notes/v9"');
    await writeFile(file, edited);
    const io = capture();
    expect(await runGenerate(FIXTURE_SPEC, { outDir, check: true }, io.print, io.printError)).toBe(EXIT_DRIFT);
    expect(io.err).toContain('differs: output/deployments/main/discovery.json');
    expect(await readFile(file, 'utf8')).toBe(edited);
  });

  it('lists missing and extra files; a file of the user is neither', async () => {
    const outDir = await generated();
    await rm(join(outDir, 'deployments/main/openapi.json'));
    await writeFile(join(outDir, 'deployments/main/stray.ts'), 'export {};\n');
    // A file the generator once wrote (it is in the manifest) that the spec no longer produces.
    const manifestPath = join(outDir, MANIFEST_FILE);
    const manifest = parseManifest(await readFile(manifestPath, 'utf8'))!;
    await writeFile(join(outDir, 'deployments/main/old.md'), '# old\n');
    manifest.files['deployments/main/old.md'] = frameHash('# old\n');
    await writeFile(manifestPath, renderManifest(manifest));
    const io = capture();
    expect(await runGenerate(FIXTURE_SPEC, { outDir, check: true }, io.print, io.printError)).toBe(EXIT_DRIFT);
    expect(io.err).toContain('missing: output/deployments/main/openapi.json');
    expect(io.err).toContain('extra:   output/deployments/main/old.md');
    expect(io.err.join('\n')).not.toContain('stray.ts');
  });
});
