/**
 * `tests/success.test.ts` of a deployment: every endpoint (route × method) called once on its
 * success path, as an identity its permission lets through, with sample values from its args'
 * schemas and the objects its path names made first, and its answer (status, media type, body)
 * validated against the deployment's `openapi.json` (runtime/testing/success-paths.ts).
 * Endpoints that honestly cannot succeed on a test server are listed with their reason and
 * must answer the error they document; the suite prints how many success paths were called and
 * validated of how many endpoints.
 */
import type { DeploymentModel, Endpoint, Route } from '../../contract/model.ts';
import type { SuccessCase, SuccessSetup, UnreachableCase } from '../../contract/success-case.ts';
import type { Identity } from '../../contract/suite-case.ts';
import type { EmittedFile } from './emitted-file.ts';
import { captureSamples, expectationOf, paramsOf } from './permission-tests.ts';
import { mayBeUnavailable } from './responses.ts';
import { isMediaType, postTypeEntry } from '../../contract/post-types.ts';
import { generatedBanner, tableConstant } from './ts-source.ts';
import { dataFile } from './data-file.ts';
import { importStatement } from './literal-layout.ts';

/** The identity that calls: the administrator when allowed, else the most capable one allowed. */
function callerOf(endpoint: Endpoint, route: Route): Identity | undefined {
  const allowed = expectationOf(endpoint.permission, route).allowed;
  if (allowed.includes('administrator')) return 'administrator';
  return allowed[allowed.length - 1];
}

/**
 * For a collection endpoint acting on one record named by a capture: a create of a record of the
 * same collection through the deployment's own create endpoint (a path without captures), or an
 * upsert on the same path with the sample key.
 */
function recordSetup(deployment: DeploymentModel, route: Route, endpoint: Endpoint, samples: Record<string, string>): SuccessSetup[] | undefined {
  const b = endpoint.behavior;
  if (b?.kind !== 'collection' || !b.idParam || b.op === 'create' || b.op === 'list' || b.op === 'upsert') return undefined;
  if (!route.captures.some((c) => c.name === b.idParam)) return undefined;
  for (const other of deployment.routes) {
    for (const e of other.endpoints) {
      const ob = e.behavior;
      if (ob?.kind !== 'collection' || ob.collection !== b.collection || ob.scope !== b.scope) continue;
      const params = paramsOf(e, other);
      if (params === undefined) continue;
      const method = e.methods.find((m) => m === 'POST') ?? e.methods[0]!;
      if (ob.op === 'create' && other.captures.length === 0) return [{ method, path: other.path, params, capture: b.idParam }];
      if (ob.op === 'upsert' && other.path === route.path) {
        const pattern = new RegExp(`^(?:${route.captures.find((c) => c.name === b.idParam)!.pattern})$`);
        const key = samples[b.idParam] ?? ['1', 'sample', 'a', 'abc'].find((v) => pattern.test(v));
        if (key === undefined) continue;
        samples[b.idParam] = key;
        return [{ method, path: route.path.replace(`<${b.idParam}>`, key), params }];
      }
    }
  }
  return undefined;
}

/**
 * For a collection endpoint whose record key is a param (a query arg or a body field, not a
 * capture): an upsert names any key; a get, update or delete acts on a record made first, by the
 * collection's create endpoint (the call then names the id it answered) or by an upsert under
 * the key the call names. The setup and the params (`use`: param -> saved name) of the call.
 */
function keyedRecordSetup(deployment: DeploymentModel, route: Route, endpoint: Endpoint, params: Record<string, unknown>): { setup: SuccessSetup[]; use: Record<string, string> } | undefined {
  const b = endpoint.behavior;
  if (b?.kind !== 'collection' || !b.idParam || b.op === 'create' || b.op === 'list') return undefined;
  if (route.captures.some((c) => c.name === b.idParam)) return undefined;
  // An undescribed body: nothing above put the key in it.
  if (b.op === 'upsert') {
    params[b.idParam] ??= 'sample';
    return undefined;
  }
  for (const other of deployment.routes) {
    if (other.captures.length > 0) continue;
    for (const e of other.endpoints) {
      const ob = e.behavior;
      if (ob?.kind !== 'collection' || ob.collection !== b.collection || ob.scope !== b.scope) continue;
      const made = paramsOf(e, other);
      if (made === undefined) continue;
      const method = e.methods.find((m) => m === 'POST') ?? e.methods[0]!;
      if (ob.op === 'create') return { setup: [{ method, path: other.path, params: made, save: { record: 'id' } }], use: { [b.idParam]: 'record' } };
      if (ob.op === 'upsert' && ob.idParam) {
        params[b.idParam] ??= 'sample';
        return { setup: [{ method, path: other.path, params: { ...made, [ob.idParam]: params[b.idParam] } }], use: {} };
      }
    }
  }
  return undefined;
}

type ActionBehavior = Extract<NonNullable<Endpoint['behavior']>, { kind: 'action' }>;

/** The action endpoints of a collection, with the route each is on. */
function actionsOf(deployment: DeploymentModel, collection: string): Array<{ route: Route; endpoint: Endpoint; b: ActionBehavior }> {
  const out: Array<{ route: Route; endpoint: Endpoint; b: ActionBehavior }> = [];
  for (const route of deployment.routes) for (const endpoint of route.endpoints) if (endpoint.behavior?.kind === 'action' && endpoint.behavior.collection === collection) out.push({ route, endpoint, b: endpoint.behavior });
  return out;
}

/**
 * For an action that needs its record in a state first (activate needs `installed: yes`, a
 * rollback needs `migration: migrated`): the actions of the same collection that put it there,
 * in order, on the record `key` names. Undefined when no endpoint of the deployment can.
 */
function actionSetup(deployment: DeploymentModel, b: ActionBehavior, key: string | undefined, depth = 0): SuccessSetup[] | undefined {
  const needs: Array<[string, string[]]> = [...Object.entries(b.requires ?? {})];
  if (b.from && !(b.initial !== undefined && b.from.includes(b.initial))) needs.push([b.field, b.from]);
  const steps: SuccessSetup[] = [];
  for (const [field, values] of needs) {
    const maker = actionsOf(deployment, b.collection).find((a) => a.b.field === field && values.includes(a.b.to) && a.endpoint.behavior !== b);
    if (maker === undefined || depth > 3) return undefined;
    const before = actionSetup(deployment, maker.b, key, depth + 1);
    if (before === undefined) return undefined;
    const params = paramsOf(maker.endpoint, maker.route);
    if (params === undefined) return undefined;
    let path = maker.route.path;
    if (maker.b.idParam !== undefined) {
      if (key === undefined) return undefined;
      if (maker.route.captures.some((c) => c.name === maker.b.idParam)) path = path.replace(`<${maker.b.idParam}>`, key);
      else params[maker.b.idParam] = key;
    }
    if (/<\w+>/.test(path)) return undefined;
    steps.push(...before, { method: maker.endpoint.methods[0]!, path, params });
  }
  return steps;
}

/** The key an action's setup and its own call share: one the endpoints that make its state accept too. */
function actionKey(deployment: DeploymentModel, route: Route, endpoint: Endpoint, b: ActionBehavior, samples: Record<string, string>): string | undefined {
  if (b.idParam === undefined) return undefined;
  const own = samples[b.idParam] ?? (typeof paramsOf(endpoint, route)?.[b.idParam] === 'string' ? String(paramsOf(endpoint, route)![b.idParam]) : undefined);
  const makers = actionsOf(deployment, b.collection).filter((a) => a.b.idParam !== undefined);
  const enums = makers.map((a) => a.endpoint.args[a.b.idParam!]?.enum).filter((e): e is unknown[] => Array.isArray(e));
  const fits = (v: string) => enums.every((e) => e.includes(v)) && (endpoint.args[b.idParam!]?.enum?.includes(v) ?? true);
  if (own !== undefined && fits(own)) return own;
  const capture = route.captures.find((c) => c.name === b.idParam);
  const candidates = enums.flat().filter((v): v is string => typeof v === 'string');
  // A key no arg describes (an undeclared body): any name will do, the same for the setup and the call.
  return candidates.find((v) => fits(v) && (capture === undefined || new RegExp(`^(?:${capture.pattern})$`).test(v))) ?? own ?? (endpoint.args[b.idParam] === undefined ? 'sample' : undefined);
}

/** Why an endpoint cannot succeed on a test server, and the status it documents for it. */
function unreachable(endpoint: Endpoint): { status: number; reason: string } | undefined {
  const b = endpoint.behavior;
  if (b?.kind === 'unavailable') return { status: b.status, reason: `this server does not do it (needs ${b.needs}): ${b.reason}` };
  if (b?.kind === 'upstream' && mayBeUnavailable(endpoint)) {
    return { status: 503, reason: `upstream service ${b.service} not configured (setting ${b.setting})` };
  }
  if (b?.kind === 'inbox' && b.signature) return { status: 503, reason: `signed deliveries: the shared secret (setting ${b.signature.setting}) is not configured` };
  return undefined;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Objects that custom handlers act on, named by a param or a capture rather than by a post
 * type: how one is made through the deployment's own endpoints (steps saving its id), and the
 * params and captures that name it. A route of the object's namespace whose param or capture
 * has one of these names gets the object made first.
 */
interface ObjectMaker {
  namespace: string;
  steps: SuccessSetup[];
  /** The saved name of the object's id. */
  saved: string;
  params: string[];
  /** `<capture>` names, by the route path they appear in. */
  captures: Array<{ path: RegExp; capture: string }>;
  /** Bodies the spec does not describe (`args: undeclared`) that name the object, by route path: the param, and what else the body needs. */
  bodies?: Array<{ path: RegExp; param: string; params: Record<string, unknown> }>;
  /** Only routes whose path matches (a param name such as `id` means another object elsewhere in the namespace). */
  only?: RegExp;
  /** Not routes whose path matches (there the param names something else: the migrator's `form_ids` are the source plugin's). */
  except?: RegExp;
  /** Params of the case whose value must be new in the suite (a variable's label is unique): the runner makes each so. */
  unique?: string[];
}

const FORM_STEP: SuccessSetup = {
  method: 'POST',
  path: '/formsuite/v1/create-new-form',
  params: { title: 'Success path form', status: 'publish', fields: [{ name: 'email', label: 'Email', type: 'email' }] },
  save: { form: 'id' },
};

const VARIABLE_STEP: SuccessSetup = {
  method: 'POST',
  path: '/pagebuilder/v1/variables/create',
  params: { type: 'color', label: 'Success path colour', value: '#336699' },
  save: { variable: 'data.variable.id' },
  unique: ['label'],
};

const OBJECT_MAKERS: ObjectMaker[] = [
  {
    namespace: 'formsuite/v1',
    steps: [FORM_STEP, { method: 'POST', path: '/formsuite/v1/submit-form', params: { email: 'someone@example.org' }, use: { form_id: 'form' }, save: { entry: 'entry_id' } }],
    saved: 'entry',
    params: ['entry_ids'],
    captures: [{ path: /\/entry\/<id>\//, capture: 'id' }, { path: /\/after-submission\//, capture: 'submission_id' }],
  },
  {
    namespace: 'formsuite/v1',
    steps: [FORM_STEP],
    saved: 'form',
    params: ['form_id', 'post_id', 'post_ids', 'form_ids'],
    except: /\/migrator\//,
    captures: [{ path: /\/forms\/<id>$/, capture: 'id' }],
    // A visitor's submission: the form's id and a value for its one field.
    bodies: [{ path: /\/submit-form$/, param: 'form_id', params: { email: 'someone@example.org' } }],
  },
  // The page builder's variables: an update or delete names a live one, a restore a deleted one,
  // a batch the watermark of the set as it is now.
  { namespace: 'pagebuilder/v1', steps: [VARIABLE_STEP], saved: 'variable', params: ['id'], captures: [], only: /\/variables\/(?:update|delete)$/, unique: ['label'] },
  {
    namespace: 'pagebuilder/v1',
    steps: [VARIABLE_STEP, { method: 'POST', path: '/pagebuilder/v1/variables/delete', params: {}, use: { id: 'variable' } }],
    saved: 'variable',
    params: ['id'],
    captures: [],
    only: /\/variables\/restore$/,
  },
  { namespace: 'pagebuilder/v1', steps: [{ method: 'GET', path: '/pagebuilder/v1/variables/list', params: {}, save: { watermark: 'data.watermark' } }], saved: 'watermark', params: ['watermark'], captures: [], only: /\/variables\/batch$/ },
];

/** The steps that make the objects the endpoint names, and which params or captures take their ids. */
function objectUses(deployment: DeploymentModel, route: Route, endpoint: Endpoint): { steps: SuccessSetup[]; use: Record<string, string>; extra: Record<string, unknown>; unique: string[] } | undefined {
  const paths = new Set(deployment.routes.map((r) => r.path));
  const steps: SuccessSetup[] = [];
  const use: Record<string, string> = {};
  const extra: Record<string, unknown> = {};
  const unique: string[] = [];
  for (const maker of OBJECT_MAKERS) {
    if (route.namespace !== maker.namespace || !maker.steps.every((s) => paths.has(s.path)) || (maker.only && !maker.only.test(route.path)) || maker.except?.test(route.path)) continue;
    const targets = [
      ...maker.params.filter((p) => endpoint.args[p] !== undefined && !(p in use)),
      ...maker.captures.filter((c) => c.path.test(route.path) && route.captures.some((k) => k.name === c.capture)).map((c) => `<${c.capture}>`),
    ];
    for (const body of maker.bodies ?? []) {
      if (endpoint.argsMode === 'undeclared' && body.path.test(route.path)) {
        targets.push(body.param);
        Object.assign(extra, body.params);
      }
    }
    // `id` of the form markup names a form too.
    if (maker.saved === 'form' && route.path.endsWith('/generate-form-markup') && endpoint.args.id !== undefined) targets.push('id');
    if (targets.length === 0) continue;
    for (const step of maker.steps) if (!steps.includes(step)) steps.push(step);
    for (const t of targets) use[t] ??= maker.saved;
    for (const p of maker.unique ?? []) if (endpoint.args[p] !== undefined && !unique.includes(p)) unique.push(p);
  }
  return steps.length ? { steps, use, extra, unique } : undefined;
}

/** The route's path with its captures filled by the case's samples, or undefined when one has none. */
function samplePath(route: Route, samples: Record<string, string>): string | undefined {
  let path = route.path;
  for (const c of route.captures) {
    if (samples[c.name] === undefined) return undefined;
    path = path.replace(`<${c.name}>`, samples[c.name]!);
  }
  return path;
}

/** The media route of the deployment (uploads are made there), if it serves one. */
function mediaCreatePath(deployment: DeploymentModel): string | undefined {
  return deployment.routes.find((r) => r.postType !== undefined && isMediaType(r.postType) && r.captures.length === 0 && r.endpoints.some((e) => e.methods.includes('POST')))?.path;
}

/**
 * The params of a success call: the required ones (paramsOf), a title for a write that takes one
 * (WordPress refuses a post with no title, content nor excerpt), `force` for a delete of what has
 * no trash, and nothing for an unvalidated arg whose default the server applies itself.
 */
function successParams(route: Route, endpoint: Endpoint, method: string): Record<string, unknown> | undefined {
  const params = paramsOf(endpoint, route);
  if (params === undefined) return undefined;
  for (const [name, arg] of Object.entries(endpoint.args)) if (arg.validate === false && !arg.required && arg.default !== undefined) delete params[name];
  if (BODY_METHODS.has(method) && endpoint.args.title !== undefined && params.title === undefined && !route.captures.length) params.title = 'Success path';
  const r = endpoint.response;
  if (method === 'DELETE' && endpoint.args.force?.type === 'boolean') {
    const deleted = r !== undefined && 'deleted' in r ? r.deleted : undefined;
    const trashable = deleted !== undefined && postTypeEntry(deleted) !== undefined && !isMediaType(deleted);
    if (!trashable) params.force = true;
  }
  return params;
}

export function successCases(deployment: DeploymentModel): { cases: SuccessCase[]; unreachable: UnreachableCase[]; unsampled: string[] } {
  const cases: SuccessCase[] = [];
  const cannot: UnreachableCase[] = [];
  const unsampled: string[] = [];
  const mediaPath = mediaCreatePath(deployment);
  for (const route of deployment.routes) {
    for (const endpoint of route.endpoints) {
      for (const method of endpoint.methods) {
        const name = `${method} ${route.path}`;
        const as = callerOf(endpoint, route);
        const params = successParams(route, endpoint, method);
        if (as === undefined || params === undefined) {
          unsampled.push(`${name}: ${as === undefined ? 'no identity is allowed to call it' : 'no sample value for a required arg'}`);
          continue;
        }
        const samples = captureSamples(endpoint, route);
        let setup = recordSetup(deployment, route, endpoint, samples);
        let why = unreachable(endpoint);
        const media = route.postType !== undefined && isMediaType(route.postType);
        if (media && mediaPath !== undefined && route.captures.some((c) => c.name === 'id')) {
          // An item with a real file: an edit names its file (`src`) and asks for a change.
          setup = [{ method: 'POST', path: mediaPath, params: {}, capture: 'id', upload: true, ...(endpoint.args.src ? { into: { src: 'source_url' } } : {}) }];
          if (endpoint.args.rotation && params.rotation === undefined) params.rotation = 90;
        }
        const b = endpoint.behavior;
        if (b?.kind === 'action' && (b.requires || b.from)) {
          const key = actionKey(deployment, route, endpoint, b, samples);
          if (key !== undefined && b.idParam !== undefined) {
            if (route.captures.some((c) => c.name === b.idParam)) samples[b.idParam] = key;
            else params[b.idParam] = key;
          }
          const steps = actionSetup(deployment, b, key);
          if (steps) setup = [...(setup ?? []), ...steps];
          else why ??= { status: 409, reason: `needs its record in a state (${Object.keys(b.requires ?? {}).concat(b.from ? [b.field] : []).join(', ')}) that no endpoint of this deployment sets without an upstream service` };
        }
        const objects = objectUses(deployment, route, endpoint);
        if (objects) {
          setup = [...(setup ?? []), ...objects.steps];
          Object.assign(params, objects.extra);
        }
        const keyed = keyedRecordSetup(deployment, route, endpoint, params);
        if (keyed) setup = [...(setup ?? []), ...keyed.setup];
        const use = { ...objects?.use, ...keyed?.use };
        // The site's own version of a template is what a delete removes (a theme's file stays):
        // the route's own save makes it first.
        if (method === 'DELETE' && endpoint.response && 'deleted' in endpoint.response && /^wp_template/.test(String(endpoint.response.deleted))) {
          const save = route.endpoints.find((e) => e.methods.includes('POST'));
          const sampled = samplePath(route, samples);
          if (save && sampled) setup = [...(setup ?? []), { method: 'POST', path: sampled, params: {} }];
        }
        // An action on a record its body names, the key undescribed: the call names one.
        if (b?.kind === 'action' && b.idParam !== undefined && endpoint.argsMode === 'undeclared' && params[b.idParam] === undefined && !route.captures.some((k) => k.name === b.idParam)) params[b.idParam] = 'sample';
        const linkParams = route.namespace === 'oembed/1.0' && endpoint.args.url !== undefined ? ['url'] : undefined;
        // The link preview fetches the page at its `url`: a page the test serves.
        const pageParams = route.namespace === 'core-block-editor/v1' && route.path === '/core-block-editor/v1/url-details' && endpoint.args.url !== undefined ? ['url'] : undefined;
        // A user delete acts on a user made for it (or, on /users/me, the caller's own account)
        // and gives its content to a user who stays.
        const deletesUser = method === 'DELETE' && endpoint.response !== undefined && 'deleted' in endpoint.response && endpoint.response.deleted === 'user';
        const madeUser = deletesUser ? (route.captures.some((k) => k.name === 'id') ? 'capture' : 'caller') : undefined;
        const userParams = deletesUser && endpoint.args.reassign !== undefined ? ['reassign'] : undefined;
        const c: SuccessCase = {
          name,
          method,
          path: route.path,
          captures: route.captures,
          ...(route.postType ? { postType: route.postType } : {}),
          samples,
          params,
          as,
          ...(setup ? { setup } : {}),
          ...(linkParams ? { linkParams } : {}),
          ...(pageParams ? { pageParams } : {}),
          ...(madeUser ? { madeUser } : {}),
          ...(userParams ? { userParams } : {}),
          ...(Object.keys(use).length ? { use } : {}),
          ...(objects?.unique.length ? { unique: objects.unique } : {}),
          ...(media && route.captures.length === 0 && method === 'POST' ? { upload: true } : {}),
          ...(endpoint.handler === 'custom' ? { custom: true } : {}),
        };
        if (why) cannot.push({ ...c, ...why });
        else cases.push(c);
      }
    }
  }
  return { cases, unreachable: cannot, unsampled };
}

const SUITE = `let server: Awaited<ReturnType<typeof startTestServer>>;
const schemas = answerSchemasOf(DEPLOYMENT);
const outcomes: SuccessOutcome[] = [];

beforeAll(async () => {
  server = await startTestServer({ deployment: DEPLOYMENT });
}, 120_000);

afterAll(async () => {
  console.log(successSummary(DEPLOYMENT, outcomes, ENDPOINTS));
  await server?.close();
});

describe.runIf(CASES.length > 0)('success paths', () => {
  it.each(CASES)('$name', async (c) => {
    const result = await callSuccessPath(server, schemas, c);
    outcomes.push(result);
    expect(result.problems).toEqual([]);
    expect(['validated', 'unwritten']).toContain(result.outcome);
  });
});

describe.runIf(UNREACHABLE.length > 0)(
  'endpoints that cannot succeed here answer their documented error',
  () => {
    it.each(UNREACHABLE)('$name: $reason', async (c) => {
      const result = await callSuccessPath(server, schemas, c);
      outcomes.push(result);
      expect(result.problems).toEqual([]);
      expect(result.outcome).toBe('unreachable');
    });
  },
);

describe('every endpoint', () => {
  it('has a case', () => {
    expect(CASES.length + UNREACHABLE.length + UNSAMPLED.length).toBe(ENDPOINTS);
    expect(UNSAMPLED).toEqual([]);
  });
});`;

export function emitSuccessTests(deployment: DeploymentModel): EmittedFile {
  const { cases, unreachable: cannot, unsampled } = successCases(deployment);
  const endpoints = deployment.routes.reduce((n, r) => n + r.endpoints.reduce((m, e) => m + e.methods.length, 0), 0);
  return dataFile(
    `deployments/${deployment.name}/tests/success.test.ts`,
    generatedBanner(`success paths of the ${deployment.name} deployment`),
    [
      importStatement('vitest', { named: ['afterAll', 'beforeAll', 'describe', 'expect', 'it'] }),
      importStatement('../../../../runtime/testing/harness.ts', { named: ['startTestServer'] }),
      importStatement('../../../../runtime/testing/success-paths.ts', { named: ['answerSchemasOf', 'callSuccessPath', 'successSummary', 'type SuccessCase', 'type SuccessOutcome', 'type UnreachableCase'] }),
    ],
    [
      { name: 'DEPLOYMENT', type: 'string', value: deployment.name },
      { name: 'ENDPOINTS', type: 'number', value: endpoints, exported: true, doc: 'Endpoints (route × method) of the deployment: every one is a case below.' },
      tableConstant('CASES', 'SuccessCase[]', cases),
      tableConstant('UNREACHABLE', 'UnreachableCase[]', cannot, ['Endpoints that cannot succeed on a test server, each with its reason: called, they must answer', 'the status they document.']),
      { name: 'UNSAMPLED', type: 'string[]', value: unsampled },
      SUITE,
    ],
  );
}
