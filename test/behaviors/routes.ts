/**
 * A small hand-made route table with one endpoint per declarative behaviour, so that the
 * behaviours are proven over HTTP independently of what the spec happens to mark.
 */
import type { Behavior, HttpMethod, Permission } from '../../contract/model.ts';
import type { ArgSchema, RouteDef } from '../../runtime/rest/types.ts';
import { makeRoute } from '../../runtime/testing/routes.ts';

const admin: Permission = { kind: 'capability', capability: 'manage_options' };

interface BehaviorEndpoint {
  methods: HttpMethod[];
  behavior: Behavior;
  args?: Record<string, ArgSchema>;
  permission?: Permission;
}

/** Endpoints without args take an undeclared body, as most extension endpoints do. */
function route(path: string, endpoints: BehaviorEndpoint[], captures: Record<string, string> = {}): RouteDef {
  return makeRoute({
    namespace: 'behave/v1',
    path,
    captures,
    endpoints: endpoints.map((e) => ({
      methods: e.methods,
      behavior: e.behavior,
      argsMode: e.args ? 'declared' : 'undeclared',
      args: e.args ?? {},
      permission: e.permission ?? admin,
    })),
  });
}

const paging: Record<string, ArgSchema> = {
  page: { type: 'integer', default: 1, minimum: 1 },
  per_page: { type: 'integer', default: 10, minimum: 1, maximum: 100 },
  search: { type: 'string' },
};

export const behaviorRoutes: RouteDef[] = [
  route('/behave/v1/settings', [
    { methods: ['GET'], behavior: { kind: 'option', key: 'behave.settings', default: { theme: 'light' } } },
    { methods: ['POST', 'PUT', 'PATCH'], behavior: { kind: 'option', key: 'behave.settings', default: { theme: 'light' } } },
  ]),
  route('/behave/v1/progress', [
    { methods: ['GET'], behavior: { kind: 'option', key: 'behave.progress', scope: 'user' }, permission: { kind: 'rule', rule: 'authenticated' } },
    { methods: ['POST'], behavior: { kind: 'option', key: 'behave.progress', scope: 'user' }, permission: { kind: 'rule', rule: 'authenticated' } },
  ]),
  route('/behave/v1/colors', [
    { methods: ['GET'], args: paging, behavior: { kind: 'collection', collection: 'behave.colors', op: 'list', seed: [{ id: 'primary', value: '#000' }] } },
    { methods: ['POST'], args: { id: { type: 'string' }, value: { type: 'string', required: true } }, behavior: { kind: 'collection', collection: 'behave.colors', op: 'create', idParam: 'id' } },
  ]),
  route('/behave/v1/colors/<id>', [
    { methods: ['GET'], args: { id: { type: 'string' } }, behavior: { kind: 'collection', collection: 'behave.colors', op: 'get', idParam: 'id' } },
    { methods: ['POST'], args: { id: { type: 'string' }, value: { type: 'string' } }, behavior: { kind: 'collection', collection: 'behave.colors', op: 'upsert', idParam: 'id' } },
    { methods: ['DELETE'], args: { id: { type: 'string' } }, behavior: { kind: 'collection', collection: 'behave.colors', op: 'delete', idParam: 'id' } },
  ], { id: '[\\w-]+' }),
  route('/behave/v1/plugins/<slug>/activate', [
    { methods: ['POST'], args: { slug: { type: 'string' } }, behavior: { kind: 'action', collection: 'behave.plugins', idParam: 'slug', field: 'status', to: 'active', from: ['inactive'], initial: 'inactive' } },
  ], { slug: '[\\w-]+' }),
  route('/behave/v1/plugins/<slug>/deactivate', [
    { methods: ['POST'], args: { slug: { type: 'string' } }, behavior: { kind: 'action', collection: 'behave.plugins', idParam: 'slug', field: 'status', to: 'inactive', from: ['active'], initial: 'inactive' } },
  ], { slug: '[\\w-]+' }),
  route('/behave/v1/languages', [
    { methods: ['GET'], behavior: { kind: 'catalog', data: 'behave-languages' }, permission: { kind: 'public' } },
  ]),
  route('/behave/v1/webhook', [
    { methods: ['POST'], behavior: { kind: 'inbox', channel: 'behave.webhook', dedupeBy: 'header:x-event-id' }, permission: { kind: 'public' } },
    { methods: ['GET'], args: paging, behavior: { kind: 'inbox', channel: 'behave.webhook', op: 'list' } },
  ]),
  route('/behave/v1/keywords', [
    { methods: ['POST'], args: { business_name: { type: 'string', required: true }, business_description: { type: 'string' } }, behavior: { kind: 'upstream', service: 'behave-ai', setting: 'behave_ai_url', local: 'keywords' } },
  ]),
  route('/behave/v1/license', [
    { methods: ['POST'], args: { key: { type: 'string', required: true } }, behavior: { kind: 'upstream', service: 'behave-license', setting: 'behave_license_url' } },
  ]),
];

export const behaviorCatalogs = {
  'behave-languages': { items: [{ id: 'en', name: 'English' }, { id: 'fr', name: 'French' }] },
};
