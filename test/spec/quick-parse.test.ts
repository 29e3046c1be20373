/**
 * The quick reading (js-yaml) gives what yaml's document gives, or declines: on every spec file of
 * the project and of the fixtures, on the constructs where the two libraries differ, and on texts
 * yaml refuses. And a clean load of the project's spec parses a yaml document only for a file the
 * quick reading declines.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { load } from 'js-yaml';
import { loadSpec } from '../../generator/spec/load.ts';
import { yamlDocumentsParsed } from '../../generator/spec/parse-file.ts';
import { quickData } from '../../generator/spec/quick-parse.ts';
import { modelJson } from '../../generator/model-json.ts';
import { startTsThread, tsThreadRequests } from '../../generator/ts-thread.ts';

function yamlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile());
}

/** What the loader got from yaml before: the data, or undefined when yaml reports an error or refuses its aliases. */
function yamlData(text: string): { data: unknown } | undefined {
  const doc = parseDocument(text, { uniqueKeys: true, merge: true });
  if (doc.errors.length > 0) return undefined;
  try {
    return { data: doc.toJS({ maxAliasCount: 100 }) };
  } catch {
    return undefined;
  }
}

/** Whether the quick reading, when it answers, answers as yaml does. */
function agrees(text: string): boolean {
  const quick = quickData(text);
  if (quick === undefined) return true;
  const full = yamlData(text);
  return full !== undefined && isDeepStrictEqual(quick.data, full.data);
}

describe('the quick reading of spec files', () => {
  const files = [...yamlFilesUnder('spec'), ...yamlFilesUnder('test/spec/fixtures')];

  it('reads every spec file of the project and the fixtures as yaml does', () => {
    expect(files.length).toBeGreaterThan(200);
    const disagreeing = files.filter((file) => !agrees(readFileSync(file, 'utf8')));
    expect(disagreeing).toEqual([]);
    // It is the reading of nearly all of them (the project's file with anchors too): a file with a
    // tag, many aliases or a yaml error is declined.
    const declined = files.filter((file) => quickData(readFileSync(file, 'utf8')) === undefined);
    expect(declined.length).toBeLessThan(files.length / 10);
    expect(declined).not.toContain(path.join('spec', 'namespaces', 'pagebuilder-v1.yaml'));
  });

  it('declines the texts where js-yaml and yaml differ', () => {
    const differing = [
      'null: a\n',
      '~: a\n',
      'k: 1e400\n',
      '%YAML 1.1\n---\nk: yes\n',
      'k: !!float 1\n',
      'a: &x {b: 1}\nc:\n  <<: *x\n  d: 2\n',
      `${'k'.repeat(1100)}: v\n`,
      // Eleven uses of an anchor holding ten aliases: yaml counts 110 and refuses.
      `b: &b 1\na: &a [${Array(10).fill('*b').join(', ')}]\nc: [${Array(11).fill('*a').join(', ')}]\n`,
    ];
    for (const text of differing) {
      // Each really differs (or one of them refuses it): the case is worth declining.
      let raw: unknown;
      try {
        raw = load(text);
      } catch {
        raw = 'refused';
      }
      expect(isDeepStrictEqual(raw, yamlData(text)?.data ?? 'refused'), text).toBe(false);
      expect(quickData(text), text).toBeUndefined();
    }
  });

  it('answers as yaml does on plain scalars of every kind', () => {
    const scalars = [
      '1_000', '0b101', '0o17', '017', '+12', '.5', '1e3', '1.', 'Yes', 'on', 'True', 'TRUE', 'tRue', 'NULL', 'Null', '~', '2024-01-01',
      '0x1F', '-0x1F', '-.inf', '.NaN', '+.inf', '12:30', '-0', '0.', '00', '09', '1E3', '1e+3', '1e-3', '-1.5E-3', '1.2.3', '0o8',
      '9007199254740993', '""', "''", '"\\u263A"', '"a\\tb"', "'it''s'", 'http://x', 'a:b', '[1, 2]', '{a: 1}', '- 1',
    ];
    const blocks = [
      'k: |\n  a\n  b\n', 'k: >\n  a\n  b\n\n  c\n', 'k: |-\n  a\n\n', 'k: |+\n  a\n\n', 'k: >2\n   a\n  b\n', 'k: "a\n  b\n\n  c"\n',
      "k: 'a\n  b'\n", 'k: a\n  b\n  c\n', 'k:\n  - a\n  -\n  - c\n', '1: a\n2.5: b\ntrue: c\n0x10: d\n', '---\nk: 1\n...\n',
      'k: [a, b, ]\n', 'k: {a, b: }\n', 'k: "\\N\\_\\L\\P"\n',
      'a: &x {b: 1}\nc: *x\nd: *x\n', 'a: &x 1\nb: &x 2\nc: *x\n', '- &a a\n- *a\n- &a b\n- *a\n', 'a: &x\nb: *x\n', '? &k a\n: *k\n',
    ];
    const texts = [...scalars.map((s) => `k: ${s}\n`), ...blocks];
    expect(texts.filter((text) => !agrees(text))).toEqual([]);
    // Most of them are answered here, not declined.
    expect(texts.filter((text) => quickData(text) !== undefined).length).toBeGreaterThan(texts.length * 0.8);
  });

  it('declines every text yaml refuses, so that yaml says what is wrong', () => {
    const refused = [
      'a: b: c\n', 'a:\n  b\n  c: d\n', 'a:\n\tb: 1\n', 'a: [1, 2\n', 'a: {b: 1\n', 'a: "x\n', '- a\nb: c\n', 'a: 1\n b: 2\n',
      'a:\n  - 1\n - 2\n', '"a\nb": 1\n', 'a: 1\n---\nb: 2\n', 'a: @x\n', '[a, b]]\n', 'a: - b\n', 'a: 1\n"a": 2\n',
      'a: {b: 1, b: 2}\n', 'a:\n  b: 1\n  b: 2\n', 'a: "\\u12"\n', 'x: "a" b\n', 'a:\n  b: 1\n    c: 2\n',
      `${'k'.repeat(1100)}: v\n`,
    ];
    for (const text of refused) {
      expect(yamlData(text), text).toBeUndefined();
      expect(quickData(text), text).toBeUndefined();
    }
  });

  it("parses a yaml document, in a clean load of the project's spec, only for the files it declines", async () => {
    const declined = yamlFilesUnder('spec').filter((file) => quickData(readFileSync(file, 'utf8')) === undefined);
    const before = yamlDocumentsParsed();
    const { model, diagnostics } = await loadSpec('spec', { cache: false });
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(model?.deployments.length).toBeGreaterThan(0);
    expect(yamlDocumentsParsed() - before).toBe(declined.length);
  });

  it('made on the ts-morph thread for the later files when it runs, gives the same model and diagnostics', async () => {
    // The reference: a process of its own, where no thread runs (test files share their worker's
    // modules, and another may have started the thread in this one).
    const script = [
      `const { loadSpec } = await import(${JSON.stringify(new URL('../../generator/spec/load.ts', import.meta.url).href)});`,
      `const { modelJson } = await import(${JSON.stringify(new URL('../../generator/model-json.ts', import.meta.url).href)});`,
      `const { tsThreadRunning } = await import(${JSON.stringify(new URL('../../generator/ts-thread.ts', import.meta.url).href)});`,
      `const { model, diagnostics } = await loadSpec('spec', { cache: false });`,
      `console.log(JSON.stringify({ model: modelJson(model), diagnostics, threaded: tsThreadRunning() }));`,
    ].join('\n');
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const child = spawnSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    expect(child.status, child.stderr).toBe(0);
    const here = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { model: string; diagnostics: unknown[]; threaded: boolean };
    expect(here.threaded).toBe(false);
    startTsThread();
    const asked = tsThreadRequests('start-quick-readings');
    const elsewhere = await loadSpec('spec', { cache: false });
    expect(tsThreadRequests('start-quick-readings')).toBe(asked + 1);
    expect(JSON.parse(JSON.stringify(elsewhere.diagnostics))).toEqual(here.diagnostics);
    expect(modelJson(elsewhere.model)).toBe(here.model);
  }, 60_000);
});
