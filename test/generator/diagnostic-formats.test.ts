/**
 * Diagnostics for tools: `--format json` and `--format sarif` on `generate` and
 * `spec validate`; `spec validate` exit codes; `--version`.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { Log } from 'sarif';
import { EXIT_SPEC_ERRORS, runGenerate } from '../../generator/commands/generate.ts';
import { runValidate } from '../../generator/commands/spec-validate.ts';
import { DIAGNOSTICS } from '../../generator/spec/diagnostics.ts';
import { listFiles } from '../../generator/write.ts';
import { FIXTURE_SPEC, capture, copyFixtureSpec, tempDir } from './helpers.ts';

const run = promisify(execFile);
const BIN = new URL('../../bin/specpress.js', import.meta.url).pathname;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** The fixture spec with an unclosed capture regex (SP034) and a warning (SP039, file name). */
async function brokenSpec(): Promise<{ dir: string; specDir: string }> {
  const t = await tempDir();
  cleanups.push(t.remove);
  const specDir = await copyFixtureSpec(t.dir);
  const ns = join(specDir, 'namespaces/notes-v1.yaml');
  await writeFile(ns, (await readFile(ns, 'utf8')).replace("id: '[\\d]+'", "id: '[\\d+'"));
  await writeFile(join(specDir, 'deployments/other-name.yaml'), 'deployment: second\n');
  return { dir: t.dir, specDir };
}

describe('--format json', () => {
  it('generate prints the diagnostics alone on stdout as JSON, and writes nothing', async () => {
    const { dir, specDir } = await brokenSpec();
    const io = capture();
    const outDir = join(dir, 'output');
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError, 'json')).toBe(EXIT_SPEC_ERRORS);
    expect(io.out).toHaveLength(1);
    const report = JSON.parse(io.out[0]) as { errors: number; warnings: number; diagnostics: Array<Record<string, unknown>> };
    expect(report.errors).toBe(1);
    expect(report.warnings).toBe(1);
    const error = report.diagnostics.find((d) => d.code === 'SP034')!;
    expect(error).toMatchObject({ severity: 'error', line: 20, file: expect.stringMatching(/namespaces\/notes-v1\.yaml$/) });
    expect(error.message).toMatch(/is not a valid regular expression/);
    expect(report.diagnostics.find((d) => d.code === 'SP039')).toMatchObject({ severity: 'warning', file: expect.stringMatching(/other-name\.yaml$/) });
    expect(await listFiles(outDir)).toEqual([]);
  });

  it('a clean run prints an empty report on stdout and its progress on stderr', async () => {
    const t = await tempDir();
    cleanups.push(t.remove);
    const io = capture();
    expect(await runGenerate(FIXTURE_SPEC, { outDir: join(t.dir, 'output') }, io.print, io.printError, 'json')).toBe(0);
    expect(io.out.map((l) => JSON.parse(l))).toEqual([{ errors: 0, warnings: 0, diagnostics: [] }]);
    expect(io.err.some((l) => / written, /.test(l))).toBe(true);
  });
});

describe('--format sarif', () => {
  it('spec validate prints a SARIF 2.1.0 log whose results point at rules and lines', async () => {
    const { specDir } = await brokenSpec();
    const io = capture();
    expect(await runValidate(specDir, 'sarif', io.print, io.printError)).toBe(1);
    const log = JSON.parse(io.out.join('\n')) as Log;
    expect(log.version).toBe('2.1.0');
    const [runOf] = log.runs;
    const rules = runOf.tool.driver.rules!;
    expect(rules.map((r) => r.id)).toEqual(Object.values(DIAGNOSTICS).map((k) => k.code).sort());
    const results = runOf.results!;
    // In report order: by file (deployments/ before namespaces/).
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ['SP039', 'warning'],
      ['SP034', 'error'],
    ]);
    for (const r of results) {
      expect(rules[r.ruleIndex!].id).toBe(r.ruleId);
      const location = r.locations![0].physicalLocation!;
      expect(location.artifactLocation!.uri).toMatch(/\.yaml$/);
      expect(location.region!.startLine).toBeGreaterThan(0);
    }
    expect(results.find((r) => r.ruleId === 'SP034')!.locations![0].physicalLocation!.region!.startLine).toBe(20);
  });
});

describe('spec validate and --version', () => {
  it('spec validate exits 0 on a valid spec and 1 listing the problems of a broken one, writing nothing', async () => {
    const ok = capture();
    expect(await runValidate(FIXTURE_SPEC, 'text', ok.print, ok.printError)).toBe(0);
    expect(ok.out).toEqual(['the spec is valid: 1 deployment(s) (main), 0 warning(s)']);
    const { dir, specDir } = await brokenSpec();
    const bad = capture();
    expect(await runValidate(specDir, 'text', bad.print, bad.printError)).toBe(1);
    expect(bad.err.join('\n')).toMatch(/notes-v1\.yaml:20:\d+ error SP034: /);
    expect(bad.err.at(-1)).toBe('the spec has 1 error(s) and 1 warning(s)');
    expect(await listFiles(dir)).not.toContain('output');
  });

  it('the command prints its version from package.json', async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    const { stdout } = await run(process.execPath, [BIN, '--version']);
    expect(stdout.trim()).toBe(pkg.version);
    const { stdout: help } = await run(process.execPath, [BIN, 'spec', 'validate', '--help']);
    expect(help).toContain('--format <format>');
  }, 30_000);
});
