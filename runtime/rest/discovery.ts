/**
 * The discovery document `GET /` answers: the generated `discovery.json` with its placeholders
 * filled per request: site fields from the settings store (`{name}`, `{page_on_front}`...),
 * `{rest_url}` and `{auth_url}` from the server's address. Its `routes` are described from the
 * route table by route-descriptor.ts, the same code that answers OPTIONS and namespace
 * indexes, so the three always agree (and print `required: false` and PHP's `[]` as WordPress
 * does). With `context=help` each route also carries its schema. The root route's
 * `handler: custom` region calls this.
 */
import type { HandlerContext } from './types.ts';
import { getSiteSettings } from '../settings/site-settings.ts';
import { discoveryOutline } from '../../contract/discovery-outline.ts';
import { AUTHORIZE_PATH } from '../auth/authorize-application-page.ts';
import { describeRoute } from '../../contract/route-descriptor.ts';
import { speakAlias } from './alias.ts';

export async function discoveryDocument(ctx: Pick<HandlerContext, 'app' | 'params'>): Promise<Record<string, unknown>> {
  const { app } = ctx;
  const settings = await getSiteSettings(app.db, app.deployment.site, app.config.siteUrl);
  const template = app.discovery ?? fromRouteTable(ctx);
  const values: Record<string, unknown> = { ...settings };
  const addresses: Record<string, string> = { rest_url: app.config.restUrl, auth_url: `${app.config.siteUrl}${AUTHORIZE_PATH}` };
  // Every field but routes comes from the template, filled; keys keep the template's order.
  const doc: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    doc[key] = key === 'routes' ? routesOf(ctx, ctx.params.context === 'help' ? 'help' : 'view') : fill(value, values, addresses);
  }
  if (Array.isArray(doc.namespaces)) doc.namespaces = withAliases(doc.namespaces as string[], app.deployment.aliases ?? []);
  return doc;
}

/**
 * An aliased namespace is listed under both names (core/v2 then wp/v2), so a WordPress client
 * that checks for wp/v2 finds it; its index (`GET /wp/v2`) answers in the alias's names.
 */
function withAliases(namespaces: string[], aliases: Array<{ from: string; to: string }>): string[] {
  const out: string[] = [];
  for (const ns of namespaces) {
    out.push(ns);
    for (const alias of aliases) if (alias.from === ns && !namespaces.includes(alias.to)) out.push(alias.to);
  }
  return out;
}

/** Without a generated document (hand-made route tables): the contract's outline of the table. */
function fromRouteTable(ctx: Pick<HandlerContext, 'app'>): Record<string, unknown> {
  const { deployment, routes } = ctx.app;
  const namespaces = deployment.namespaces.length ? deployment.namespaces : [...new Set(routes.map((r) => r.namespace).filter(Boolean))];
  // Routes are described per request below (routesOf), with the server's own address.
  return discoveryOutline({ namespaces, applicationPasswords: deployment.authentication.applicationPasswords, routes: [] });
}

// The table does not change while a server runs: describe it once per context and address.
const described = new WeakMap<object, Map<string, Record<string, unknown>>>();

function routesOf(ctx: Pick<HandlerContext, 'app'>, context: 'view' | 'help'): Record<string, unknown> {
  const key = `${context} ${ctx.app.config.restUrl}`;
  let perApp = described.get(ctx.app.routes);
  if (!perApp) described.set(ctx.app.routes, (perApp = new Map()));
  let routes = perApp.get(key);
  if (!routes) {
    routes = {};
    for (const route of ctx.app.routes) routes[route.pattern] = describeRoute({ restUrl: ctx.app.config.restUrl, resources: ctx.app.deployment.resources }, route, context);
    // A discoverable alias lists its routes too, after the real ones, in the alias's names.
    for (const alias of (ctx.app.deployment.aliases ?? []).filter((a) => a.discoverable)) {
      for (const route of ctx.app.routes) {
        if (route.namespace !== alias.from) continue;
        const renamed = speakAlias({ [route.pattern]: describeRoute({ restUrl: ctx.app.config.restUrl, resources: ctx.app.deployment.resources }, route, context) }, alias);
        for (const [pattern, description] of Object.entries(renamed)) if (!(pattern in routes)) routes[pattern] = description;
      }
    }
    perApp.set(key, routes);
  }
  return routes;
}

/** A string that is exactly `{field}` becomes the field's value (typed); `{rest_url}` inside strings is replaced. */
function fill(value: unknown, fields: Record<string, unknown>, addresses: Record<string, string>): unknown {
  if (typeof value === 'string') {
    const whole = /^\{(\w+)\}$/.exec(value);
    if (whole && Object.hasOwn(fields, whole[1]!)) return fields[whole[1]!];
    return value.replace(/\{(rest_url|auth_url)\}/g, (_, name: string) => addresses[name]!);
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, fields, addresses));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, fields, addresses)]));
  }
  return value;
}
