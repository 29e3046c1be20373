/**
 * A list filter's `match` as the spec writes it and as the runtime reads it: `any` keeps an item
 * whose list field holds one of the values asked for, `all` one holding every one; a field of one
 * value matches when it is one of them. A misspelled `match` is a schema error at its place.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activeFilters, matchesFilters } from '../../runtime/behaviors/filters.ts';
import { formatDiagnostic, loadSpec } from '../../generator/spec/load.ts';

const items = [
  { id: 'a', tags: ['red', 'round'], size: 'S' },
  { id: 'b', tags: ['red'], size: 'M' },
  { id: 'c', tags: [], size: 'M' },
];
const kept = (params: Record<string, unknown>, filters: Parameters<typeof activeFilters>[1], commas = false) =>
  items.filter((item) => matchesFilters(item, activeFilters(params, filters, commas))).map((i) => i.id);

describe('list filters at run time', () => {
  it('`match: any` keeps items whose list holds one of the values, `all` those holding every one', () => {
    expect(kept({ tag: ['red', 'round'] }, { tag: { field: 'tags', match: 'any' } })).toEqual(['a', 'b']);
    expect(kept({ tag: ['red', 'round'] }, { tag: { field: 'tags', match: 'all' } })).toEqual(['a']);
    expect(kept({ tag: 'round' }, { tag: { field: 'tags', match: 'all' } })).toEqual(['a']);
  });

  it('a list field without `match` matches as `any`, no longer never', () => {
    expect(kept({ tag: 'red' }, { tag: 'tags' })).toEqual(['a', 'b']);
  });

  it('a field of one value matches one of the values asked for; an empty param filters nothing', () => {
    expect(kept({ size: ['M', 'L'] }, { size: 'size' })).toEqual(['b', 'c']);
    expect(kept({ size: [] }, { size: 'size' })).toEqual(['a', 'b', 'c']);
    expect(kept({ size: '' }, { size: { field: 'size', match: 'all' } })).toEqual(['a', 'b', 'c']);
  });

  it('a catalog reads a comma list as several values', () => {
    expect(kept({ tag: 'round, red' }, { tag: 'tags' }, true)).toEqual(['a', 'b']);
    expect(kept({ tag: 'round,red' }, { tag: { field: 'tags', match: 'all' } }, true)).toEqual(['a']);
  });
});

describe('`match` in the spec', () => {
  it('takes any or all; another word is a schema error at its place', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'specpress-match-'));
    try {
      await mkdir(join(dir, 'namespaces'));
      await mkdir(join(dir, 'deployments'));
      await writeFile(join(dir, 'deployments', 'main.yaml'), 'deployment: main\ndefault: true\n');
      await writeFile(
        join(dir, 'namespaces', 'shop-v1.yaml'),
        [
          'namespace: shop/v1',
          'routes:',
          '  /items:',
          '    endpoints:',
          '      - methods: [GET]',
          '        args: { tag: { type: string } }',
          '        behavior: { kind: collection, collection: shop.items, op: list, filters: { tag: { field: tags, match: some } } }',
          '',
        ].join('\n'),
      );
      const { model, diagnostics } = await loadSpec(dir);
      expect(model).toBeUndefined();
      expect(diagnostics.map(formatDiagnostic).map((l) => l.slice(l.indexOf('shop-v1.yaml')))).toEqual([
        'shop-v1.yaml:7:111 error SP013: `routes./items.endpoints[0].behavior.filters.tag.match` is "some"; expected one of `any`, `all`',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
