/**
 * The changes of one deployment between two resolved models of the spec (contract/model.ts):
 * aliases, routes (by their spec path), methods, captures, each endpoint's args and what it
 * answers with (the fields of its resource or shape). Endpoints are matched by method, so an
 * endpoint split or merged across methods is compared method by method; methods answered by the
 * same endpoint on both sides are reported together.
 */
import type { ArgSchema, DeploymentModel, Endpoint, HttpMethod, Route } from '../../contract/model.ts';
import { METHOD_ORDER, sortMethods, type ChangeDraft, type ChangeKind } from './changes.ts';
import { compareDescriptor, type SchemaDelta } from './compare-schema.ts';

export interface DeploymentDraft {
  name: string;
  status: 'compared' | 'added' | 'removed';
  changes: ChangeDraft[];
}

/** `before` is the deployment at the ref, `after` the one now; either may be missing. */
export function compareDeployment(name: string, before: DeploymentModel | undefined, after: DeploymentModel | undefined): DeploymentDraft {
  if (before === undefined) return { name, status: 'added', changes: [{ kind: 'deployment-added', route: '', methods: [] }] };
  if (after === undefined) return { name, status: 'removed', changes: [{ kind: 'deployment-removed', route: '', methods: [] }] };
  const changes = [...compareAliases(before, after), ...compareRoutes(before, after)];
  return { name, status: 'compared', changes: changes.sort(byPlace) };
}

function compareAliases(before: DeploymentModel, after: DeploymentModel): ChangeDraft[] {
  const key = (a: { from: string; to: string }): string => `${a.from} ${a.to}`;
  const had = new Set(before.aliases.map(key));
  const has = new Set(after.aliases.map(key));
  return [
    ...before.aliases.filter((a) => !has.has(key(a))).map((a): ChangeDraft => ({ kind: 'alias-removed', route: `/${a.to}`, methods: [], subject: a.from })),
    ...after.aliases.filter((a) => !had.has(key(a))).map((a): ChangeDraft => ({ kind: 'alias-added', route: `/${a.to}`, methods: [], subject: a.from })),
  ];
}

const methodsOf = (route: Route): HttpMethod[] => sortMethods(new Set(route.endpoints.flatMap((e) => e.methods)));

function compareRoutes(before: DeploymentModel, after: DeploymentModel): ChangeDraft[] {
  const out: ChangeDraft[] = [];
  const had = new Map(before.routes.map((r) => [r.path, r]));
  const has = new Map(after.routes.map((r) => [r.path, r]));
  for (const [path, route] of had) if (!has.has(path)) out.push({ kind: 'route-removed', route: path, methods: methodsOf(route) });
  for (const [path, route] of has) {
    const old = had.get(path);
    if (old === undefined) out.push({ kind: 'route-added', route: path, methods: methodsOf(route) });
    else out.push(...compareRoute(old, route, before, after));
  }
  return out;
}

function compareRoute(old: Route, now: Route, before: DeploymentModel, after: DeploymentModel): ChangeDraft[] {
  const out: ChangeDraft[] = [];
  for (const capture of now.captures) {
    const was = old.captures.find((c) => c.name === capture.name);
    if (was !== undefined && was.pattern !== capture.pattern) out.push({ kind: 'capture-changed', route: now.path, methods: [], subject: capture.name, from: was.pattern, to: capture.pattern });
  }
  const endpointOf = (route: Route, m: HttpMethod): Endpoint | undefined => route.endpoints.find((e) => e.methods.includes(m));
  const removed = methodsOf(old).filter((m) => endpointOf(now, m) === undefined);
  const added = methodsOf(now).filter((m) => endpointOf(old, m) === undefined);
  if (removed.length > 0) out.push({ kind: 'method-removed', route: now.path, methods: removed });
  if (added.length > 0) out.push({ kind: 'method-added', route: now.path, methods: added });
  // Methods served by the same endpoint on both sides share one comparison.
  const pairs = new Map<string, { was: Endpoint; is: Endpoint; methods: HttpMethod[] }>();
  for (const m of METHOD_ORDER) {
    const was = endpointOf(old, m);
    const is = endpointOf(now, m);
    if (was === undefined || is === undefined) continue;
    const key = `${old.endpoints.indexOf(was)} ${now.endpoints.indexOf(is)}`;
    const pair = pairs.get(key) ?? { was, is, methods: [] };
    pair.methods.push(m);
    pairs.set(key, pair);
  }
  for (const { was, is, methods } of pairs.values()) {
    const at = { route: now.path, methods };
    out.push(...compareParams(was, is).map((c) => ({ ...at, ...c })));
    out.push(...compareAnswers(answerOf(was, before), answerOf(is, after)).map((c) => ({ ...at, ...c })));
  }
  return out;
}

type Located = Omit<ChangeDraft, 'route' | 'methods'>;

function compareParams(was: Endpoint, is: Endpoint): Located[] {
  const [anyBefore, anyAfter] = [was.argsMode === 'undeclared', is.argsMode === 'undeclared'];
  // A body the spec does not describe takes anything: there are no args to compare with it.
  if (anyBefore || anyAfter) {
    return anyBefore === anyAfter ? [] : [{ kind: 'params-changed', effect: anyAfter ? 'widened' : 'narrowed', from: was.argsMode, to: is.argsMode }];
  }
  const out: Located[] = [];
  for (const name of Object.keys(was.args)) if (!(name in is.args)) out.push({ kind: 'arg-removed', subject: name });
  for (const [name, arg] of Object.entries(is.args)) {
    if (!(name in was.args)) out.push({ kind: 'arg-added', subject: name, required: arg.required === true });
    else out.push(...compareDescriptor(was.args[name], arg, 'request', name).map((d) => located(d, 'arg')));
  }
  return out;
}

const DELTA_KINDS: Record<'arg' | 'response-field', Record<SchemaDelta['delta'], ChangeKind>> = {
  arg: { added: 'arg-added', removed: 'arg-removed', constraint: 'arg-changed' },
  'response-field': { added: 'response-field-added', removed: 'response-field-removed', constraint: 'response-field-changed' },
};

function located(d: SchemaDelta, of: 'arg' | 'response-field', response?: string): Located {
  const { delta, path, ...rest } = d;
  return { kind: DELTA_KINDS[of][delta], subject: path, ...rest, ...(response === undefined ? {} : { response }) };
}

/** What an endpoint answers with, as far as the spec says: JSON fields, or text of a media type. */
interface Answer {
  label: string;
  media?: string;
  many: boolean;
  keyed: boolean;
  fields: Record<string, ArgSchema>;
}

function answerOf(endpoint: Endpoint, deployment: DeploymentModel): Answer | undefined {
  const r = endpoint.response;
  if (r === undefined) return undefined;
  if ('media' in r) return { label: `media ${r.media}`, media: r.media, many: false, keyed: false, fields: {} };
  if ('deleted' in r) {
    // A delete answers the item as it was, under `previous`.
    const previous: ArgSchema = { type: 'object', properties: deployment.resources[r.deleted]?.schema.properties ?? {} };
    return { label: `deleted ${r.deleted}`, many: false, keyed: false, fields: { deleted: { type: 'boolean' }, previous } };
  }
  if ('resource' in r) return { label: `resource ${r.resource}`, many: r.many, keyed: r.keyed === true, fields: deployment.resources[r.resource]?.schema.properties ?? {} };
  return { label: `shape ${r.shape}`, many: r.many, keyed: false, fields: deployment.responseShapes?.[r.shape]?.fields ?? {} };
}

/** An answer the spec leaves undescribed on either side (a behaviour's own) is not compared. */
function compareAnswers(was: Answer | undefined, is: Answer | undefined): Located[] {
  if (was === undefined || is === undefined) return [];
  const response = is.label;
  if (was.media !== is.media) return [{ kind: 'response-changed', aspect: 'media', effect: 'changed', from: was.media ?? 'JSON', to: is.media ?? 'JSON', response }];
  const out: Located[] = [];
  if (was.many !== is.many) out.push({ kind: 'response-changed', aspect: 'many', effect: 'changed', from: was.many, to: is.many, response });
  if (was.keyed !== is.keyed) out.push({ kind: 'response-changed', aspect: 'keyed', effect: 'changed', from: was.keyed, to: is.keyed, response });
  const whole = (fields: Record<string, ArgSchema>): ArgSchema => ({ type: 'object', properties: fields });
  out.push(...compareDescriptor(whole(was.fields), whole(is.fields), 'response').map((d) => located(d, 'response-field', response)));
  return out;
}

const KIND_ORDER: ChangeKind[] = [
  'deployment-added', 'deployment-removed', 'alias-removed', 'alias-added', 'route-removed', 'route-added', 'capture-changed', 'method-removed', 'method-added',
  'params-changed', 'arg-removed', 'arg-added', 'arg-changed', 'response-changed', 'response-field-removed', 'response-field-added', 'response-field-changed',
];

/** By route, then methods, then arg or field, then kind: the same spec change is always listed the same way. */
function byPlace(a: ChangeDraft, b: ChangeDraft): number {
  const methods = (c: ChangeDraft): string => c.methods.map((m) => METHOD_ORDER.indexOf(m)).join(',');
  return (
    compareStrings(a.route, b.route) ||
    compareStrings(methods(a), methods(b)) ||
    KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
    compareStrings(a.subject ?? '', b.subject ?? '')
  );
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
