import { describe, expect, it } from 'vitest';
import { FIXTURES, loadFixture, withCode } from './load-fixture.ts';

const FILE = `${FIXTURES}/schema-errors/namespaces/shop-v1.yaml`;

describe('meta-schema errors point at the offending key or value', () => {
  it('reports every schema error of a file in one run and gives no model', async () => {
    const { model, lines } = await loadFixture('schema-errors');
    expect(model).toBeUndefined();
    expect(lines).toHaveLength(6);
  });

  it('an unknown key lists the allowed keys and suggests the close one', async () => {
    const { lines } = await loadFixture('schema-errors');
    expect(withCode(lines, 'SP010')).toEqual([
      `${FILE}:5:9 error SP010: unknown key \`method\` in \`routes./orders.endpoints[0]\`; allowed keys: \`methods\`, \`operationId\`, \`renamedFrom\`, \`args\`, \`permission\`, \`allowBatch\`, \`behavior\`, \`handler\`, \`response\`, \`description\`, \`deprecated\`; did you mean \`methods\`?`,
      `${FILE}:10:11 error SP010: unknown key \`$uses\` in \`routes./orders.endpoints[1].args\`; allowed keys: \`$use\`, \`$omit\`, \`$fields\`; did you mean \`$use\`?`,
    ]);
  });

  it('a missing required key points at the map that lacks it', async () => {
    const { lines } = await loadFixture('schema-errors');
    expect(withCode(lines, 'SP011')).toEqual([
      `${FILE}:5:9 error SP011: missing key \`methods\` in \`routes./orders.endpoints[0]\`; add \`methods:\``,
    ]);
  });

  it('a value outside an enum names the allowed values', async () => {
    const { lines } = await loadFixture('schema-errors');
    expect(withCode(lines, 'SP013')).toEqual([
      `${FILE}:7:24 error SP013: \`routes./orders.endpoints[1].methods[1]\` is "FETCH"; expected one of \`GET\`, \`POST\`, \`PUT\`, \`PATCH\`, \`DELETE\`; did you mean \`PATCH\`?`,
      `${FILE}:11:25 error SP013: \`routes./orders.endpoints[1].args.size.type\` is "int"; expected one of \`string\`, \`integer\`, \`number\`, \`boolean\`, \`array\`, \`object\`, \`null\``,
    ]);
  });

  it('a value of the wrong type says what it is and what is expected', async () => {
    const { lines } = await loadFixture('schema-errors');
    expect(withCode(lines, 'SP012')).toEqual([
      `${FILE}:8:21 error SP012: \`routes./orders.endpoints[1].allowBatch\` is a string ("yes"); expected boolean`,
    ]);
  });
});
