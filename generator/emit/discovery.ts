/**
 * `discovery.json`: the document `GET /` answers (interface document 2.1). Site fields and
 * addresses are placeholders (`{name}`, `{rest_url}`...) that the runtime fills per request,
 * so the file is the same on every machine.
 */
import type { DeploymentModel, Endpoint, Route } from '../model.ts';
import type { EmittedFile } from './emitted-file.ts';

/** Site fields the runtime replaces, in the order WordPress prints them. */
export const SITE_PLACEHOLDERS = ['name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string', 'page_for_posts', 'page_on_front', 'show_on_front'] as const;

function endpointDescriptor(endpoint: Endpoint): Record<string, unknown> {
  const descriptor: Record<string, unknown> = { methods: endpoint.methods };
  if (endpoint.allowBatch) descriptor.allow_batch = { v1: true };
  // WordPress prints an empty PHP array as [] for endpoints without params.
  const hasArgs = endpoint.argsMode === 'declared' && Object.keys(endpoint.args).length > 0;
  descriptor.args = hasArgs ? endpoint.args : [];
  return descriptor;
}

/** Methods of a route: each endpoint's methods in order, repeats kept as WordPress does. */
export function routeMethods(route: Route): string[] {
  return route.endpoints.flatMap((e) => e.methods);
}

export function routeDescriptor(route: Route): Record<string, unknown> {
  const descriptor: Record<string, unknown> = {
    namespace: route.namespace,
    methods: routeMethods(route),
    endpoints: route.endpoints.map(endpointDescriptor),
  };
  if (route.captures.length === 0) {
    const path = route.path === '/' ? '/' : route.path;
    descriptor._links = { self: [{ href: `{rest_url}${path}` }] };
  }
  return descriptor;
}

export function discoveryDocument(deployment: DeploymentModel): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const field of SITE_PLACEHOLDERS) doc[field] = `{${field}}`;
  doc.namespaces = deployment.namespaces;
  doc.authentication = deployment.authentication.applicationPasswords
    ? { 'application-passwords': { endpoints: { authorization: '{auth_url}' } } }
    : [];
  const routes: Record<string, unknown> = {};
  for (const route of deployment.routes) routes[route.pattern] = routeDescriptor(route);
  doc.routes = routes;
  return doc;
}

export function emitDiscovery(deployment: DeploymentModel): EmittedFile[] {
  return [{ path: `deployments/${deployment.name}/discovery.json`, content: JSON.stringify(discoveryDocument(deployment), null, 2) + '\n' }];
}
