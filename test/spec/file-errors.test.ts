import { describe, expect, it } from 'vitest';
import { FIXTURES, loadFixture } from './load-fixture.ts';

const dir = `${FIXTURES}/names`;

describe('file-level problems: empty files, names, cycles', () => {
  it('reports every file-level problem of the spec together, sorted by file and position', async () => {
    const { model, lines } = await loadFixture('names');
    expect(model).toBeUndefined();
    expect(lines).toEqual([
      `${dir}/namespaces/empty.yaml:1:1 error SP003: the file holds no YAML document; write a namespace document or remove the file`,
      `${dir}/namespaces/shop.yaml:1:12 warning SP039: the file name does not match namespace \`shop/v1\`; name the file \`shop-v1.yaml\``,
      `${dir}/namespaces/shop.yaml:5:40 error SP014: \`routes./orders.endpoints[0].operationId\` \`Get-Orders\` does not match the required form; expected /^[a-z][A-Za-z0-9]*$/`,
      `${dir}/shapes/a.yaml:3:9 error SP040: shape \`a\` uses itself through \`a\` → \`b\` → \`a\`; break the cycle`,
      `${dir}/shapes/copy-of-a.yaml:1:8 error SP038: shape \`a\` is also declared in ${dir}/shapes/a.yaml; give each shape one file`,
      `${dir}/shapes/copy-of-a.yaml:1:8 warning SP039: the file name does not match shape \`a\`; name the file \`a.yaml\``,
    ]);
  });
});

describe('unreadable files and odd shapes', () => {
  it('a folder named like a YAML file, a route key without a slash and an empty method list', async () => {
    const { lines } = await loadFixture('odd-files');
    const file = `${FIXTURES}/odd-files/namespaces`;
    expect(lines).toEqual([
      `${file}/folder.yaml:1:1 error SP002: cannot read the file (EISDIR); make it a readable YAML file`,
      `${file}/shop-v1.yaml:3:3 error SP014: the key under \`routes\` \`orders\` does not match the required form; expected a path starting with \`/\``,
      `${file}/shop-v1.yaml:5:20 error SP015: \`routes.orders.endpoints[0].methods\` must NOT have fewer than 1 items; see spec/FORMAT.md for the allowed form`,
    ]);
  });
});
