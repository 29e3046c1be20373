/**
 * `openapi.json`: an OpenAPI 3.1 description of the deployment, for tools that speak OpenAPI
 * rather than WordPress discovery. Schemas come from the same descriptors the validators check
 * (through `published-schema.ts`, so defaults match their types), and every shape is written
 * once and referred to: answers by their named shape (`responses.ts`), request bodies and query
 * params shared between operations as components. The document passes `@redocly/cli lint`
 * (recommended rules) and spectral's `oas` ruleset without errors (test/generator/openapi-lint).
 */
import { jsonDocument } from './json-document.ts';
import type { ArgSchema, DeploymentModel, Endpoint, Permission, Route } from '../../contract/model.ts';
import type { EmittedFile } from './emitted-file.ts';
import { bracedPath, clientVerb, pascalCase } from './naming.ts';
import { normalizeDefaults, requestSchema, type JsonSchema } from './published-schema.ts';
import { mayBeUnavailable, namedShapes, responseOf, withShapeRefs } from './responses.ts';
import { shareSubSchemas } from './shared-subschemas.ts';
import { argToJsonSchema } from '../../contract/args-schema.ts';
import { SESSION_COOKIE } from '../../contract/cookies.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const SCHEMAS = '#/components/schemas/';
const ERROR_REF = { $ref: `${SCHEMAS}Error` };

/** Components shared by content: the first operation to need one names it. */
class ComponentPool {
  readonly items: Record<string, unknown> = {};
  private readonly byContent = new Map<string, string>();

  /** The component name holding `value`, added under `name` (or `name2`...) when new. */
  add(name: string, value: unknown): string {
    const key = JSON.stringify(value);
    const found = this.byContent.get(key);
    if (found !== undefined) return found;
    let unique = name;
    for (let n = 2; unique in this.items; n++) unique = `${name}${n}`;
    this.items[unique] = value;
    this.byContent.set(key, unique);
    return unique;
  }
}

interface Pools {
  schemas: ComponentPool;
  responses: ComponentPool;
  parameters: ComponentPool;
  requestBodies: ComponentPool;
}

function declaredArgs(endpoint: Endpoint): Record<string, ArgSchema> {
  return endpoint.argsMode === 'declared' ? endpoint.args : {};
}

/** The schema of one param; an arg WordPress does not validate also takes a plain string. */
function paramSchema(arg: ArgSchema): JsonSchema {
  const schema = normalizeDefaults(argToJsonSchema(arg));
  return arg.validate === false ? { anyOf: [{ type: 'string' }, schema] } : schema;
}

function schemaTypes(schema: JsonSchema): string[] {
  const own = Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
  const branches = [...((schema.oneOf as JsonSchema[] | undefined) ?? []), ...((schema.anyOf as JsonSchema[] | undefined) ?? [])];
  return [...own, ...branches.flatMap(schemaTypes)];
}

/**
 * How a query param is written, as WordPress reads it: an object (or a param that may be one)
 * in PHP's bracket form `name[key]=v` (deepObject); a list as a comma list `name=a,b`, which
 * WordPress splits (wp_parse_list), as it also reads `name[]=a&name[]=b`.
 */
function queryStyle(schema: JsonSchema): object {
  const types = schemaTypes(schema);
  if (types.includes('object')) return { style: 'deepObject', explode: true };
  if (types.includes('array')) return { style: 'form', explode: false };
  return {};
}

function pathParameters(route: Route, endpoint: Endpoint, alternatives: Route[]): object[] {
  const args = declaredArgs(endpoint);
  return route.captures.map((c, i) => {
    const own = args[c.name] ? paramSchema(args[c.name]!) : { type: 'string', pattern: `^${c.pattern}$` };
    // Routes that differ only by a capture's pattern share one OpenAPI path (see mergedPaths).
    const others = alternatives.map((r) => r.captures[i]).filter((o) => o !== undefined);
    const schema = others.length === 0 ? own : { anyOf: [own, ...others.map((o) => ({ type: 'string', pattern: `^${o.pattern}$` }))] };
    const description = others.length === 0 ? undefined : `Also matches ${others.map((o) => `a ${o.name} (\`${o.pattern}\`)`).join(', ')}: the first route whose pattern matches answers.`;
    return { name: c.name, in: 'path', required: true, ...(description ? { description } : {}), schema };
  });
}

function queryParameters(route: Route, endpoint: Endpoint, pools: Pools): object[] {
  const captures = new Set(route.captures.map((c) => c.name));
  return Object.entries(declaredArgs(endpoint))
    .filter(([name]) => !captures.has(name))
    .map(([name, arg]) => {
      const schema = paramSchema(arg);
      const param = {
        name,
        in: 'query',
        required: arg.required === true,
        ...(arg.description ? { description: arg.description } : {}),
        ...queryStyle(schema),
        schema,
      };
      return { $ref: `#/components/parameters/${pools.parameters.add(pascalCase(name), param)}` };
    });
}

/** The body of a write, one component per distinct schema, the same for JSON and form bodies. */
function requestBody(route: Route, endpoint: Endpoint, pools: Pools): object {
  const captures = new Set(route.captures.map((c) => c.name));
  const args = Object.fromEntries(Object.entries(declaredArgs(endpoint)).filter(([name]) => !captures.has(name)));
  // A part made by a spec shape (the meta object) is one `<Shape>Input` component, whatever resource takes it.
  const named = (shape: string, part: JsonSchema) => ({ $ref: `${SCHEMAS}${pools.schemas.add(`${pascalCase(shape)}Input`, part)}` });
  const schema = endpoint.argsMode === 'undeclared' ? { type: 'object', description: 'A body the interface does not describe: any JSON object.', additionalProperties: true } : withShapeRefs(args, requestSchema(args), named);
  const schemaName = pools.schemas.add(`${pascalCase(endpoint.operationId)}Request`, schema);
  const ref = { $ref: `${SCHEMAS}${schemaName}` };
  const body = { required: false, content: { 'application/json': { schema: ref }, 'application/x-www-form-urlencoded': { schema: ref } } };
  return { $ref: `#/components/requestBodies/${pools.requestBodies.add(`${pascalCase(endpoint.operationId)}Body`, body)}` };
}

function successSchema(endpoint: Endpoint, deployment: DeploymentModel): object {
  const r = responseOf(endpoint, deployment);
  if (r === undefined) return { description: 'The spec does not describe this answer.' };
  // An item may be answered in the embed context (`?context=embed`), which leaves out view fields.
  const ref = r.embed ? { anyOf: [{ $ref: `${SCHEMAS}${r.name}` }, { $ref: `${SCHEMAS}${r.embed}` }] } : { $ref: `${SCHEMAS}${r.name}` };
  if (r.keyed) return { type: 'object', additionalProperties: ref };
  return r.many ? { type: 'array', items: ref } : ref;
}

/** The success status: 201 where the endpoint creates (collection behaviour or a resource create). */
function successStatuses(route: Route, endpoint: Endpoint, method: string): string[] {
  const b = endpoint.behavior;
  // An operation this server cannot do never succeeds: only its error is listed.
  if (b?.kind === 'unavailable') return [];
  if (b?.kind === 'collection' && b.op === 'create') return ['201'];
  if (b?.kind === 'collection' && b.op === 'upsert') return ['200', '201'];
  const r = endpoint.response;
  if (r !== undefined && 'status' in r && r.status !== undefined) return r.status.map(String);
  if (method === 'POST' && r !== undefined && 'resource' in r && clientVerb(route, endpoint) === 'create') return ['201'];
  return ['200'];
}

const ERROR_ANSWERS: Record<string, string> = {
  '400': 'A param is missing or invalid (`rest_invalid_param`, `rest_missing_callback_param`).',
  '401': 'Not logged in (`rest_forbidden`, `rest_cannot_*`).',
  '403': 'Logged in without the needed capability (`rest_forbidden`, `rest_cannot_*`).',
  '404': 'No item has this id (`rest_*_invalid_id`).',
  '501': 'This server cannot do what the operation asks (`rest_unavailable`); the message names what it needs.',
  '502': 'The remote service answered with an error or not at all (`rest_upstream_failed`).',
  '503': 'No remote service is configured for this endpoint (`rest_upstream_not_configured`); the message names the setting to set.',
};

/** An HTML page for a person's browser, beside the JSON a script gets (`response.browser` in the spec). */
const HTML_CONTENT = { 'text/html': { schema: { type: 'string', description: 'An HTML page for a person\'s browser (the request asked for text/html), not JSON.' } } };

const SEE_OTHER = {
  description: 'A browser\'s form post (Accept: text/html) was taken: go to the page in `Location` (Post/Redirect/Get).',
  headers: { Location: { description: 'The page to show next.', schema: { type: 'string' } } },
};

function browserAnswers(endpoint: Endpoint): 'redirect' | 'page' | undefined {
  const r = endpoint.response;
  return r !== undefined && 'shape' in r ? r.browser : undefined;
}

/** An error a browser reads as an HTML page and a script as JSON in the interface's shape. */
function errorOrPage(status: string, pools: Pools): object {
  const description = status === 'default' ? 'An error in the interface shape.' : ERROR_ANSWERS[status] ?? 'An error in the interface shape.';
  const answer = { description, content: { 'application/json': { schema: ERROR_REF }, ...HTML_CONTENT } };
  return { $ref: `#/components/responses/${pools.responses.add(`ErrorOrPage${status === 'default' ? '' : status}`, answer)}` };
}

/** The error statuses an endpoint can answer, each in the interface's error shape. */
function errorStatuses(route: Route, endpoint: Endpoint): string[] {
  const out: string[] = [];
  if (endpoint.argsMode !== 'none' || route.captures.length > 0) out.push('400');
  if (endpoint.permission.kind !== 'public') out.push('401', '403');
  if (route.captures.length > 0) out.push('404');
  if (endpoint.behavior?.kind === 'upstream') out.push('502');
  if (mayBeUnavailable(endpoint)) out.push('503');
  if (endpoint.behavior?.kind === 'unavailable') out.push(String(endpoint.behavior.status));
  return [...new Set(out)].sort();
}

function describePermission(p: Permission): string {
  if (p.kind === 'public') return 'Anyone may call it.';
  return p.kind === 'capability' ? `Needs the \`${p.capability}\` capability.` : `Permission rule \`${p.rule}\`.`;
}

/** A short summary: the first sentence of the description, else the verb and the path words. */
function summaryOf(route: Route, endpoint: Endpoint): string {
  const first = endpoint.description?.split(/(?<=\.)\s/)[0]?.replace(/\.$/, '');
  if (first && first.length <= 100) return first;
  const rest = route.namespace === '' ? route.path : route.path.slice(route.namespace.length + 1);
  const words = rest.split('/').filter((w) => w !== '' && !w.startsWith('<'));
  if (words.length === 0) words.push(route.namespace === '' ? 'index' : `${route.namespace} index`);
  return `${pascalCase(clientVerb(route, endpoint))} ${words.join(' ')}`.trim();
}

const SECURITY_OPTIONS = [{ applicationPassword: [] }, { sessionCookie: [], nonce: [] }];
const PUBLIC_SECURITY = [{}, ...SECURITY_OPTIONS];

function operation(route: Route, endpoint: Endpoint, method: string, index: number, deployment: DeploymentModel, alternatives: Route[], pools: Pools): object {
  const op: Record<string, unknown> = {
    // OpenAPI wants one id per method; the first method keeps the spec's id.
    operationId: index === 0 ? endpoint.operationId : `${endpoint.operationId}${method.charAt(0)}${method.slice(1).toLowerCase()}`,
    summary: summaryOf(route, endpoint),
    description: [endpoint.description, describePermission(endpoint.permission)].filter(Boolean).join('\n\n'),
    tags: [route.namespace === '' ? 'root' : route.namespace],
  };
  if (endpoint.deprecated) op.deprecated = true;
  const parameters = [...pathParameters(route, endpoint, alternatives), ...(BODY_METHODS.has(method) ? [] : queryParameters(route, endpoint, pools))];
  if (parameters.length > 0) op.parameters = parameters;
  if (BODY_METHODS.has(method)) op.requestBody = requestBody(route, endpoint, pools);
  // The document's default security is the public one; others need credentials.
  if (endpoint.permission.kind !== 'public') op.security = SECURITY_OPTIONS;
  const responses: Record<string, object> = {};
  // Answers are shared components too: every endpoint answering a post list names one.
  const shape = responseOf(endpoint, deployment);
  const browser = browserAnswers(endpoint);
  const content = { [shape?.media ?? 'application/json']: { schema: successSchema(endpoint, deployment) }, ...(browser === 'page' ? HTML_CONTENT : {}) };
  for (const status of successStatuses(route, endpoint, method)) {
    const answer = { description: status === '201' ? 'Created' : status === '207' ? 'Multi-status' : 'Success', content };
    const name = `${status === '201' ? 'Created' : status === '207' ? 'MultiStatus' : ''}${shape === undefined ? 'Undescribed' : `${shape.name}${shape.keyed ? 'Map' : shape.many ? 'List' : ''}`}${browser === 'page' ? 'OrPage' : ''}`;
    responses[status] = { $ref: `#/components/responses/${pools.responses.add(name, answer)}` };
  }
  if (browser === 'redirect') responses['303'] = { $ref: `#/components/responses/${pools.responses.add('SeeOther', SEE_OTHER)}` };
  for (const status of errorStatuses(route, endpoint)) responses[status] = browser ? errorOrPage(status, pools) : { $ref: `#/components/responses/Error${status}` };
  responses.default = browser ? errorOrPage('default', pools) : { $ref: '#/components/responses/Error' };
  op.responses = responses;
  return op;
}

/** OpenAPI path templates, with routes that differ only by capture names or patterns grouped. */
function mergedPaths(routes: Route[]): Map<string, Route[]> {
  const byTemplate = new Map<string, Route[]>();
  for (const route of routes) {
    const template = bracedPath(route).replace(/\{[^}]+\}/g, '{}');
    byTemplate.set(template, [...(byTemplate.get(template) ?? []), route]);
  }
  return byTemplate;
}

/** `$ref: Name` of the named shapes becomes a reference to the schema component. */
function componentRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(componentRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') return { $ref: `${SCHEMAS}${ref}` };
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([n, c]) => [n, componentRefs(c)])) : componentRefs(v)]));
}

export function openApiDocument(deployment: DeploymentModel): object {
  const pools: Pools = { schemas: new ComponentPool(), responses: new ComponentPool(), parameters: new ComponentPool(), requestBodies: new ComponentPool() };
  pools.schemas.add('Error', {
    type: 'object',
    description: 'Every error answer: a machine code, a message for people, and at least the HTTP status.',
    required: ['code', 'message', 'data'],
    properties: {
      code: { type: 'string' },
      message: { type: 'string' },
      data: { type: 'object', required: ['status'], properties: { status: { type: 'integer' } }, additionalProperties: true },
    },
  });
  for (const [name, schema] of namedShapes(deployment)) pools.schemas.add(name, componentRefs(schema));

  const paths: Record<string, Record<string, object>> = {};
  for (const group of mergedPaths(deployment.routes).values()) {
    const first = group[0]!;
    const item: Record<string, object> = {};
    for (const route of group) {
      for (const endpoint of route.endpoints) {
        endpoint.methods.forEach((method, i) => {
          const key = method.toLowerCase();
          // A later route with the same template answers only the methods the first leaves free.
          if (key in item) return;
          const alternatives = route === first ? group.slice(1) : [];
          item[key] = operation(route === first ? route : { ...route, captures: first.captures.map((c, j) => ({ ...c, pattern: route.captures[j]?.pattern ?? c.pattern })) }, endpoint, method, i, deployment, alternatives, pools);
        });
      }
    }
    paths[bracedPath(first)] = item;
  }

  // Parts written out in several schemas (a meta object, a block's settings) become components.
  const schemas = new Map(Object.entries(pools.schemas.items) as Array<[string, JsonSchema]>);
  const shared = shareSubSchemas(
    schemas,
    (hint) => {
      let name = pascalCase(hint);
      for (let n = 2; schemas.has(name) || name in pools.schemas.items; n++) name = `${pascalCase(hint)}${n}`;
      schemas.set(name, {});
      return name;
    },
    (id) => ({ $ref: `${SCHEMAS}${id}` }),
  );
  for (const [name, schema] of shared) schemas.set(name, schema);
  const sortedSchemas = Object.fromEntries([...schemas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

  const errorResponses: Record<string, object> = { Error: { description: 'An error in the interface shape.', content: { 'application/json': { schema: ERROR_REF } } } };
  for (const [status, description] of Object.entries(ERROR_ANSWERS)) errorResponses[`Error${status}`] = { description, content: { 'application/json': { schema: ERROR_REF } } };

  const namespaces = [...new Set(deployment.routes.map((r) => (r.namespace === '' ? 'root' : r.namespace)))];
  return {
    openapi: '3.1.0',
    info: {
      title: `${deployment.site.name} REST interface (${deployment.name})`,
      version: '1.0.0',
      description: deployment.description,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/wp-json', description: 'The REST root of the site serving this deployment.' }],
    // Public endpoints also take credentials (they may show more to a logged-in user): `{}` is anonymous.
    security: PUBLIC_SECURITY,
    // The namespace's own description (its spec file's `description`) when it has one.
    tags: namespaces.map((name) => ({ name, description: deployment.namespaceDescriptions?.[name] ?? (name === 'root' ? 'The index and batch routes at the REST root.' : `Routes of the ${name} namespace.`) })),
    paths,
    components: {
      schemas: sortedSchemas,
      parameters: pools.parameters.items,
      requestBodies: pools.requestBodies.items,
      responses: { ...pools.responses.items, ...errorResponses },
      securitySchemes: {
        applicationPassword: { type: 'http', scheme: 'basic', description: 'User name and an application password (Users > Profile), as HTTP Basic.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie of a logged-in browser; it counts only together with the nonce.' },
        nonce: { type: 'apiKey', in: 'header', name: 'X-WP-Nonce', description: 'The REST nonce of the logged-in session (also accepted as `_wpnonce`).' },
      },
    },
  };
}

export function emitOpenApi(deployment: DeploymentModel): EmittedFile[] {
  // Written compact: the formatter then lays out each object on one line when it fits, rather
  // than one line per key (a `$ref` is one line, not three).
  return [{ path: `deployments/${deployment.name}/openapi.json`, content: jsonDocument(openApiDocument(deployment)), preformatted: true }];
}
