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

  it('a route written twice points at the second key', async () => {
    const { lines } = await loadFixture('duplicate-key');
    expect(lines).toEqual([
      `${FIXTURES}/duplicate-key/namespaces/dup-v1.yaml:6:3 error SP001: YAML syntax error: Map keys must be unique; fix the YAML at this position`,
    ]);
  });
});
