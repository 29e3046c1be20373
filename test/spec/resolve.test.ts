import { beforeAll, describe, expect, it } from 'vitest';
import type { DeploymentModel, Endpoint, SpecModel } from '../../contract/model.ts';
import { FIXTURES, loadFixture } from './load-fixture.ts';
import { sourceOf } from '../../generator/spec/resolve.ts';

let model: SpecModel;
let studio: DeploymentModel;
let blog: DeploymentModel;

const endpoint = (d: DeploymentModel, path: string, method: string): Endpoint | undefined =>
  d.routes.find((r) => r.path === path)?.endpoints.find((e) => e.methods.includes(method as never));

beforeAll(async () => {
  const result = await loadFixture('valid');
  expect(result.lines).toEqual([]);
  model = result.model!;
  studio = model.deployments.find((d) => d.name === 'studio')!;
  blog = model.deployments.find((d) => d.name === 'blog')!;
});

describe('resolving a spec into one model per deployment', () => {
  it('gives one model per deployment file, with the default marked', () => {
    expect(model.deployments.map((d) => [d.name, d.isDefault])).toEqual([['blog', false], ['studio', true]]);
  });

  it('orders routes as discovery does: root, batch, then each namespace index and its routes', () => {
    expect(studio.routes.map((r) => r.path)).toEqual([
      '/', '/batch/v1',
      '/sitegen/v1', '/sitegen/v1/templates', '/sitegen/v1/categories', '/sitegen/v1/extras',
      '/blocks-kit/v1', '/blocks-kit/v1/roles',
      '/core/v2', '/core/v2/posts', '/core/v2/posts/<id>',
    ]);
    expect(studio.namespaces).toEqual(['sitegen/v1', 'blocks-kit/v1', 'core/v2']);
    expect(blog.namespaces).toEqual(['core/v2', 'sitegen/v1']);
  });

  it('adds the implicit index route of every namespace', () => {
    const index = studio.routes.find((r) => r.path === '/core/v2')!;
    expect(index).toMatchObject({ namespace: 'core/v2', pattern: '/core/v2', captures: [] });
    expect(index.endpoints).toHaveLength(1);
    expect(index.endpoints[0]).toMatchObject({
      operationId: 'coreV2Index',
      methods: ['GET'],
      args: { namespace: { default: 'core/v2' }, context: { default: 'view' } },
      permission: { kind: 'public' },
      behavior: { kind: 'index' },
    });
  });

  it('builds the discovery pattern and capture list from the path', () => {
    const route = studio.routes.find((r) => r.path === '/core/v2/posts/<id>')!;
    expect(route.pattern).toBe('/core/v2/posts/(?P<id>[\\d]+)');
    expect(route.captures).toEqual([{ name: 'id', pattern: '[\\d]+' }]);
  });

  it('expands $use recursively, then $omit, then explicit args, in order', () => {
    const list = endpoint(studio, '/core/v2/posts', 'GET')!;
    expect(Object.keys(list.args)).toEqual(['context', 'page', 'per_page', 'order']);
    expect(list.args.context).toEqual({ type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' });
  });

  it('$fields for create keeps writable fields with default and required first', () => {
    const create = endpoint(studio, '/core/v2/posts', 'POST')!;
    expect(Object.keys(create.args)).toEqual(['status', 'title', 'meta']);
    expect(Object.keys(create.args.status)).toEqual(['default', 'description', 'type', 'enum']);
    expect(create.args.title.required).toBe(true);
    expect(create.args.title).not.toHaveProperty('context');
    expect(create.args.title.properties?.rendered).toEqual({ type: 'string', context: ['view', 'edit', 'embed'], readonly: true });
  });

  it('$fields for update drops default and required', () => {
    const update = endpoint(studio, '/core/v2/posts/<id>', 'POST')!;
    expect(Object.keys(update.args)).toEqual(['id', 'status', 'title', 'meta']);
    expect(update.args.status).not.toHaveProperty('default');
    expect(update.args.title).not.toHaveProperty('required');
  });

  it('binds shapes per deployment, in args and in resource schemas', () => {
    const themeMeta = endpoint(studio, '/core/v2/posts', 'POST')!.args.meta.properties;
    expect(Object.keys(themeMeta!)).toEqual(['footnotes', 'site-sidebar-layout']);
    expect(Object.keys(endpoint(blog, '/core/v2/posts', 'POST')!.args.meta.properties!)).toEqual(['footnotes']);
    expect(Object.keys(studio.resources.post.schema.properties.meta.properties!)).toEqual(['footnotes', 'site-sidebar-layout']);
    expect(blog.resources.post.schema).toMatchObject({ title: 'post', type: 'object' });
  });

  it('serves optional namespaces and routes only where included, with method filters', () => {
    expect(blog.routes.some((r) => r.namespace === 'blocks-kit/v1')).toBe(false);
    expect(studio.routes.find((r) => r.path === '/sitegen/v1/extras')!.endpoints.map((e) => e.methods)).toEqual([['GET'], ['DELETE']]);
    expect(blog.routes.find((r) => r.path === '/sitegen/v1/extras')!.endpoints.map((e) => e.methods)).toEqual([['GET']]);
  });

  it('excludes routes and single methods, keeping the derived operation id', () => {
    expect(blog.routes.some((r) => r.path === '/sitegen/v1/categories')).toBe(false);
    const update = blog.routes.find((r) => r.path === '/core/v2/posts/<id>')!.endpoints[0];
    expect(update.methods).toEqual(['POST']);
    expect(update.operationId).toBe('coreV2UpdatePosts');
    expect(endpoint(studio, '/core/v2/posts/<id>', 'PATCH')!.methods).toEqual(['POST', 'PUT', 'PATCH']);
  });

  it('applies arg overrides: remove, add and set (merging into the arg)', () => {
    expect(Object.keys(endpoint(blog, '/sitegen/v1/templates', 'POST')!.args)).toEqual(['business_name', 'keyword']);
    expect(Object.keys(endpoint(studio, '/sitegen/v1/templates', 'POST')!.args)).toEqual(['business_name', 'keywords']);
    expect(endpoint(blog, '/core/v2/posts', 'GET')!.args.per_page).toEqual({ type: 'integer', default: 10, minimum: 1, maximum: 50 });
    expect(endpoint(studio, '/core/v2/posts', 'GET')!.args.per_page.maximum).toBe(100);
  });

  it('expands shapes inside an override', () => {
    expect(endpoint(blog, '/sitegen/v1/templates', 'POST')!.args.business_name).toEqual({
      type: 'object',
      properties: { context: { type: 'string', enum: ['view', 'embed', 'edit'], default: 'view' } },
    });
  });

  it('takes permissions from the endpoint, else the namespace, else public', () => {
    expect(endpoint(studio, '/core/v2/posts', 'POST')!.permission).toEqual({ kind: 'rule', rule: 'create_post' });
    expect(endpoint(studio, '/sitegen/v1/templates', 'POST')!.permission).toEqual({ kind: 'capability', capability: 'manage_options' });
    expect(endpoint(studio, '/blocks-kit/v1/roles', 'GET')!.permission).toEqual({ kind: 'public' });
  });

  it('marks args none and undeclared and publishes no args for them', () => {
    expect(endpoint(studio, '/sitegen/v1/categories', 'GET')).toMatchObject({ argsMode: 'none', args: {} });
    expect(endpoint(studio, '/sitegen/v1/extras', 'GET')).toMatchObject({ argsMode: 'undeclared', args: {} });
  });

  it('merges site defaults, site.yaml and the deployment, and carries deployment settings', () => {
    expect(studio.site).toMatchObject({ name: 'Studio', description: 'A small spec that uses every resolution feature', gmt_offset: '0', show_on_front: 'posts' });
    expect(blog.site.name).toBe('Fixture site');
    expect(studio.authentication).toEqual({ applicationPasswords: true });
    expect(blog.authentication).toEqual({ applicationPasswords: false });
    expect(studio.aliases).toEqual([{ from: 'core/v2', to: 'wp/v2' }]);
    expect(studio.catalogs).toEqual({ 'sitegen-categories': [{ id: 'restaurant', name: 'Restaurant' }] });
  });

  it('keeps where each endpoint was written', () => {
    expect(sourceOf(endpoint(studio, '/core/v2/posts', 'POST')!)).toEqual({ file: `${FIXTURES}/valid/namespaces/core-v2.yaml`, line: 14, col: 9 });
  });

  it('is deterministic: the same spec gives the same model', async () => {
    const again = await loadFixture('valid');
    expect(JSON.stringify(again.model)).toBe(JSON.stringify(model));
  });
});
