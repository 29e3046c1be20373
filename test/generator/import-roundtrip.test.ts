/**
 * `specpress import` and `specpress diff` on a discovery document written here: every kind of
 * arg descriptor, captures (with parentheses and classes in their patterns), multi-method
 * endpoints, batch flags and arg sets shared by several endpoints. Imported, generated, and the
 * generated discovery compared with the original: no difference.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runGenerate } from '../../generator/commands/generate.ts';
import { runDiff, runImport } from '../../generator/commands/import.ts';
import { compareDiscovery } from '../../generator/import/compare.ts';
import type { DiscoveryDocument } from '../../generator/import/discovery.ts';
import { specPath } from '../../generator/import/to-spec.ts';
import { capture } from './helpers.ts';

const cleanups: string[] = [];
afterEach(async () => {
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true });
});

const LIST_ARGS = {
  context: { description: 'Scope of the answer.', type: 'string', enum: ['view', 'embed', 'edit'], default: 'view', required: false },
  page: { description: 'Page of the list.', type: 'integer', default: 1, minimum: 1, required: false },
  per_page: { description: 'Items per page.', type: 'integer', default: 10, minimum: 1, maximum: 100, required: false },
  search: { description: 'Words to look for.', type: 'string', required: false },
};

function discovery(): DiscoveryDocument & Record<string, unknown> {
  return {
    name: 'Shop',
    namespaces: ['shop/v1'],
    routes: {
      '/shop/v1': {
        namespace: 'shop/v1',
        methods: ['GET'],
        endpoints: [{ methods: ['GET'], args: { namespace: { default: 'shop/v1', required: false }, context: { default: 'view', required: false } } }],
      },
      '/shop/v1/products': {
        namespace: 'shop/v1',
        methods: ['GET', 'POST'],
        endpoints: [
          { methods: ['GET'], args: LIST_ARGS, allow_batch: { v1: true } },
          {
            methods: ['POST'],
            allow_batch: { v1: true },
            args: {
              title: { description: 'Name of the product.', type: 'string', minLength: 1, maxLength: 200, required: true },
              price: { type: 'number', minimum: 0, exclusiveMinimum: true, required: true },
              sku: { type: 'string', pattern: '^[A-Z]{3}-[0-9]+$', required: false },
              on_sale: { type: 'boolean', default: false, required: false },
              released: { type: ['string', 'null'], format: 'date-time', required: false },
              homepage: { type: 'string', format: 'uri', required: false },
              tags: { type: 'array', items: { type: 'string', enum: ['new', 'hot'] }, uniqueItems: true, minItems: 0, maxItems: 5, required: false },
              dimensions: {
                type: 'object',
                properties: { width: { type: 'number', required: true }, unit: { type: 'string', enum: ['cm', 'in'], default: 'cm' } },
                additionalProperties: false,
                required: false,
              },
              extra: { type: 'object', properties: [], additionalProperties: { type: 'string' }, required: false },
              owner: { oneOf: [{ type: 'integer', title: 'id' }, { type: 'string', format: 'email', title: 'email' }], required: false },
              color: { anyOf: [{ type: 'string', format: 'hex-color' }, { type: 'null' }], required: false },
              notes: { description: 'Not validated.', required: false },
            },
          },
        ],
      },
      '/shop/v1/products/(?P<id>[\\d]+)': {
        namespace: 'shop/v1',
        methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        endpoints: [
          { methods: ['GET'], args: { id: { description: 'Product id.', type: 'integer', required: false }, context: LIST_ARGS.context } },
          { methods: ['POST', 'PUT', 'PATCH'], args: { id: { description: 'Product id.', type: 'integer', required: false }, title: { type: 'string', required: false } } },
          { methods: ['DELETE'], args: { id: { description: 'Product id.', type: 'integer', required: false }, force: { type: 'boolean', default: false, required: false } } },
        ],
      },
      '/shop/v1/orders': { namespace: 'shop/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: LIST_ARGS }] },
      '/shop/v1/customers': { namespace: 'shop/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: LIST_ARGS }] },
      '/shop/v1/files/(?P<path>[a-z0-9-]+(?:/[a-z0-9-]+)?)/(?P<rev>[(][0-9]+[)])': {
        namespace: 'shop/v1',
        methods: ['GET'],
        endpoints: [{ methods: ['GET'], args: [] }],
      },
    },
  };
}

async function importInto(doc: unknown): Promise<{ dir: string; specDir: string; source: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'specpress-import-'));
  cleanups.push(dir);
  const source = join(dir, 'discovery.json');
  await writeFile(source, JSON.stringify(doc));
  const specDir = join(dir, 'spec');
  const io = capture();
  expect(await runImport(source, { spec: specDir, namespaces: [] }, io.print, io.printError), io.err.join('\n')).toBe(0);
  return { dir, specDir, source };
}

describe('specpress import', () => {
  it('turns patterns into paths with captures, or refuses what is not a path', () => {
    expect(specPath('/shop/v1/products/(?P<id>[\\d]+)', 'shop/v1')).toEqual({ path: '/products/<id>', captures: { id: '[\\d]+' } });
    expect(specPath('/shop/v1/files/(?P<path>[a-z]+(?:/[a-z]+)?)/x', 'shop/v1')).toEqual({ path: '/files/<path>/x', captures: { path: '[a-z]+(?:/[a-z]+)?' } });
    expect(specPath('/shop/v1/(?:a|b)', 'shop/v1')).toBeUndefined();
    expect(specPath('/other/v1/x', 'shop/v1')).toBeUndefined();
  });

  it('writes namespaces, routes, captures, args and a shape for the arg set three endpoints share', async () => {
    const { specDir } = await importInto(discovery());
    expect((await readdir(join(specDir, 'shapes'))).sort()).toEqual(['shop-v1-products-get-args.yaml']);
    const shape = parse(await readFile(join(specDir, 'shapes/shop-v1-products-get-args.yaml'), 'utf8'));
    expect(Object.keys(shape.args)).toEqual(['context', 'page', 'per_page', 'search']);
    const ns = parse(await readFile(join(specDir, 'namespaces/shop-v1.yaml'), 'utf8'));
    expect(Object.keys(ns.routes)).toEqual(['/products', '/products/<id>', '/orders', '/customers', '/files/<path>/<rev>']);
    expect(ns.routes['/orders'].endpoints[0].args).toEqual({ $use: ['shop-v1-products-get-args'] });
    expect(ns.routes['/products/<id>'].captures).toEqual({ id: '[\\d]+' });
    expect(ns.routes['/files/<path>/<rev>'].endpoints[0].args).toBe('none');
    expect(ns.routes['/products'].endpoints[1]).toMatchObject({ methods: ['POST'], allowBatch: true, handler: 'custom' });
    expect(parse(await readFile(join(specDir, 'deployments/imported.yaml'), 'utf8'))).toMatchObject({ deployment: 'imported', default: true });
  });

  it('round trip: the generated discovery equals the original in every route, method and arg', async () => {
    const { dir, specDir, source } = await importInto(discovery());
    const outDir = join(dir, 'output');
    const io = capture();
    expect(await runGenerate(specDir, { outDir }, io.print, io.printError), io.err.join('\n')).toBe(0);
    const generated = JSON.parse(await readFile(join(outDir, 'deployments/imported/discovery.json'), 'utf8')) as DiscoveryDocument;
    const original = discovery();
    expect(Object.keys(generated.routes).filter((p) => p.startsWith('/shop'))).toEqual(Object.keys(original.routes));
    expect(compareDiscovery(original, generated, (_p, r) => r.namespace === 'shop/v1')).toEqual([]);
    const diff = capture();
    expect(await runDiff(source, { spec: specDir }, diff.print, diff.printError)).toBe(0);
    expect(diff.out).toEqual([`0 difference(s) between ${source} and deployment imported`]);
  });

  it('diff lists a route, an endpoint and args that differ, and exits 2', async () => {
    const { dir, specDir } = await importInto(discovery());
    const changed = discovery();
    delete (changed.routes as Record<string, unknown>)['/shop/v1/customers'];
    changed.routes['/shop/v1/coupons'] = { namespace: 'shop/v1', methods: ['GET'], endpoints: [{ methods: ['GET'], args: [] }] };
    const products = changed.routes['/shop/v1/products']!;
    (products.endpoints[0]!.args as Record<string, Record<string, unknown>>).per_page!.maximum = 50;
    (products.endpoints[1]!.args as Record<string, unknown>).stock = { type: 'integer', required: false };
    changed.routes['/shop/v1/orders']!.endpoints[0]!.methods = ['GET', 'POST'];
    const source = join(dir, 'changed.json');
    await writeFile(source, JSON.stringify(changed));
    const io = capture();
    expect(await runDiff(source, { spec: specDir }, io.print, io.printError)).toBe(2);
    const lines = io.out.map((l) => l.replace(/\s+/g, ' '));
    expect(lines).toContain('only-site /shop/v1/coupons route served by the site, not by the spec');
    expect(lines).toContain('only-spec /shop/v1/customers route in the spec, not served by the site');
    expect(lines).toContain('methods /shop/v1/orders endpoints GET,POST on the site, GET in the spec');
    expect(lines).toContain('arg-only-site /shop/v1/products POST stock: only on the site');
    expect(lines.some((l) => l.startsWith('arg-differs /shop/v1/products GET per_page: site {') && l.includes('"maximum":50'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^5 difference\(s\) between /);
  });

  it('refuses to overwrite spec files unless forced, and rejects what is not a discovery document', async () => {
    const { dir, specDir, source } = await importInto(discovery());
    const again = capture();
    expect(await runImport(source, { spec: specDir, namespaces: [] }, again.print, again.printError)).toBe(1);
    expect(again.err[0]).toMatch(/these spec files exist already: .*namespaces\/shop-v1\.yaml.*--force/);
    const bad = join(dir, 'bad.json');
    await writeFile(bad, '{"name":"x"}');
    const io = capture();
    expect(await runImport(bad, { spec: join(dir, 'other'), namespaces: [] }, io.print, io.printError)).toBe(1);
    expect(io.err[0]).toMatch(/has no `routes` map/);
  });
});
