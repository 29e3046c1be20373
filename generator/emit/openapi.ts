/**
 * `openapi.json`: an OpenAPI 3.1 description of the deployment, for tools that speak OpenAPI
 * rather than WordPress discovery. Schemas come from the runtime's `argsToJsonSchema`, so they
 * say what the validators check.
 */
import type { ArgSchema, DeploymentModel, Endpoint, Route } from '../../contract/model.ts';
import { argToJsonSchema, argsToJsonSchema } from '../../contract/args-schema.ts';
import type { EmittedFile } from './emitted-file.ts';
import { bracedPath, resourceTypeName } from './naming.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const ERROR_REF = { $ref: '#/components/schemas/Error' };

function declaredArgs(endpoint: Endpoint): Record<string, ArgSchema> {
  return endpoint.argsMode === 'declared' ? endpoint.args : {};
}

/** The schema of one param; an arg WordPress does not validate also takes a plain string. */
function paramSchema(arg: ArgSchema): object {
  return arg.validate === false ? { anyOf: [{ type: 'string' }, argToJsonSchema(arg)] } : argToJsonSchema(arg);
}

function pathParameters(route: Route, endpoint: Endpoint): object[] {
  const args = declaredArgs(endpoint);
  return route.captures.map((c) => ({
    name: c.name,
    in: 'path',
    required: true,
    schema: args[c.name] ? paramSchema(args[c.name]) : { type: 'string', pattern: `^${c.pattern}$` },
  }));
}

function queryParameters(route: Route, endpoint: Endpoint): object[] {
  const captures = new Set(route.captures.map((c) => c.name));
  return Object.entries(declaredArgs(endpoint))
    .filter(([name]) => !captures.has(name))
    .map(([name, arg]) => ({
      name,
      in: 'query',
      required: arg.required === true,
      ...(arg.description ? { description: arg.description } : {}),
      schema: paramSchema(arg),
    }));
}

function requestBody(route: Route, endpoint: Endpoint): object {
  const captures = new Set(route.captures.map((c) => c.name));
  const args = Object.fromEntries(Object.entries(declaredArgs(endpoint)).filter(([name]) => !captures.has(name)));
  const schema = endpoint.argsMode === 'undeclared' ? { type: 'object', additionalProperties: true } : argsToJsonSchema(args, 'request');
  return { required: false, content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } } };
}

function responseSchema(endpoint: Endpoint): object {
  const r = endpoint.response;
  if (r === undefined) return {};
  if ('deleted' in r) {
    const previous = { $ref: `#/components/schemas/${resourceTypeName(r.deleted)}` };
    return { type: 'object', properties: { deleted: { type: 'boolean' }, previous } };
  }
  const ref = { $ref: `#/components/schemas/${resourceTypeName(r.resource)}` };
  return r.many ? { type: 'array', items: ref } : ref;
}

function operation(route: Route, endpoint: Endpoint, method: string, index: number): object {
  const op: Record<string, unknown> = {
    // OpenAPI wants one id per method; the first method keeps the spec's id.
    operationId: index === 0 ? endpoint.operationId : `${endpoint.operationId}${method.charAt(0)}${method.slice(1).toLowerCase()}`,
    tags: [route.namespace === '' ? 'root' : route.namespace],
  };
  if (endpoint.description) op.summary = endpoint.description;
  if (endpoint.deprecated) op.deprecated = true;
  const parameters = [...pathParameters(route, endpoint), ...(BODY_METHODS.has(method) ? [] : queryParameters(route, endpoint))];
  if (parameters.length > 0) op.parameters = parameters;
  if (BODY_METHODS.has(method)) op.requestBody = requestBody(route, endpoint);
  if (endpoint.permission.kind !== 'public') op.security = [{ applicationPassword: [] }, { cookieNonce: [] }];
  op.responses = {
    '200': { description: 'Success', content: { 'application/json': { schema: responseSchema(endpoint) } } },
    default: { description: 'An error in the interface shape', content: { 'application/json': { schema: ERROR_REF } } },
  };
  return op;
}

export function openApiDocument(deployment: DeploymentModel): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of deployment.routes) {
    const item = (paths[bracedPath(route)] ??= {});
    for (const endpoint of route.endpoints) {
      endpoint.methods.forEach((method, i) => {
        item[method.toLowerCase()] = operation(route, endpoint, method, i);
      });
    }
  }
  const schemas: Record<string, object> = {
    Error: {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: { code: { type: 'string' }, message: { type: 'string' }, data: { type: 'object', properties: { status: { type: 'integer' } } } },
    },
  };
  for (const name of Object.keys(deployment.resources).sort()) {
    const resource = deployment.resources[name];
    schemas[resourceTypeName(name)] = { title: resource.schema.title, ...argsToJsonSchema(resource.schema.properties, 'response') };
  }
  return {
    openapi: '3.1.0',
    info: { title: `${deployment.site.name} REST interface (${deployment.name})`, version: '1.0.0', description: deployment.description },
    servers: [{ url: '/wp-json' }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        applicationPassword: { type: 'http', scheme: 'basic', description: 'User name and application password.' },
        cookieNonce: { type: 'apiKey', in: 'header', name: 'X-WP-Nonce', description: 'Logged-in session cookie plus its nonce.' },
      },
    },
  };
}

export function emitOpenApi(deployment: DeploymentModel): EmittedFile[] {
  return [{ path: `deployments/${deployment.name}/openapi.json`, content: JSON.stringify(openApiDocument(deployment), null, 2) + '\n' }];
}
