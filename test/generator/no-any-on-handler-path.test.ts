/**
 * A ratchet on `any` between the generated handlers and the store: scripts/count-any.mjs counts,
 * in every runtime file a handler under output/handlers/ reaches through its imports, the
 * explicit `any` type nodes, the `Record<string, any>` among them, and the references to a type
 * whose type arguments default to `any` (a bare `HandlerContext` once was one). The ceilings are
 * the counts when this test was written: lower them as code gets typed, never raise them.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The most each count may be. */
const CEILING = { any: 26, recordStringAny: 8, anyByDefault: 0 };

interface Counts {
  files: number;
  any: number;
  recordStringAny: number;
  anyByDefault: number;
  anyDefaulted: string[];
  perFile: Record<string, { any: number; recordStringAny: number; anyByDefault: number }>;
}

describe('any on the path from a handler to the store', () => {
  it('does not grow past its ceiling', async () => {
    const { stdout } = await run(process.execPath, ['scripts/count-any.mjs', '--json'], { cwd: root, timeout: 120_000 });
    const counts = JSON.parse(stdout) as Counts;
    // The walk reaches the runtime: the services, the REST contract, the store.
    expect(counts.files).toBeGreaterThan(100);
    expect(Object.keys(counts.perFile).every((f) => f.startsWith('runtime/'))).toBe(true);
    const where = JSON.stringify(counts.perFile, null, 1);
    expect(counts.any, `\`any\` type nodes, per file: ${where}`).toBeLessThanOrEqual(CEILING.any);
    expect(counts.recordStringAny, `Record<string, any>, per file: ${where}`).toBeLessThanOrEqual(CEILING.recordStringAny);
    // HandlerContext, HandlerResult and Handler default to unknown: a bare one is no `any`.
    expect(counts.anyDefaulted).toEqual([]);
    expect(counts.anyByDefault).toBeLessThanOrEqual(CEILING.anyByDefault);
  }, 150_000);
});
