/**
 * Every deployment's `openapi.json` as other tools read it: `@redocly/cli lint` with its
 * recommended rules and spectral with its `oas` ruleset (the configs at the repository root)
 * report no error. Warnings are allowed (no contact address, overlapping `oneOf` branches that
 * WordPress itself publishes, operations that never succeed on this server).
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const deployments = readdirSync(join(root, 'output/deployments'));

/** Runs a linter that exits non-zero on errors; resolves to its stdout either way. */
async function lint(bin: string, args: string[]): Promise<string> {
  try {
    return (await run(join(root, 'node_modules/.bin', bin), args, { cwd: root, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const e = error as { stdout?: string };
    if (e.stdout) return e.stdout;
    throw error;
  }
}

describe.each(deployments)('openapi.json of %s', (deployment) => {
  const file = `output/deployments/${deployment}/openapi.json`;

  it('has no error under redocly lint (recommended)', async () => {
    const out = JSON.parse(await lint('redocly', ['lint', file, '--format=json'])) as { problems: Array<{ severity: string; ruleId: string; message: string }> };
    const errors = out.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('has no error under spectral (oas ruleset)', async () => {
    const out = JSON.parse(await lint('spectral', ['lint', '--ruleset', '.spectral.yaml', '--format', 'json', file])) as Array<{ severity: number; code: string; message: string; path: string[] }>;
    // Spectral severities: 0 error, 1 warning, 2 info, 3 hint.
    const errors = out.filter((p) => p.severity === 0).map((p) => `${p.code}: ${p.message} at ${p.path.join('.')}`);
    expect(errors).toEqual([]);
  }, 120_000);
});
