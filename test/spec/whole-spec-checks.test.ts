/**
 * Checks that look at the whole spec (several files, every deployment's routes, the names the
 * generated code derives): each mistake the spec used to accept in silence is a diagnostic with
 * its code, at its file:line:col.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/spec/load.ts';
import { FIXTURES, loadFixture, withCode } from './load-fixture.ts';

const ns = (fixture: string, file = 'inventory-v1') => `${FIXTURES}/${fixture}/namespaces/${file}.yaml`;

describe('a route declared in two files of a namespace', () => {
  it('is an error in the further file, naming the other declaration', async () => {
    const { model, lines } = await loadFixture('route-twice');
    expect(model).toBeUndefined();
    expect(lines).toEqual([
      `${ns('route-twice', 'inventory-v1-extra')}:5:3 error SP063: route \`/inventory/v1/items\` is also declared in ${ns('route-twice')}:4; a namespace may span files, but each route is declared in one of them: merge the two`,
    ]);
  });
});

describe('capabilities', () => {
  it('a capability no role grants is an error at its place, with a hint for near names, roles and rule names', async () => {
    const { model, lines } = await loadFixture('capabilities');
    expect(model).toBeUndefined();
    // `delete_others_posts` (editors and administrators have it) passes.
    expect(lines).toEqual([
      `${ns('capabilities')}:2:27 error SP066: capability \`manage_option\` is granted by no role, so every caller would be refused; did you mean \`manage_options\`?; name a capability that WordPress's roles grant (contract/roles.ts), such as \`manage_options\` or \`edit_posts\``,
      `${ns('capabilities')}:7:35 error SP066: capability \`editor\` is granted by no role, so every caller would be refused; \`editor\` is a role, not a capability: name a capability the role has, such as \`moderate_comments\``,
      `${ns('capabilities')}:10:35 error SP066: capability \`edit_post\` is granted by no role, so every caller would be refused; \`edit_post\` is the name of a permission rule, which judges one item: write \`permission: { rule: edit_post }\``,
    ]);
  });
});

describe('checks of the resolved model', () => {
  it('a collection filter on a field its records hold as a list must say how the list matches', async () => {
    const { lines } = await loadFixture('model-checks');
    // The shelves' `labels` (an array pulled in by a shape) states `match: all`: no report.
    expect(withCode(lines, 'SP068')).toEqual([
      `${ns('model-checks')}:10:89 error SP068: filter \`tag\` compares with \`tags\`, which holds a list (POST /inventory/v1/items stores its array param \`tags\` there); say how a list matches: \`tag: { field: tags, match: any }\` keeps items holding one of the values asked for, \`match: all\` those holding every one`,
    ]);
  });

  it('a filter whose param the endpoint does not take is an error', async () => {
    const { lines } = await loadFixture('model-checks');
    expect(withCode(lines, 'SP067')).toEqual([
      `${ns('model-checks')}:10:112 error SP067: filter \`colour\` of GET \`/inventory/v1/items\` is not a param of the endpoint, so no request can send it; declare it under \`args\` or filter on one of \`tag\`, \`size\``,
    ]);
  });

  it('an unknown idParam lists each capture or arg once, also when the capture is an arg too', async () => {
    const { lines } = await loadFixture('model-checks');
    expect(withCode(lines, 'SP048')).toEqual([
      `${ns('model-checks')}:33:88 error SP048: \`idParam\` \`shelf\` of GET \`/inventory/v1/shelves/<id>\` is neither a capture nor an arg; use one of \`id\``,
    ]);
  });

  it('a route whose every URL an earlier route takes is a warning naming both places; a special case before a general one is not', async () => {
    const { lines } = await loadFixture('model-checks');
    // `/bins/empty` before `/bins/<id>` (digits only) shares no URL; `/stock/<id>` (digits) before
    // `/stock/<sku>` (any word) and `/stock/low` before it take only some of its URLs.
    const tail = 'declare it before `/inventory/v1/shelves/<id>` if it is a special case of it, else narrow a capture pattern or change one of the paths';
    expect(withCode(lines, 'SP065')).toEqual([
      `${ns('model-checks')}:34:3 warning SP065: route \`/inventory/v1/shelves/<key>\` never answers \`GET\`: every URL it matches (such as \`/inventory/v1/shelves/1\`) is matched first by \`/inventory/v1/shelves/<id>\` (${ns('model-checks')}:26), which serves \`GET\` too; ${tail}`,
      `${ns('model-checks')}:41:3 warning SP065: route \`/inventory/v1/shelves/count\` never answers \`GET\`: every URL it matches (such as \`/inventory/v1/shelves/count\`) is matched first by \`/inventory/v1/shelves/<id>\` (${ns('model-checks')}:26), which serves \`GET\` too; ${tail}`,
    ]);
  });

  it('operation ids whose generated names clash are errors at the id', async () => {
    const { model, lines } = await loadFixture('model-checks');
    expect(model).toBeUndefined();
    const tail = 'so the generated code would not compile or would call the wrong thing; give the operation another `operationId`';
    expect(withCode(lines, 'SP064')).toEqual([
      `${ns('model-checks')}:75:22 error SP064: operation id \`inventoryV1Summary\` is also the name of the constant the route table (\`shared/routes.ts\`) makes for route \`/inventory/v1/summary\`, where the handler is imported, ${tail}`,
      `${ns('model-checks')}:80:22 error SP064: operation id \`restError\` is also the name of the error helper every handler file imports, ${tail}`,
      `${ns('model-checks')}:83:22 error SP064: operation id \`delete\` is a word JavaScript reserves, and a custom handler is a constant named after its operation, ${tail}`,
      `${ns('model-checks')}:88:22 error SP064: operation id \`stockTotals\` makes the type \`StockTotalsResult\`, which is also the type of an answer shape in \`deployments/main/types.ts\`, ${tail}, or rename the shape or resource`,
    ]);
  });

  it('the real spec passes them all: known capabilities, no clash, no overlap, no unstated filter', async () => {
    const { model, diagnostics } = await loadSpec(fileURLToPath(new URL('../../spec', import.meta.url)));
    expect(diagnostics.filter((d) => /^SP0(51|6[3-8])$/.test(d.code))).toEqual([]);
    expect(model).toBeDefined();
  }, 60_000);
});

describe('deployments that keep only some namespaces', () => {
  it('`only` serves exactly the namespaces named (optional ones too) besides the root routes; a child may exclude from it', async () => {
    const { model, lines } = await loadFixture('only-namespaces');
    expect(lines).toEqual([]);
    const served = (name: string) => model!.deployments.find((d) => d.name === name)!;
    expect(served('full').namespaces).toEqual(['a/v1', 'b/v1']);
    expect(served('pair').namespaces).toEqual(['a/v1', 'c/v1']);
    expect(served('pair').routes.map((r) => r.path)).toEqual(['/', '/a/v1', '/a/v1/things', '/c/v1', '/c/v1/things']);
    expect(served('pair-less').namespaces).toEqual(['a/v1']);
  });

  it('`only` with `exclude` in one file is an error, and it names namespaces that exist', async () => {
    const { model, lines } = await loadFixture('only-conflict');
    expect(model).toBeUndefined();
    const dep = `${FIXTURES}/only-conflict/deployments/main.yaml`;
    expect(lines).toEqual([
      `${dep}:4:16 error SP025: namespace \`d/v1\` does not exist; name a namespace of spec/namespaces; did you mean \`a/v1\`?`,
      `${dep}:5:3 error SP051: deployment \`main\` gives both \`namespaces.only\` and \`namespaces.exclude\`; \`only\` names every namespace served, so list them there and drop \`exclude\``,
    ]);
  });

  it('each served namespace carries its description, the root\'s too', async () => {
    const { model } = await loadFixture('only-namespaces');
    expect(model!.deployments.find((d) => d.name === 'pair')!.namespaceDescriptions).toEqual({
      root: 'The REST root.',
      'a/v1': 'Namespace a, for deployments that keep only some namespaces.',
      'c/v1': 'Namespace c, for deployments that keep only some namespaces.',
    });
  });
});
