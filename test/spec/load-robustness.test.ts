/**
 * One cause, one report, first: files that cannot be read are reported as such and nowhere
 * again; folders and files nobody reads are named; hostile YAML (alias bombs, huge files,
 * binary data) fails fast with a diagnostic.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_SPEC_FILE_BYTES, formatDiagnostic, loadSpec } from '../../generator/spec/load.ts';
import { FIXTURES } from './load-fixture.ts';

const cleanups: string[] = [];
afterEach(async () => {
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A copy of the valid fixture spec, to break. */
async function validCopy(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'specpress-load-'));
  cleanups.push(dir);
  await cp(`${FIXTURES}/valid`, join(dir, 'spec'), { recursive: true });
  return join(dir, 'spec');
}

async function load(specDir: string) {
  const { model, diagnostics } = await loadSpec(specDir);
  return { model, diagnostics, lines: diagnostics.map(formatDiagnostic) };
}

async function breakYaml(file: string): Promise<void> {
  // An unclosed flow list after the name line: the file's name still parses, its body does not.
  await writeFile(file, `${await readFile(file, 'utf8')}\nbroken: [a, b\n`);
}

describe('a file that fails to load is reported once', () => {
  it('the valid fixture has no diagnostic to begin with', async () => {
    const { model, lines } = await load(await validCopy());
    expect(lines).toEqual([]);
    expect(model).toBeDefined();
  });

  it('YAML errors in two shapes and a namespace give their own errors only, no "does not exist" elsewhere', async () => {
    const spec = await validCopy();
    // context-param is used by a shape's $use and a deployment override; post-meta by a resource,
    // a binding and another shape; sitegen/v1 by routes and overrides of a deployment.
    await breakYaml(join(spec, 'shapes/context-param.yaml'));
    await breakYaml(join(spec, 'shapes/post-meta.yaml'));
    await breakYaml(join(spec, 'namespaces/sitegen-v1.yaml'));
    const { model, diagnostics } = await load(spec);
    expect(model).toBeUndefined();
    expect(diagnostics.map((d) => `${d.file.split('/spec/')[1]} ${d.code}`)).toEqual([
      'namespaces/sitegen-v1.yaml SP001',
      'shapes/context-param.yaml SP001',
      'shapes/post-meta.yaml SP001',
    ]);
  });

  it('the cause is listed before problems of other files it did not cause', async () => {
    const spec = await validCopy();
    await breakYaml(join(spec, 'shapes/post-meta.yaml'));
    // An unrelated mistake in a file sorted before the broken one.
    const blog = join(spec, 'deployments/blog.yaml');
    await writeFile(blog, (await readFile(blog, 'utf8')).replace('[{ path: /sitegen/v1/extras', '[{ path: /sitegen/v1/extrass'));
    const { lines } = await load(spec);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/shapes\/post-meta\.yaml:\d+:\d+ error SP001: /);
    expect(lines[1]).toMatch(/deployments\/blog\.yaml:\d+:\d+ error SP026: route `\/sitegen\/v1\/extrass` does not exist/);
  });

  it('a deployment file that fails to load does not make "no default deployment" appear', async () => {
    const spec = await validCopy();
    await breakYaml(join(spec, 'deployments/studio.yaml'));
    const { lines } = await load(spec);
    expect(lines.map((l) => l.split(' ')[2])).toEqual(['SP001:']);
  });
});

describe('folders and files nobody reads', () => {
  it('a misspelled folder is an error with the folder it probably meant', async () => {
    const spec = await validCopy();
    await mkdir(join(spec, 'shape'));
    await writeFile(join(spec, 'shape/extra.yaml'), 'shape: extra\nargs: {}\n');
    const { model, lines } = await load(spec);
    expect(model).toBeUndefined();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/\/spec\/shape:1:1 error SP007: folder `shape\/` is not a spec folder, so nothing in it is read; the spec folders are .*`shapes\/`.*; did you mean `shapes`\?$/);
  });

  it('a binary file is reported as not text, without its bytes', async () => {
    const spec = await validCopy();
    const bytes = Buffer.alloc(26 * 1024);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    await writeFile(join(spec, 'shapes/logo.yaml'), bytes);
    const { lines } = await load(spec);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/shapes\/logo\.yaml:1:1 error SP004: the file is not text \(it holds NUL bytes\); a spec file is UTF-8 YAML/);
    expect(lines[0].length).toBeLessThan(300);
  });

  it('a file that is not UTF-8 is reported as such', async () => {
    const spec = await validCopy();
    await writeFile(join(spec, 'shapes/latin1.yaml'), Buffer.from('shape: caf\xe9\nargs: {}\n', 'latin1'));
    const { lines } = await load(spec);
    expect(lines).toEqual([expect.stringMatching(/shapes\/latin1\.yaml:1:1 error SP004: the file is not text \(it is not valid UTF-8\)/)]);
  });

  it('a file of another extension in a spec folder is a warning naming it', async () => {
    const spec = await validCopy();
    await writeFile(join(spec, 'shapes/paging.yml.bak'), 'shape: paging\n');
    const { model, lines } = await load(spec);
    expect(model).toBeDefined();
    expect(lines).toEqual([expect.stringMatching(/shapes\/paging\.yml\.bak:1:1 warning SP008: `paging\.yml\.bak` is not read/)]);
  });
});

describe('hostile YAML fails fast', () => {
  it('a 700-byte alias bomb is a diagnostic within seconds, not an exhausted heap', async () => {
    const spec = await validCopy();
    // Nine levels of nine aliases each: 9^9 (387 million) leaves when expanded.
    let bomb = 'shape: bomb\nargs:\n  a0: &a0 { type: string }\n';
    for (let level = 1; level <= 9; level++) {
      const prev = `*a${level - 1}`;
      bomb += `  a${level}: &a${level} [${Array(9).fill(prev).join(', ')}]\n`;
    }
    expect(bomb.length).toBeLessThan(700);
    await writeFile(join(spec, 'shapes/bomb.yaml'), bomb);
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const { lines } = await load(spec);
    const seconds = (performance.now() - started) / 1000;
    expect(lines).toEqual([expect.stringMatching(/shapes\/bomb\.yaml:1:1 error SP006: the YAML expands its aliases \(`\*name`\) more than 100 times/)]);
    // A fraction of a second on an idle machine; expanding the 387 million leaves would not end
    // in minutes. The bound leaves a busy machine room.
    expect(seconds).toBeLessThan(30);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('a few ordinary aliases still load', async () => {
    const spec = await validCopy();
    await writeFile(join(spec, 'shapes/aliased.yaml'), 'shape: aliased\nargs:\n  a: &s { type: string }\n  b: *s\n  c: *s\n');
    const { model, lines } = await load(spec);
    expect(lines).toEqual([]);
    expect(model).toBeDefined();
  });

  it('an alias inside its own anchor is a diagnostic at the alias, not data that holds itself', async () => {
    const spec = await validCopy();
    // Both YAML libraries give this as an array that contains itself: nothing could walk it.
    await writeFile(join(spec, 'shapes/loop.yaml'), 'shape: loop\nargs:\n  a:\n    type: array\n    default: &d [1, *d]\n');
    const { model, lines } = await load(spec);
    expect(model).toBeUndefined();
    expect(lines).toEqual([expect.stringMatching(/shapes\/loop\.yaml:5:21 error SP073: this alias stands inside its own anchor/)]);
  });

  it('an alias with no anchor before it is a syntax error at the alias', async () => {
    const spec = await validCopy();
    await writeFile(join(spec, 'shapes/early.yaml'), 'shape: early\nargs:\n  a: *s\n  b: &s { type: string }\n');
    const { lines } = await load(spec);
    expect(lines).toEqual([expect.stringMatching(/shapes\/early\.yaml:3:6 error SP001: YAML syntax error: the alias `\*s` names no anchor \(`&s`\) set before it;/)]);
  });

  it('a file above the size limit is refused before it is parsed', async () => {
    const spec = await validCopy();
    await writeFile(join(spec, 'shapes/huge.yaml'), `shape: huge\nargs:\n${'  # padding\n'.repeat(Math.ceil(MAX_SPEC_FILE_BYTES / 12) + 10)}`);
    const started = performance.now();
    const { lines } = await load(spec);
    expect(performance.now() - started).toBeLessThan(30_000); // a fraction of a second when idle; room for a busy machine
    expect(lines).toEqual([expect.stringMatching(new RegExp(`shapes/huge\\.yaml:1:1 error SP005: the file is \\d+ bytes, above the limit of ${MAX_SPEC_FILE_BYTES} bytes`))]);
  });
});
