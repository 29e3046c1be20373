/**
 * A spec file with YAML aliases, kept as JSON by the parse cache, comes back with each alias
 * the very object of its anchor, as a parse gives it (generator/spec/alias-links.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { aliasLinks, relink } from '../../generator/spec/alias-links.ts';
import { loadSpec } from '../../generator/spec/load.ts';
import { lastLoadCounts } from '../../generator/spec/parse-cache.ts';

const parsed = (text: string) => {
  const doc = parseDocument(text, { merge: true });
  return { doc, data: doc.toJS() as Record<string, any> };
};

describe('alias links', () => {
  it('make a JSON copy share what the parse shared, nested anchors and lists included', () => {
    const { doc, data } = parsed(
      [
        'seeds: &colors [{ id: a }, { id: b }]',
        'routes:',
        '  - seed: *colors',
        '    nested: &pair { both: *colors, n: 1 }',
        '  - seed: *colors',
        '    again: *pair',
        'scalar: &s plain',
        'copy: *s',
      ].join('\n'),
    );
    const links = aliasLinks(doc, data)!;
    expect(links.map((l) => l.alias)).toEqual([['routes', 0, 'seed'], ['routes', 0, 'nested', 'both'], ['routes', 1, 'seed'], ['routes', 1, 'again']]);
    const copy = JSON.parse(JSON.stringify(data)) as Record<string, any>;
    expect(copy.routes[0].seed).not.toBe(copy.seeds);
    relink(copy, links);
    expect(copy).toEqual(data);
    expect(copy.routes[0].seed).toBe(copy.seeds);
    expect(copy.routes[1].seed).toBe(copy.seeds);
    expect(copy.routes[0].nested.both).toBe(copy.seeds);
    expect(copy.routes[1].again).toBe(copy.routes[0].nested);
  });

  it('are not listed for a merge key or an alias in a key (such a file is parsed every time)', () => {
    const merge = parsed('base: &base { a: 1 }\nitem:\n  <<: *base\n  b: 2\n');
    expect(aliasLinks(merge.doc, merge.data)).toBeUndefined();
    const inKey = parsed('k: &k name\n? *k\n: value\n');
    expect(aliasLinks(inKey.doc, inKey.data)).toBeUndefined();
    const none = parsed('a: 1\n');
    expect(aliasLinks(none.doc, none.data)).toEqual([]);
  });

  it("let the project's spec, aliases and all, load again without a parse and give the same model", async () => {
    const fresh = await loadSpec('spec', { cache: false });
    await loadSpec('spec');
    const again = await loadSpec('spec');
    expect(lastLoadCounts().parsed).toBe(0);
    expect(JSON.stringify(again.model)).toBe(JSON.stringify(fresh.model));
    expect(again.diagnostics).toEqual(fresh.diagnostics);
  });
});
