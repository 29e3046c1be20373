/**
 * `Allow` does not run the rules listed in REFUSES_ANONYMOUS for an anonymous caller
 * (runtime/auth/permission.ts): that is only right while each of them refuses every anonymous
 * caller, and never with `rest_invalid_param` (which would keep the
 * method in `Allow`). Each listed rule is run here against anonymous callers on the routes it
 * serves, with params that try every branch: no id, a missing one, a published post, a draft,
 * a revision, and the params that reach the later checks (author, sticky, status, context).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPermission, allowedMethods, type PermissionContext } from '../../runtime/auth/permission.ts';
import { REFUSES_ANONYMOUS } from '../../runtime/auth/rules.ts';
import { RestError } from '../../runtime/rest/errors.ts';
import type { RouteDef } from '../../runtime/rest/types.ts';
import { addPost, authTestSite, type AuthTestSite } from './auth-app.ts';

function route(path: string, postType = 'post'): RouteDef {
  return {
    namespace: 'core/v2', path, pattern: path, regex: path, postType,
    captures: [...path.matchAll(/<(\w+)>/g)].map((m) => ({ name: m[1]!, pattern: '[\\d]+' })),
    endpoints: [],
  };
}

describe('rules that refuse every anonymous caller', () => {
  let site: AuthTestSite;
  let published: number;
  let draft: number;
  let revision: number;
  let page: number;
  beforeAll(async () => {
    site = await authTestSite();
    published = await addPost(site.app, { author: site.users.author.id, status: 'publish' });
    draft = await addPost(site.app, { author: site.users.author.id, status: 'draft' });
    revision = await addPost(site.app, { type: 'revision', author: site.users.author.id, parent: published, status: 'inherit' });
    page = await addPost(site.app, { type: 'page', author: site.users.author.id, status: 'publish' });
  });
  afterAll(() => site.close());

  const routes = () => [
    route('/core/v2/posts'),
    route('/core/v2/posts/<id>'),
    route('/core/v2/pages/<id>', 'page'),
    route('/core/v2/media/<id>', 'attachment'),
    route('/core/v2/posts/<parent>/revisions'),
    route('/core/v2/posts/<parent>/revisions/<id>'),
    route('/core/v2/posts/<id>/autosaves'),
    route('/core/v2/posts/<parent>/autosaves/<id>'),
  ];
  const paramSets = () => {
    const extra = { author: site.users.editor.id, sticky: true, status: 'publish', context: 'edit', post: published, password: 'x' };
    const ids: Array<Record<string, unknown>> = [{}, { id: 999_999 }, { id: published }, { id: draft }, { id: page }, { parent: published, id: revision }, { parent: 999_999, id: revision }];
    return ids.flatMap((p) => [p, { ...p, ...extra }, { ...p, status: 'bogus', author: 'x' }]);
  };

  it.each([...REFUSES_ANONYMOUS])('%s refuses anonymous callers, whatever the params', async (name) => {
    let tried = 0;
    for (const r of routes()) {
      for (const params of paramSets()) {
        const ctx: PermissionContext = { app: site.app, user: null, route: r, params };
        const outcome = await checkPermission(ctx, { kind: 'rule', rule: name }).then(() => 'allowed', (e: unknown) => e);
        expect(outcome, `${name} on ${r.path} with ${JSON.stringify(params)}`).toBeInstanceOf(RestError);
        const error = outcome as RestError;
        // Any refusal but rest_invalid_param leaves the method out of Allow.
        expect(error.code).not.toBe('rest_invalid_param');
        expect(error.status).toBeGreaterThanOrEqual(400);
        tried++;
      }
    }
    expect(tried).toBe(routes().length * paramSets().length);
  });

  it('Allow for an anonymous caller is what running every rule would give', async () => {
    const item = route('/core/v2/posts/<id>');
    item.endpoints = [
      { operationId: 'get', methods: ['GET'], permission: { kind: 'rule', rule: 'read_post' }, argsMode: 'declared', args: {}, allowBatch: false },
      { operationId: 'update', methods: ['POST', 'PUT', 'PATCH'], permission: { kind: 'rule', rule: 'edit_post' }, argsMode: 'declared', args: {}, allowBatch: false },
      { operationId: 'delete', methods: ['DELETE'], permission: { kind: 'capability', capability: 'manage_options' }, argsMode: 'declared', args: {}, allowBatch: false },
    ];
    const ctx = (id: number): PermissionContext => ({ app: site.app, user: null, route: item, params: { id } });
    expect(await allowedMethods(ctx(published), item)).toEqual(['GET']);
    expect(await allowedMethods(ctx(draft), item)).toEqual([]);
    expect(await allowedMethods(ctx(999_999), item)).toEqual([]);
    // A logged-in reader still has each rule asked.
    expect(await allowedMethods({ ...ctx(published), user: site.users.administrator }, item)).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });
});
