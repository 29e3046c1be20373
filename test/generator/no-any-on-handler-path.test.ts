/**
 * A ratchet on `any` between the generated handlers and the store: scripts/count-any.mjs counts,
 * in every runtime file a handler under output/handlers/ reaches through its imports, the
 * explicit `any` type nodes, the `Record<string, any>` among them, and the references to a type
 * whose type arguments default to `any` (a bare `HandlerContext` once was one). Those three are
 * zero now and stay so. A fourth and fifth count the step short of `any`: parameters of exported
 * functions typed `Record<string, unknown>` or a bare `HandlerContext` (whose params are that), in
 * all the reached files and in the services the handlers call themselves. Every service a handler
 * calls now takes its operation's params (or `HandlerContext<unknown>` when it reads none), so the
 * second is zero; the first counts the helpers that serve any operation (behaviours, errors, meta
 * writes...) and the read path's helpers not yet narrowed: lower it as code gets typed, never raise it.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The most each count may be. */
const CEILING = { any: 0, recordStringAny: 0, anyByDefault: 0, untypedParams: 46, untypedServiceParams: 0 };

interface Counts {
  files: number;
  any: number;
  recordStringAny: number;
  anyByDefault: number;
  anyDefaulted: string[];
  perFile: Record<string, { any: number; recordStringAny: number; anyByDefault: number }>;
  untypedParams: number;
  untypedServiceParams: number;
  untyped: { all: string[]; services: string[]; servicesFound: number };
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
    expect(counts.untypedParams, `untyped params: ${counts.untyped.all.join('\n')}`).toBeLessThanOrEqual(CEILING.untypedParams);
    expect(counts.untypedServiceParams, `untyped params of services: ${counts.untyped.services.join('\n')}`).toBeLessThanOrEqual(CEILING.untypedServiceParams);
    // The services take their operations' params (they once took Record<string, unknown>): the
    // core writes, and the extensions' (forms, page builder, link searches, oEmbed, batch...).
    for (const typed of [
      'runtime/content/posts.ts: create(ctx)', 'runtime/content/posts.ts: update(ctx)', 'runtime/terms/service.ts: create(ctx)', 'runtime/users/write.ts: update(ctx)', 'runtime/media/service.ts: media.update(ctx)',
      'runtime/media/service.ts: media.list(ctx)', 'runtime/forms/submission.ts: submitForm(ctx)', 'runtime/forms/entries.ts: listEntries(ctx)', 'runtime/pagebuilder/variables.ts: changeVariable(ctx)',
      'runtime/rest/batch.ts: runBatch(ctx)', 'runtime/settings/rest-settings.ts: updateSettings(ctx)', 'runtime/templates/service.ts: list(ctx)', 'runtime/oembed/proxy.ts: proxy(ctx)',
    ]) {
      expect(counts.untyped.services).not.toContain(typed);
    }
    // ...and the walk does find the services the handlers call (a low count could mean it found none).
    expect(counts.untyped.servicesFound).toBeGreaterThan(100);
  }, 150_000);
});
