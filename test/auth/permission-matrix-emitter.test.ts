import { describe, expect, it } from 'vitest';
import type { DeploymentModel, Endpoint, Permission, Route } from '../../contract/model.ts';
import { emitPermissionTests, expectationOf, permissionCases } from '../../generator/emit/permission-tests.ts';
import { fillPath } from '../../runtime/auth/permission-fixtures.ts';

/** A route of the model; `postType` as the spec's `postType:` says (the matrix reads it, not the path). */
function route(path: string, endpoints: Array<Partial<Endpoint> & { permission: Permission }>, postType?: string): Route {
  return {
    namespace: path.split('/').slice(1, 3).join('/'), path, pattern: path, ...(postType ? { postType } : {}),
    captures: [...path.matchAll(/<(\w+)>/g)].map((m) => ({ name: m[1]!, pattern: m[1] === 'slug' ? '[\\w-]+' : '[\\d]+' })),
    endpoints: endpoints.map((e, i) => ({ operationId: `op${i}`, methods: ['GET'], argsMode: 'declared', args: {}, allowBatch: false, ...e })),
  };
}

function deployment(routes: Route[]): DeploymentModel {
  return {
    name: 'matrix', description: '', isDefault: false,
    site: { name: '', description: '', gmt_offset: '0', timezone_string: '', page_for_posts: 0, page_on_front: 0, show_on_front: 'posts' },
    authentication: { applicationPasswords: true }, aliases: [], namespaces: [], routes, resources: {}, catalogs: {}, settings: {},
  };
}

describe('the generated permission matrix', () => {
  it('expects WordPress\'s roles and codes for each kind of permission', () => {
    const posts = route('/core/v2/posts', []);
    const pages = route('/core/v2/pages', [], 'page');
    expect(expectationOf({ kind: 'public' }, posts).allowed).toHaveLength(6);
    expect(expectationOf({ kind: 'capability', capability: 'manage_options' }, posts)).toEqual({ allowed: ['administrator'], code: 'rest_forbidden' });
    expect(expectationOf({ kind: 'capability', capability: 'edit_posts' }, posts).allowed).toEqual(['contributor', 'author', 'editor', 'administrator']);
    expect(expectationOf({ kind: 'rule', rule: 'authenticated' }, posts).allowed).not.toContain('anonymous');
    expect(expectationOf({ kind: 'rule', rule: 'create_post' }, posts)).toEqual({ allowed: ['contributor', 'author', 'editor', 'administrator'], code: 'rest_cannot_create' });
    expect(expectationOf({ kind: 'rule', rule: 'create_post' }, pages).allowed).toEqual(['editor', 'administrator']);
    expect(expectationOf({ kind: 'rule', rule: 'upload_files' }, posts).allowed).toEqual(['author', 'editor', 'administrator']);
    expect(expectationOf({ kind: 'rule', rule: 'edit_post' }, posts)).toEqual({ allowed: ['editor', 'administrator'], code: 'rest_cannot_edit' });
    expect(expectationOf({ kind: 'rule', rule: 'read_revision' }, posts).code).toBe('rest_cannot_read');
  });

  it('gives each endpoint its required params, local addresses only, and capture samples from enums', () => {
    const r = route('/ext/v1/plugins/<slug>/run', [{
      methods: ['POST'],
      permission: { kind: 'capability', capability: 'manage_options' },
      args: { slug: { type: 'string', enum: ['builder', 'forms'], required: true }, callback: { type: 'string', format: 'uri', required: true }, note: { type: 'string' } },
    }]);
    const { cases, skipped } = permissionCases(deployment([r]));
    expect(skipped).toEqual([]);
    expect(cases).toHaveLength(1);
    expect(cases[0]!.params).toEqual({ callback: 'http://127.0.0.1:9/permission-matrix' });
    expect(cases[0]!.samples).toEqual({ slug: 'builder' });
  });

  it('sends a valid value for an arg whose default does not validate (validation runs before permission)', () => {
    const r = route('/ext/v1/search', [{
      permission: { kind: 'capability', capability: 'manage_options' },
      args: { map: { type: 'array', default: { ID: 'id' } }, fine: { type: 'integer', default: 3 } },
    }]);
    expect(permissionCases(deployment([r])).cases[0]!.params).toEqual({ map: ['a'] });
  });

  it('emits one suite per deployment that runs every identity', () => {
    const [file] = emitPermissionTests(deployment([route('/core/v2/posts/<id>', [{ permission: { kind: 'rule', rule: 'edit_post' }, methods: ['POST'] }])]));
    expect(file!.path).toBe('deployments/matrix/tests/permissions.test.ts');
    expect(file!.content).toContain("startTestServer({ deployment: DEPLOYMENT })");
    expect(file!.content).toContain('"code":"rest_cannot_edit"');
    expect(file!.content).toContain('permission matrix of');
  });

  it('fills object captures with the fixture ids and others with samples', () => {
    const fx = { post: { id: 10, revision: 11, autosave: 12 }, page: { id: 20, revision: 21, autosave: 22 }, attachment: { id: 30, revision: 31, autosave: 32 } };
    const d = (n: string) => ({ name: n, pattern: '[\\d]+' });
    expect(fillPath('/core/v2/posts/<parent>/revisions/<id>', [d('parent'), d('id')], fx, {}, 'post')).toBe('/core/v2/posts/10/revisions/11');
    expect(fillPath('/core/v2/pages/<parent>/autosaves/<id>', [d('parent'), d('id')], fx, {}, 'page')).toBe('/core/v2/pages/20/autosaves/22');
    expect(fillPath('/core/v2/media/<id>/edit', [d('id')], fx, {}, 'attachment')).toBe('/core/v2/media/30/edit');
    // The route's postType names the fixture, not its path.
    expect(fillPath('/demo/v1/things/<id>', [d('id')], fx, {}, 'page')).toBe('/demo/v1/things/20');
    expect(fillPath('/core/v2/posts/<id>', [d('id')], fx)).toBe('/core/v2/posts/1');
    expect(fillPath('/ext/v1/items/<slug>', [{ name: 'slug', pattern: '[\\w-]+' }], fx)).toBe('/ext/v1/items/1');
    expect(fillPath('/ext/v1/plugins/<slug>', [{ name: 'slug', pattern: '[\\w-]+' }], fx, { slug: 'forms' })).toBe('/ext/v1/plugins/forms');
  });
});
