/**
 * The implicit `GET /<namespace>` route (behaviour `index`): the namespace and the description
 * of each of its routes, with a link up to the REST root (WordPress's get_namespace_index).
 */
import type { HandlerContext, HandlerResult } from './types.ts';
import { describeRoute } from './route-descriptor.ts';

export function namespaceIndex(ctx: HandlerContext): HandlerResult {
  const namespace = ctx.route.namespace;
  const routes: Record<string, unknown> = {};
  for (const route of ctx.app.routes) {
    if (route.namespace === namespace) routes[route.pattern] = describeRoute(ctx.app, route, ctx.params.context === 'help' ? 'help' : 'view');
  }
  return { data: { namespace, routes, _links: { up: [{ href: `${ctx.app.config.restUrl}/` }] } } };
}
