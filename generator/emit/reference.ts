/**
 * The browsable HTML reference of a deployment: `deployments/<name>/reference/index.html`
 * (served by `specpress serve` at `/specpress/reference/`) with every route, its params (nested
 * ones too), what it answers (fields with their contexts, linked to the shape), its error codes
 * and an example request. It shows what a client sees, never how the server implements it.
 *
 * The page carries its data as JSON (one line per route and per shape, so a spec change is a
 * one-line diff) and is drawn in the browser by one script and stylesheet shared by every
 * deployment, `shared/reference/reference.{js,css}` (copied from `templates/reference/`): the
 * markup of a route is written once, in the script, not once per route and deployment.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Handlebars from 'handlebars';
import type { ArgSchema, DeploymentModel, Endpoint, Permission, Route } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import type { JsonSchema } from './published-schema.ts';
import { mayBeUnavailable, namedShapes, responseOf } from './responses.ts';
import { resourceTypeName } from './naming.ts';
import { samplePath, validValue } from './sample-values.ts';

const read = (name: string): string => readFileSync(new URL(`../../templates/reference/${name}`, import.meta.url), 'utf8');

/**
 * The page template, compiled at the first page drawn: handlebars is loaded only then, since a
 * run that takes every deployment's files from an earlier run (deployment-cache.ts) draws none.
 */
let pageTemplate: Handlebars.TemplateDelegate | undefined;
function page(context: object): string {
  if (pageTemplate === undefined) {
    const handlebars = (createRequire(import.meta.url)('handlebars') as typeof Handlebars).create();
    pageTemplate = handlebars.compile(read('index.html.hbs'), { strict: false });
  }
  return pageTemplate(context);
}

/** One row of a params or fields table; `children` are the properties of an object (or of its items). */
interface Row {
  name: string;
  type: string;
  required?: boolean;
  default?: string;
  constraints: string;
  contexts?: string;
  readonly?: boolean;
  description: string;
  /** The named shape this row is, linked. */
  shape?: string;
  children: Row[];
}

const anchor = (kind: string, text: string): string => `${kind}-${text.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-|-$/g, '')}`;
/** The id of a namespace's section in the reference page. */
export const namespaceAnchor = (ns: string): string => anchor('ns', ns === '' ? 'root' : ns);
const json = (value: unknown): string => JSON.stringify(value);

function typeText(schema: ArgSchema | JsonSchema): string {
  const s = schema as ArgSchema;
  if (s.oneOf) return s.oneOf.map(typeText).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeText).join(' | ');
  const types = Array.isArray(s.type) ? s.type.join(' | ') : (s.type ?? 'any');
  const items = s.items ? `${typeText(s.items)}[]` : undefined;
  if (types === 'array' && items) return items;
  return `${types}${s.format ? ` (${s.format})` : ''}`;
}

function constraintsOf(s: ArgSchema): string {
  const out: string[] = [];
  if (s.enum) out.push(`one of ${s.enum.map(json).join(', ')}`);
  if (s.items?.enum) out.push(`items one of ${s.items.enum.map(json).join(', ')}`);
  if (s.minimum !== undefined) out.push(`${s.exclusiveMinimum ? '>' : '≥'} ${s.minimum}`);
  if (s.maximum !== undefined) out.push(`${s.exclusiveMaximum ? '<' : '≤'} ${s.maximum}`);
  if (s.minLength !== undefined) out.push(`length ≥ ${s.minLength}`);
  if (s.maxLength !== undefined) out.push(`length ≤ ${s.maxLength}`);
  if (s.minItems !== undefined) out.push(`≥ ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`≤ ${s.maxItems} items`);
  if (s.uniqueItems) out.push('unique items');
  if (s.pattern) out.push(`matches /${s.pattern}/`);
  return out.join('; ');
}

function nestedOf(s: ArgSchema): Record<string, ArgSchema> {
  return s.properties ?? s.items?.properties ?? {};
}

function argRows(args: Record<string, ArgSchema>, requiredList: string[] = []): Row[] {
  return Object.entries(args).map(([name, s]) => ({
    name,
    type: typeText(s),
    required: s.required === true || requiredList.includes(name),
    default: s.default === undefined ? undefined : json(s.default),
    constraints: constraintsOf(s),
    contexts: s.context?.join(', '),
    readonly: s.readonly === true,
    description: s.description ?? '',
    children: argRows(nestedOf(s), Array.isArray(s.required) ? s.required : Array.isArray(s.items?.required) ? s.items.required : []),
  }));
}

/** Rows of a published JSON Schema (shapes that are not resources); `$ref`s are bare shape names. */
function schemaRows(schema: JsonSchema): Row[] {
  const props = (schema.properties ?? (schema.items as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required as string[] | undefined) ?? [];
  return Object.entries(props).map(([name, s]) => {
    const ref = typeof s.$ref === 'string' ? s.$ref : typeof (s.items as JsonSchema | undefined)?.$ref === 'string' ? ((s.items as JsonSchema).$ref as string) : undefined;
    return {
      name,
      type: ref ? (s.$ref ? ref : `${ref}[]`) : typeText(s),
      required: required.includes(name),
      constraints: constraintsOf(s as ArgSchema),
      description: (s.description as string | undefined) ?? '',
      shape: ref ? anchor('shape', ref) : undefined,
      children: ref ? [] : schemaRows(s),
    };
  });
}

function permissionText(p: Permission): string {
  if (p.kind === 'public') return 'Public.';
  if (p.kind === 'capability') return `Needs the ${p.capability} capability.`;
  return `Needs the ${p.rule} permission on the item.`;
}

/** The errors a client can get, by status, as the runtime answers them. */
function errorsOf(route: Route, endpoint: Endpoint): Array<{ status: number; codes: string; when: string }> {
  const out: Array<{ status: number; codes: string; when: string }> = [];
  const args = Object.values(endpoint.args);
  if (endpoint.argsMode === 'declared' && args.length > 0) {
    const missing = args.some((a) => a.required === true);
    out.push({ status: 400, codes: missing ? 'rest_invalid_param, rest_missing_callback_param' : 'rest_invalid_param', when: 'a param is invalid or missing' });
  }
  if (endpoint.permission.kind !== 'public') {
    out.push({ status: 401, codes: 'rest_forbidden', when: 'not logged in' });
    out.push({ status: 403, codes: 'rest_forbidden', when: 'logged in without the permission' });
  }
  if (route.captures.length > 0) out.push({ status: 404, codes: 'rest_*_invalid_id', when: 'no item matches the path' });
  if (mayBeUnavailable(endpoint)) out.push({ status: 503, codes: 'rest_upstream_unavailable', when: 'the upstream service is not configured' });
  return out;
}

function exampleOf(route: Route, endpoint: Endpoint): string | undefined {
  const path = samplePath(route);
  if (path === undefined) return undefined;
  const method = endpoint.methods[0];
  const captures = new Set(route.captures.map((c) => c.name));
  const required = Object.entries(endpoint.args).filter(([name, a]) => a.required === true && !captures.has(name));
  const values = Object.fromEntries(required.map(([name, a]) => [name, validValue(a)]));
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
    return `${method} /wp-json${path}${query ? `?${query}` : ''}`;
  }
  return `${method} /wp-json${path}\nContent-Type: application/json\n\n${JSON.stringify(values, null, 2)}`;
}

function endpointView(route: Route, endpoint: Endpoint, deployment: DeploymentModel) {
  const response = responseOf(endpoint, deployment);
  return {
    id: anchor('op', endpoint.operationId),
    methods: endpoint.methods,
    operationId: endpoint.operationId,
    description: endpoint.description,
    deprecated: endpoint.deprecated === true,
    permission: permissionText(endpoint.permission),
    argsNote: endpoint.argsMode === 'undeclared' ? 'Takes a body this reference does not describe.' : endpoint.argsMode === 'none' ? 'Takes no parameters.' : undefined,
    params: endpoint.argsMode === 'declared' ? argRows(endpoint.args) : [],
    response: response && { name: response.name, many: response.many, shape: anchor('shape', response.name) },
    errors: errorsOf(route, endpoint),
    example: exampleOf(route, endpoint),
  };
}

/** Drops what the page treats as absent (undefined, '', false, empty lists) to keep the data small. */
function compact(_key: string, value: unknown): unknown {
  if (value === '' || value === false || (Array.isArray(value) && value.length === 0)) return undefined;
  return value;
}

/** JSON safe inside a `<script>` element: `<` never starts a tag there. */
const scriptJson = (value: unknown): string => JSON.stringify(value, compact).replace(/</g, '\\u003c');

/** The data lines: one per namespace description, per route and per shape. */
function dataText(namespaces: Record<string, string>, routes: unknown[], shapes: unknown[]): string {
  const list = (items: unknown[]) => items.map(scriptJson).join(',\n');
  const described = Object.entries(namespaces).map(([name, text]) => `${JSON.stringify(name)}: ${scriptJson(text)}`).join(',\n');
  return `{"namespaces": {\n${described}\n},\n"routes": [\n${list(routes)}\n],\n"shapes": [\n${list(shapes)}\n]}`;
}

export function emitReference(deployment: DeploymentModel): EmittedFile[] {
  const routes = deployment.routes.map((route) => {
    const ns = route.namespace;
    return {
      namespace: ns === '' ? '(root)' : ns,
      namespaceId: namespaceAnchor(ns),
      path: route.path,
      id: anchor('route', route.path),
      search: [route.path, ...route.endpoints.flatMap((e) => [e.operationId, ...e.methods])].join(' ').toLowerCase(),
      endpoints: route.endpoints.map((e) => endpointView(route, e, deployment)),
    };
  });
  const resourceNames = new Map(Object.keys(deployment.resources).map((r) => [resourceTypeName(r), r]));
  const shapes = [...namedShapes(deployment)].map(([name, schema]) => {
    const resource = resourceNames.get(name);
    return {
      name,
      id: anchor('shape', name),
      description: (schema.description as string | undefined) ?? (resource ? `The ${deployment.resources[resource]!.schema.title} resource.` : ''),
      hasContexts: resource !== undefined,
      // Resources keep their contexts (which fields `view`, `edit` and `embed` answers carry).
      fields: resource ? argRows(deployment.resources[resource]!.schema.properties) : schemaRows(schema),
      many: schema.type === 'array',
    };
  });
  const endpointCount = deployment.routes.reduce((n, r) => n + r.endpoints.length, 0);
  // Keyed as the routes name their namespace, so the page finds a section's description by that name.
  const descriptions = Object.fromEntries(Object.entries(deployment.namespaceDescriptions ?? {}).map(([name, text]) => [name === 'root' ? '(root)' : name, text]));
  const content = page({ deployment, routeCount: deployment.routes.length, endpointCount, data: dataText(descriptions, routes, shapes) });
  return [{ path: `deployments/${deployment.name}/reference/index.html`, content, preformatted: true }];
}

/** The script and stylesheet every deployment's reference page loads, written once. */
export function emitReferenceAssets(): EmittedFile[] {
  return ['reference.js', 'reference.css'].map((name) => ({ path: `shared/reference/${name}`, content: read(name), preformatted: true }));
}
