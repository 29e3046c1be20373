/**
 * The JSON Schema per spec file kind that editors use (spec/<kind>.schema.json, mapped to the
 * folders in .vscode/settings.json, or named by a `$schema:` key or a yaml-language-server
 * modeline): each accepts every file of its kind in spec/ and rejects a mistake the loader rejects.
 */
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic, loadSpec } from '../../generator/spec/load.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIXTURES } from './load-fixture.ts';

const ROOT = new URL('../../', import.meta.url);
const KINDS = { site: 'site.yaml', namespace: 'namespaces', shape: 'shapes', resource: 'resources', data: 'data', deployment: 'deployments' } as const;

async function json(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(new URL(path, ROOT), 'utf8')) as Record<string, unknown>;
}

async function ajvWithSchemas(): Promise<Ajv> {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addSchema(await json('spec/spec.schema.json'));
  for (const kind of Object.keys(KINDS)) ajv.addSchema(await json(`spec/${kind}.schema.json`));
  return ajv;
}

async function specFiles(where: string): Promise<string[]> {
  if (where.endsWith('.yaml')) return [`spec/${where}`];
  return (await readdir(new URL(`spec/${where}`, ROOT))).filter((n) => n.endsWith('.yaml')).map((n) => `spec/${where}/${n}`);
}

describe('editor schemas per file kind', () => {
  it('each kind\'s schema accepts every file of that kind in spec/', async () => {
    const ajv = await ajvWithSchemas();
    let checked = 0;
    for (const [kind, where] of Object.entries(KINDS)) {
      const validate = ajv.getSchema(`${kind}.schema.json`)!;
      expect(validate, kind).toBeDefined();
      for (const file of await specFiles(where)) {
        const ok = validate(parse(await readFile(new URL(file, ROOT), 'utf8'), { maxAliasCount: 100 }));
        expect(ok, `${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(15);
  });

  it('rejects what the loader rejects: an unknown key, a wrong kind', async () => {
    const ajv = await ajvWithSchemas();
    const shape = ajv.getSchema('shape.schema.json')!;
    expect(shape({ shape: 'paging', args: { page: { type: 'integer' } } })).toBe(true);
    expect(shape({ shape: 'paging', args: { page: { type: 'integer' } }, argz: {} })).toBe(false);
    expect(shape({ namespace: 'x/v1' })).toBe(false);
    const deployment = ajv.getSchema('deployment.schema.json')!;
    expect(deployment({ deployment: 'x', extends: 'studio' })).toBe(true);
    expect(deployment({ deployment: 'x', default: 'yes' })).toBe(false);
  });

  it('.vscode/settings.json maps every kind\'s schema to its folder', async () => {
    const settings = (await json('.vscode/settings.json')) as { 'yaml.schemas': Record<string, string> };
    expect(settings['yaml.schemas']).toEqual(
      Object.fromEntries(Object.entries(KINDS).map(([kind, where]) => [`./spec/${kind}.schema.json`, where.endsWith('.yaml') ? `spec/${where}` : `spec/${where}/*.yaml`])),
    );
  });

  it('a `$schema:` key and a yaml-language-server modeline are accepted by the loader', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specpress-schema-'));
    try {
      const spec = join(dir, 'spec');
      await cp(`${FIXTURES}/valid`, spec, { recursive: true });
      await writeFile(join(spec, 'shapes/paging.yaml'), '# yaml-language-server: $schema=../shape.schema.json\nshape: paging\nargs:\n  page: { type: integer }\n');
      await writeFile(join(spec, 'shapes/sorting.yaml'), '$schema: ../shape.schema.json\nshape: sorting\nargs:\n  order: { type: string }\n');
      const { model, diagnostics } = await loadSpec(spec);
      expect(diagnostics.map(formatDiagnostic)).toEqual([]);
      expect(model).toBeDefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
