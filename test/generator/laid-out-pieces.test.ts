/**
 * Pieces an emitter marks laid out skip prettier (format.ts): the case tables under
 * `prettier-ignore` (ts-source.ts) and the type declarations written whole (emit/types.ts). Each
 * such piece of the real spec's files must be what prettier makes of it alone, and some must be
 * marked, or the formatter would do the work again.
 */
import * as prettier from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SpecModel } from '../../contract/model.ts';
import type { EmittedFile } from '../../generator/emit/emitted-file.ts';
import { emitContractTests } from '../../generator/emit/contract-tests.ts';
import { customOperations } from '../../generator/emit/handlers.ts';
import { emitPermissionTests } from '../../generator/emit/permission-tests.ts';
import { emitSharedTypes, emitTypes } from '../../generator/emit/types.ts';
import { PRETTIER_OPTIONS, TS_PARSER } from '../../generator/format-options.ts';
import { loadSpec } from '../../generator/spec/load.ts';

const prettierOf = (text: string): Promise<string> => prettier.format(text, { ...PRETTIER_OPTIONS, parser: TS_PARSER });

let model: SpecModel;
beforeAll(async () => {
  const loaded = await loadSpec(new URL('../../spec', import.meta.url).pathname);
  model = loaded.model!;
});

/** Every laid-out piece of the files, checked against prettier; how many there were. */
async function expectLaidOutAsPrettier(files: EmittedFile[]): Promise<number> {
  let checked = 0;
  for (const file of files) {
    for (const [i, piece] of (file.pieces ?? []).entries()) {
      if (file.laidOut?.[i] !== true) continue;
      expect(await prettierOf(piece), `${file.path}, piece ${i}`).toBe(`${piece.trimEnd()}\n`);
      checked++;
    }
  }
  return checked;
}

describe('pieces marked laid out', () => {
  it('of the case tables are as prettier leaves them', async () => {
    const deployment = model.deployments[0]!;
    const files = [...emitContractTests(deployment), ...emitPermissionTests(deployment)];
    expect(await expectLaidOutAsPrettier(files)).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('of the types written whole are as prettier formats them, long ones left to prettier', async () => {
    const files = [...(await Promise.all(model.deployments.map(emitTypes))).flat(), ...(await emitSharedTypes(model, customOperations(model).map((op) => op.endpoint.operationId)))];
    expect(await expectLaidOutAsPrettier(files)).toBeGreaterThan(500);
    // Declarations too long for their line exist, and are not marked.
    const long = files.flatMap((f) => (f.pieces ?? []).filter((piece, i) => f.laidOut?.[i] !== true && /^export type \w+Args = \w+ &$/m.test(piece)));
    expect(long.length).toBeGreaterThan(0);
  }, 300_000);
});
