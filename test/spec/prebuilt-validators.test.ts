/**
 * The spec files' validators are compiled from the meta-schema by the build
 * (dist/spec/spec-validators.cjs) and read back only when the file was made from the same inputs
 * (the meta-schema's text, ajv's version and options): a file left by another schema is ignored,
 * never trusted.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { metaSchemaText, prebuiltCode, prebuiltValidatorsFile } from '../../generator/spec/validate.ts';

const dir = mkdtempSync(join(tmpdir(), 'specpress-validators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prebuilt spec validators', () => {
  const file = join(dir, 'spec-validators.cjs');
  writeFileSync(file, prebuiltValidatorsFile());

  it('are read back for the meta-schema they were made from, and check a file with them', () => {
    const code = prebuiltCode(file, metaSchemaText());
    expect(code).toBeDefined();
    const module = { exports: {} as Record<string, (data: unknown) => boolean> };
    new Function('require', 'module', 'exports', code!)(createRequire(import.meta.url), module, module.exports);
    expect(module.exports.namespace!({ namespace: 'notes/v1', routes: {} })).toBe(true);
    expect(module.exports.namespace!({ namespace: 'notes/v1', routes: {}, rotues: {} })).toBe(false);
  });

  it('are ignored when the meta-schema changed since, or when there is no file', () => {
    expect(prebuiltCode(file, `${metaSchemaText()} `)).toBeUndefined();
    expect(prebuiltCode(join(dir, 'missing.cjs'), metaSchemaText())).toBeUndefined();
  });
});
