/**
 * The discovery document `GET /` answers (interface document 2.1), built in one place: the
 * generator writes it to `discovery.json` with placeholders (`{name}`, `{rest_url}`...), and the
 * runtime builds the same outline for hand-made route tables, then fills the placeholders per
 * request (runtime/rest/discovery.ts).
 */
import type { Route, Resource } from './model.ts';
import { describeRoute } from './route-descriptor.ts';

/** Site fields the runtime replaces, in the order WordPress prints them. */
export const SITE_PLACEHOLDERS = ['name', 'description', 'url', 'home', 'gmt_offset', 'timezone_string', 'page_for_posts', 'page_on_front', 'show_on_front'] as const;

/** The REST address as written in the generated document; the runtime fills it per request. */
export const REST_URL_PLACEHOLDER = '{rest_url}';

export interface DiscoveryInput {
  namespaces: string[];
  applicationPasswords: boolean;
  routes: Route[];
  resources?: Record<string, Resource>;
}

/** Site fields and addresses as placeholders, the namespaces, authentication, and every route described. */
export function discoveryOutline(input: DiscoveryInput): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const field of SITE_PLACEHOLDERS) doc[field] = `{${field}}`;
  doc.namespaces = input.namespaces;
  doc.authentication = input.applicationPasswords ? { 'application-passwords': { endpoints: { authorization: '{auth_url}' } } } : [];
  const routes: Record<string, unknown> = {};
  const site = { restUrl: REST_URL_PLACEHOLDER, resources: input.resources };
  for (const route of input.routes) routes[route.pattern] = describeRoute(site, route, 'view');
  doc.routes = routes;
  // The site identity fields WordPress 6.8 appends; this server offers no logo or icon, so none is set.
  doc.site_logo = 0;
  doc.site_icon = 0;
  doc.site_icon_url = '';
  doc._links = { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] };
  return doc;
}
