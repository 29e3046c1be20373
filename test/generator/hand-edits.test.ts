/**
 * Never losing a hand edit: the manifest of what the generator wrote, refusing (or backing up)
 * when a generated file was edited outside its regions, deleting only recorded files, `--diff`,
 * and handler files saved with CRLF line endings.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT_DRIFT, EXIT_HAND_EDIT, EXIT_OK, runGenerate } from '../../generator/commands/generate.ts';
import { MANIFEST_FILE, frameHash, parseManifest } from '../../generator/manifest.ts';
import { capture, copyFixtureSpec, snapshot, tempDir } from './helpers.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

const HANDLER = 'handlers/notes-v1/notes.ts';

/** A fixture spec copy and its freshly generated output. */
async function generated(): Promise<{ specDir: string; outDir: string }> {
  const t = await tempDir();
  cleanups.push(t.remove);
  const specDir = await copyFixtureSpec(t.dir);
  const outDir = join(t.dir, 'output');
  const io = capture();
  expect(await runGenerate(specDir, { outDir }, io.print, io.printError), io.err.join('\n')).toBe(EXIT_OK);
  return { specDir, outDir };
}

async function handlerPath(outDir: string): Promise<string> {
  const files = [...(await snapshot(outDir)).keys()].filter((p) => p.startsWith('handlers/notes-v1/'));
  expect(files.length).toBeGreaterThan(0);
  return join(outDir, files.includes(HANDLER) ? HANDLER : files[0]);
}

describe('the manifest', () => {
  it('records every generated file with the hash of its text outside regions', async () => {
    const { outDir } = await generated();
    const manifest = parseManifest(await readFile(join(outDir, MANIFEST_FILE), 'utf8'))!;
    const onDisk = [...(await snapshot(outDir)).keys()].filter((p) => p !== MANIFEST_FILE);
    expect(Object.keys(manifest.files).sort()).toEqual(onDisk);
    const discovery = await readFile(join(outDir, 'deployments/main/discovery.json'), 'utf8');
    expect(manifest.files['deployments/main/discovery.json']).toBe(frameHash(discovery));
  });

  it('does not change when a region body is written, and the run keeps the body', async () => {
    const { specDir, outDir } = await generated();
    const before = await readFile(join(outDir, MANIFEST_FILE), 'utf8');
    const file = await handlerPath(outDir);
    const text = await readFile(file, 'utf8');
    const edited = text.replace(/(\/\/ #region specpress:notesList\n)[\s\S]*?(\s*\/\/ #endregion)/, "$1    return { hand: 'written' };$2");
    expect(edited).not.toBe(text);
    await writeFile(file, edited);
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    expect(io.out.at(-1)).toMatch(/^0 written, /);
    expect(await readFile(file, 'utf8')).toBe(edited);
    expect(await readFile(join(outDir, MANIFEST_FILE), 'utf8')).toBe(before);
  });
});

describe('an edit outside the regions', () => {
  it('stops generation with exit 3 naming the file, and writes nothing', async () => {
    const { specDir, outDir } = await generated();
    const file = await handlerPath(outDir);
    const edited = `${await readFile(file, 'utf8')}\nexport const handAdded = 42;\n`;
    await writeFile(file, edited);
    const before = await snapshot(outDir);
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_HAND_EDIT);
    const relative = file.slice(outDir.length + 1);
    expect(io.err).toContain(`hand edit: output/${relative} was edited outside its preserved regions; the run would overwrite it`);
    expect(io.err.at(-1)).toMatch(/^generation stopped, nothing written: 1 file\(s\) would lose hand edits\..*--backup/);
    expect(await snapshot(outDir)).toEqual(before);
  });

  it('in a generated JSON file is seen as well, also when the spec changed meanwhile', async () => {
    const { specDir, outDir } = await generated();
    const file = join(outDir, 'deployments/main/discovery.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace('"notes/v1"', '"notes/v9"'));
    const ns = join(specDir, 'namespaces/notes-v1.yaml');
    await writeFile(ns, (await readFile(ns, 'utf8')).replace('maximum: 100', 'maximum: 50'));
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_HAND_EDIT);
    expect(io.err.join('\n')).toContain('output/deployments/main/discovery.json was edited outside its preserved regions');
    expect(await readFile(file, 'utf8')).toContain('"notes/v9"');
  });

  it('with --backup is kept in a backup copy, reported, and the file regenerated', async () => {
    const { specDir, outDir } = await generated();
    const file = await handlerPath(outDir);
    const original = await readFile(file, 'utf8');
    const edited = `${original}\nexport const handAdded = 42;\n`;
    await writeFile(file, edited);
    const io = capture();
    expect(await runGenerate(specDir, { outDir, backup: true }, io.print, io.printError)).toBe(EXIT_OK);
    expect(await readFile(file, 'utf8')).toBe(original);
    const warning = io.err.find((l) => l.startsWith('warning: '));
    const copy = /kept in output\/(\S+)$/.exec(warning ?? '')?.[1];
    expect(copy, io.err.join('\n')).toMatch(/^\.specpress-backup\/.+\/handlers\/notes-v1\//);
    expect(await readFile(join(outDir, copy!), 'utf8')).toBe(edited);
    // The backup folder is the user's: a later run neither deletes it nor calls it drift.
    expect(await runGenerate(specDir, { outDir, check: true }, io.print, io.printError)).toBe(EXIT_OK);
  });

  it('a file specpress never wrote at a path it now produces is not overwritten', async () => {
    const { specDir, outDir } = await generated();
    await mkdir(join(outDir, 'deployments/second'), { recursive: true });
    await writeFile(join(outDir, 'deployments/second/README.md'), '# my own notes\n');
    await writeFile(join(specDir, 'deployments/second.yaml'), 'deployment: second\n');
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_HAND_EDIT);
    expect(io.err).toContain('hand edit: output/deployments/second/README.md was not written by specpress (it is not in the manifest); the run would overwrite it');
    expect(await readFile(join(outDir, 'deployments/second/README.md'), 'utf8')).toBe('# my own notes\n');
  });
});

describe('deleting', () => {
  it('removes only files it recorded: a user file under reference/ survives its deployment', async () => {
    const { specDir, outDir } = await generated();
    await writeFile(join(specDir, 'deployments/second.yaml'), 'deployment: second\n');
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    const secondFiles = [...(await snapshot(outDir)).keys()].filter((p) => p.startsWith('deployments/second/'));
    expect(secondFiles).toContain('deployments/second/discovery.json');
    await writeFile(join(outDir, 'deployments/second/reference/guide.md'), '# A guide I wrote\n');
    await writeFile(join(outDir, 'deployments/main/reference/faq.md'), '# FAQ\n');

    await rm(join(specDir, 'deployments/second.yaml'));
    const check = capture();
    expect(await runGenerate(specDir, { outDir, check: true }, check.print, check.printError)).toBe(EXIT_DRIFT);
    expect(check.err).toContain('extra:   output/deployments/second/discovery.json');
    expect(check.err.join('\n')).not.toContain('guide.md');
    expect(check.err.join('\n')).not.toContain('faq.md');

    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    const left = [...(await snapshot(outDir)).keys()];
    expect(left.filter((p) => p.startsWith('deployments/second/'))).toEqual(['deployments/second/reference/guide.md']);
    expect(left).toContain('deployments/main/reference/faq.md');
    const manifest = parseManifest(await readFile(join(outDir, MANIFEST_FILE), 'utf8'))!;
    expect(Object.keys(manifest.files).filter((p) => p.includes('second/'))).toEqual([]);
  });

  it('refuses to delete a recorded file that was edited since', async () => {
    const { specDir, outDir } = await generated();
    await writeFile(join(specDir, 'deployments/second.yaml'), 'deployment: second\n');
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    await writeFile(join(outDir, 'deployments/second/README.md'), '# edited by hand\n');
    await rm(join(specDir, 'deployments/second.yaml'));
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_HAND_EDIT);
    expect(io.err).toContain('hand edit: output/deployments/second/README.md was edited outside its preserved regions; the run would delete it');
    expect(await readFile(join(outDir, 'deployments/second/README.md'), 'utf8')).toBe('# edited by hand\n');
  });

  it('without a manifest deletes nothing and lists what the spec no longer produces', async () => {
    const { specDir, outDir } = await generated();
    await writeFile(join(specDir, 'deployments/second.yaml'), 'deployment: second\n');
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError)).toBe(EXIT_OK);
    await rm(join(outDir, MANIFEST_FILE));
    await rm(join(specDir, 'deployments/second.yaml'));
    const again = capture();
    expect(await runGenerate(specDir, { outDir }, again.print, again.printError)).toBe(EXIT_OK);
    expect(again.err.join('\n')).toContain('warning: output/deployments/second/discovery.json is no longer produced by the spec but was left in place');
    expect([...(await snapshot(outDir)).keys()]).toContain('deployments/second/discovery.json');
    expect([...(await snapshot(outDir)).keys()]).toContain(MANIFEST_FILE);
  });
});

describe('generate --diff', () => {
  it('prints a unified diff of what would change and writes nothing', async () => {
    const { specDir, outDir } = await generated();
    const ns = join(specDir, 'namespaces/notes-v1.yaml');
    await writeFile(ns, (await readFile(ns, 'utf8')).replace('maximum: 100', 'maximum: 50'));
    await writeFile(join(specDir, 'deployments/second.yaml'), 'deployment: second\n');
    const before = await snapshot(outDir);
    const io = capture();
    expect(await runGenerate(specDir, { outDir, diff: true }, io.print, io.printError)).toBe(EXIT_DRIFT);
    const diff = io.out.join('\n');
    expect(diff).toContain('--- a/output/deployments/main/discovery.json\n+++ b/output/deployments/main/discovery.json\n@@ ');
    expect(diff).toMatch(/^-\s+"maximum": 100,$/m);
    expect(diff).toMatch(/^\+\s+"maximum": 50,$/m);
    expect(diff).toContain('--- /dev/null\n+++ b/output/deployments/second/discovery.json');
    expect(io.err.at(-1)).toMatch(/^\d+ to change, \d+ to create, 0 to delete \(nothing written\)$/);
    expect(await snapshot(outDir)).toEqual(before);

    // The patch is exact: applied with git, it gives what a run writes.
    execFileSync('git', ['apply', '-p1', '-'], { cwd: dirname(outDir), input: `${diff}\n` });
    const check = capture();
    expect(await runGenerate(specDir, { outDir, check: true }, check.print, check.printError), check.err.join('\n')).toBe(EXIT_OK);
    expect((await snapshot(outDir)).get('deployments/second/discovery.json')).toBeDefined();
  });

  it('exits 0 with no diff when nothing would change', async () => {
    const { specDir, outDir } = await generated();
    const io = capture();
    expect(await runGenerate(specDir, { outDir, diff: true }, io.print, io.printError)).toBe(EXIT_OK);
    expect(io.out).toEqual([]);
    expect(io.err.at(-1)).toBe('0 to change, 0 to create, 0 to delete (nothing written)');
  });
});

describe('CRLF line endings', () => {
  it('a handler file saved with CRLF keeps its regions and is not taken for a hand edit', async () => {
    const { specDir, outDir } = await generated();
    const file = await handlerPath(outDir);
    const lf = (await readFile(file, 'utf8')).replace(/(\/\/ #region specpress:notesList\n)[\s\S]*?(\s*\/\/ #endregion)/, '$1    return { crlf: true };$2');
    await writeFile(file, lf.replace(/\n/g, '\r\n'));
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError), io.err.join('\n')).toBe(EXIT_OK);
    expect(io.err.join('\n')).not.toContain('#endregion');
    // Written back as the generator writes, LF, with the body kept.
    expect(await readFile(file, 'utf8')).toBe(lf);
  });
});
