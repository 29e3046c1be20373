/**
 * `discovery.json`: the document `GET /` answers (interface document 2.1). Site fields and
 * addresses are placeholders (`{name}`, `{rest_url}`...) that the runtime fills per request,
 * so the file is the same on every machine.
 */
import type { DeploymentModel, Route } from '../model.ts';
import type { AppConfig } from '../../runtime/rest/types.ts';
import { describeRoute } from '../../runtime/rest/route-descriptor.ts';
import { routeRegex } from './naming.ts';
import type { EmittedFile } from './emitted-file.ts';

/** Site fields the runtime replaces, in the order WordPress prints them. */
export const SITE_PLACEHOLDERS = ['name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string', 'page_for_posts', 'page_on_front', 'show_on_front'] as const;

/** Methods of a route: each endpoint's methods in order, repeats kept as WordPress does. */
export function routeMethods(route: Route): string[] {
  return route.endpoints.flatMap((e) => e.methods);
}

/**
 * A route's descriptor exactly as the server publishes it: the runtime's `describeRoute`
 * (WordPress's get_data_for_route rules: published keywords only, `required` last, PHP's `[]`
 * for empty maps), with the REST address left as the `{rest_url}` placeholder.
 */
export function routeDescriptor(route: Route, deployment: DeploymentModel): Record<string, unknown> {
  const { routes: _routes, ...rest } = deployment;
  const app = { config: { restUrl: '{rest_url}' } as AppConfig, deployment: rest };
  return describeRoute(app, { ...route, regex: routeRegex(route) }, 'view');
}

export function discoveryDocument(deployment: DeploymentModel): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const field of SITE_PLACEHOLDERS) doc[field] = `{${field}}`;
  doc.namespaces = deployment.namespaces;
  doc.authentication = deployment.authentication.applicationPasswords
    ? { 'application-passwords': { endpoints: { authorization: '{auth_url}' } } }
    : [];
  const routes: Record<string, unknown> = {};
  for (const route of deployment.routes) routes[route.pattern] = routeDescriptor(route, deployment);
  doc.routes = routes;
  // The site identity fields WordPress 6.8 appends; this server offers no logo or icon, so none is set.
  doc.site_logo = 0;
  doc.site_icon = 0;
  doc.site_icon_url = '';
  doc._links = { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] };
  return doc;
}

export function emitDiscovery(deployment: DeploymentModel): EmittedFile[] {
  // Written compact: the formatter lays out each object on one line when it fits.
  return [{ path: `deployments/${deployment.name}/discovery.json`, content: JSON.stringify(discoveryDocument(deployment)) + '\n' }];
}
