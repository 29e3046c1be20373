/**
 * `generate` checks the resolved model after it has started the types' schemas compiling on the
 * ts-morph thread (spec/load.ts's deferModelChecks): a model those checks refuse still stops the
 * run before anything is written, with the same diagnostics, in the same order, as loading the
 * spec alone gives.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateFromSpec } from '../../generator/generate.ts';
import { formatDiagnostic, loadSpec } from '../../generator/spec/load.ts';
import { tsThreadRequests } from '../../generator/ts-thread.ts';
import { FIXTURES } from '../spec/load-fixture.ts';

const scratch = mkdtempSync(join(tmpdir(), 'specpress-model-checks-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the model checks of a generation', () => {
  it('stop it after the types started, before anything is written, with what loading the spec says', async () => {
    // The valid fixture with one route whose custom handler would be a constant named `delete`:
    // a clash only the model's checks find (spec/semantic-names.ts).
    const specDir = join(scratch, 'spec');
    cpSync(`${FIXTURES}/valid`, specDir, { recursive: true });
    appendFileSync(join(specDir, 'namespaces/sitegen-v1.yaml'), '  /purge:\n    endpoints:\n      - methods: [POST]\n        operationId: delete\n        handler: custom\n');
    const outDir = join(scratch, 'output');
    const startedBefore = tsThreadRequests('start-schema-types');
    const run = await generateFromSpec(specDir, { outDir, formatCache: false });
    expect(run.result).toBeUndefined();
    const lines = run.diagnostics.map(formatDiagnostic);
    expect(lines.filter((l) => l.includes(' error '))).toEqual([expect.stringMatching(/sitegen-v1\.yaml:\d+:\d+ error SP064: operation id `delete` is a word JavaScript reserves/)]);
    expect(lines).toEqual((await loadSpec(specDir, { cache: false })).diagnostics.map(formatDiagnostic));
    // The checks ran once the types' schemas were on their way.
    expect(tsThreadRequests('start-schema-types')).toBe(startedBefore + 1);
    expect(existsSync(outDir) ? readdirSync(outDir, { recursive: true }) : []).toEqual([]);
  }, 60_000);

  it('let a clean model through, its warnings kept', async () => {
    const run = await generateFromSpec(`${FIXTURES}/valid`, { outDir: join(scratch, 'valid'), formatCache: false });
    expect(run.result?.status).toBe('ok');
    expect(run.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  }, 60_000);
});
