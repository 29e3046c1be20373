/**
 * The compiled command: scripts/build.mjs turns the sources into JavaScript under dist/ that
 * node runs without any TypeScript loader, and `bin/specpress.js` rebuilds only when a source
 * is newer than the build.
 */
import { execFile } from 'node:child_process';
import { statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { metaSchemaText, prebuiltCode } from '../../generator/spec/validate.ts';
// @ts-expect-error a plain JavaScript module without type declarations
import { DIST, ensureBuilt, isStale } from '../../scripts/build.mjs';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the build under dist/', () => {
  it('runs the CLI as plain JavaScript (node alone cannot load a .ts module)', async () => {
    const entry = (await ensureBuilt()) as string;
    expect(entry).toBe(join(DIST as string, 'generator', 'cli.js'));
    const script = `const { main } = await import(${JSON.stringify(entry)}); await main(['node', 'specpress', '--help']);`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: root });
    expect(stdout).toContain('generate');
    expect(stdout).toContain('serve');
    // The generated deployments are compiled too, with their JSON beside them.
    expect(statSync(join(DIST as string, 'output/deployments/studio/routes.js')).isFile()).toBe(true);
    expect(statSync(join(DIST as string, 'output/deployments/studio/discovery.json')).isFile()).toBe(true);
    // The spec files' validators, compiled from the meta-schema the build copied beside them.
    expect(prebuiltCode(join(DIST as string, 'spec/spec-validators.cjs'), metaSchemaText())).toContain('exports.namespace');
  }, 120_000);

  it('is stale once a source is newer than the build, and fresh again after ensureBuilt', async () => {
    await ensureBuilt();
    expect(isStale()).toBe(false);
    const source = join(root, 'generator/cli.ts');
    const before = statSync(source);
    const later = new Date(Date.now() + 5_000);
    utimesSync(source, later, later);
    try {
      expect(isStale()).toBe(true);
      await ensureBuilt();
      expect(isStale()).toBe(false);
    } finally {
      utimesSync(source, before.atime, before.mtime);
    }
  }, 120_000);
});
