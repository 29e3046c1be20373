/**
 * The implicit `GET /<namespace>` route (behaviour `index`): the namespace and the description
 * of each of its routes, with a link up to the REST root (WordPress's get_namespace_index).
 */
import type { HandlerContext, HandlerResult } from './types.ts';
import { describeRoute } from '../../contract/route-descriptor.ts';
import { aliasUsed, speakAlias } from './alias.ts';

export function namespaceIndex(ctx: HandlerContext<{ context?: unknown }>): HandlerResult {
  const namespace = ctx.route.namespace;
  const routes: Record<string, unknown> = {};
  for (const route of ctx.app.routes) {
    if (route.namespace === namespace) routes[route.pattern] = describeRoute({ restUrl: ctx.app.config.restUrl, resources: ctx.app.deployment.resources }, route, ctx.params.context === 'help' ? 'help' : 'view');
  }
  // Asked through an alias (wp/v2 for core/v2): answer in the alias's names.
  const alias = aliasUsed(ctx.app, ctx.request.route);
  return { data: { namespace: speakAlias(namespace, alias), routes: speakAlias(routes, alias), _links: { up: [{ href: `${ctx.app.config.restUrl}/` }] } } };
}
