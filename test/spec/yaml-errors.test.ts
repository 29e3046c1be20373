import { describe, expect, it } from 'vitest';
import { FIXTURES, loadFixture } from './load-fixture.ts';

describe('YAML syntax errors are diagnostics with their position', () => {
  it('an unclosed flow list names the line and column where parsing failed', async () => {
    const { model, lines } = await loadFixture('yaml-syntax');
    expect(model).toBeUndefined();
    expect(lines).toEqual([
      `${FIXTURES}/yaml-syntax/namespaces/broken.yaml:6:9 error SP001: YAML syntax error: Flow sequence in block collection must be sufficiently indented and end with a ]; fix the YAML at this position`,
    ]);
  });

  it('a route written twice points at the second key and names the first', async () => {
    const { lines } = await loadFixture('duplicate-key');
    expect(lines).toEqual([
      `${FIXTURES}/duplicate-key/namespaces/dup-v1.yaml:6:3 error SP016: key \`/a\` appears twice in \`routes\` (first at line 3); a map holds each key once: remove one of them, or merge what they hold`,
    ]);
  });
});

describe('an over-indented key is named, with the column it belongs at', () => {
  const file = (name: string) => `${FIXTURES}/over-indent/namespaces/${name}.yaml`;

  it('a key deeper than the one beside it, which has its value on its line', async () => {
    const { lines } = await loadFixture('over-indent');
    expect(lines.filter((l) => l.startsWith(file('a-v1')))).toEqual([
      `${file('a-v1')}:6:11 error SP009: \`handler\` on line 6 starts at column 11, deeper than \`methods\` (line 5, column 9), whose value is already on its line, so \`handler\` cannot be nested under it; start \`handler\` at column 9, like \`methods\`, if it belongs beside it`,
    ]);
  });

  it('a key indented under a value, which YAML would read as one key with the line above', async () => {
    const { lines } = await loadFixture('over-indent');
    expect(lines.filter((l) => l.startsWith(file('b-v1')))).toEqual([
      `${file('b-v1')}:3:3 error SP009: \`permission\` on line 3 is indented under \`description\` (line 2), whose value is already on its line, so YAML reads both lines as one key; start \`permission\` at column 1, like \`description\`, if it belongs beside it`,
    ]);
  });

  it('a route key as deep as the keys of the route above, which only said "Map keys must be unique"', async () => {
    const { lines } = await loadFixture('over-indent');
    expect(lines.filter((l) => l.startsWith(file('c-v1')))).toEqual([
      `${file('c-v1')}:7:5 error SP009: \`/items/<id>\` on line 7 starts at column 5, as deep as the keys of \`routes./items\`, so it became one of them with no value, and \`endpoints\` on line 9 repeats that map's \`endpoints\` (line 4); start \`/items/<id>\` at column 3, like \`/items\`, if it belongs beside it; otherwise indent what belongs under it further`,
    ]);
  });
});
