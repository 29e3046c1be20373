/**
 * `_embed`: for each `_links` relation whose links are marked `embeddable: true`, dispatches a
 * GET to the link (context=embed unless the link names one) as the same user and puts the
 * results under `_embedded[rel]`, as WordPress's embed_links does. Errors are embedded as their
 * error bodies; a relation with no embeddable link, or only empty answers, is left out. One answer per href per response.
 */
import type { CurrentUser } from '../auth/current-user.ts';
import type { App } from './types.ts';
import type { Kysely } from 'kysely';
import { parseQueryString } from './query-string.ts';
import { isCoreRoute } from './core-routes.ts';
import { processCacheOf } from '../cache/process-cache.ts';
import { serializeOnce } from './serialize-once.ts';

/** `true` for every relation, or the list of relations asked for (rest_parse_embed_param). */
export type EmbedSelection = true | string[];

export function parseEmbedParam(value: unknown): EmbedSelection | false {
  if (value === undefined) return false;
  if (value === '' || value === 'true' || value === '1' || value === true) return true;
  const rels = Array.isArray(value) ? value.map(String) : String(value).split(/[\s,]+/).filter((s) => s !== '');
  return rels.length === 0 ? true : rels;
}

export async function embedLinks(app: App, data: unknown, embed: EmbedSelection, user: CurrentUser | null): Promise<unknown> {
  const cache = new Map<string, Promise<unknown>>();
  if (Array.isArray(data)) return Promise.all(data.map((item) => embedItem(app, item, embed, user, cache)));
  return embedItem(app, data, embed, user, cache);
}

type Link = { href?: string; embeddable?: boolean };

async function embedItem(app: App, item: unknown, embed: EmbedSelection, user: CurrentUser | null, cache: Map<string, Promise<unknown>>): Promise<unknown> {
  if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
  const links = (item as { _links?: Record<string, Link[]> })._links;
  if (!links || typeof links !== 'object') return item;
  const embedded: Record<string, unknown[]> = {};
  for (const [rel, list] of Object.entries(links)) {
    if (embed !== true && !embed.includes(rel)) continue;
    if (!Array.isArray(list)) continue;
    const results = await Promise.all(list.map((link) => (link?.embeddable && link.href ? fetchOnce(app, link.href, user, cache) : Promise.resolve(null))));
    // PHP's array_filter: a relation whose answers are all empty (no link, `[]`) is left out.
    if (results.some((r) => !isEmptyAnswer(r))) embedded[rel] = results.map((r) => r ?? []);
  }
  if (Object.keys(embedded).length === 0) return item;
  return { ...item, _embedded: embedded };
}

function isEmptyAnswer(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === false || value === 0) return true;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function fetchOnce(app: App, href: string, user: CurrentUser | null, cache: Map<string, Promise<unknown>>): Promise<unknown> {
  let pending = cache.get(href);
  if (!pending) {
    pending = fetchEmbedded(app, href, user);
    cache.set(href, pending);
  }
  return pending;
}

/**
 * null when the href is not a route of this site (WordPress embeds nothing for it). A core route's
 * answer is kept per reader until the next write it shows (the `embeds` cache follows `answers`):
 * a page of posts embeds the same author and terms again and again.
 */
async function fetchEmbedded(app: App, href: string, user: CurrentUser | null): Promise<unknown> {
  const target = routeOfHref(app, href);
  if (!target) return null;
  if (target.query.context === undefined) target.query.context = 'embed';
  const load = () => app.dispatch({ method: 'GET', route: target.route, headers: {}, query: target.query }, user);
  const cache = isCoreRoute(target.route) ? processCacheOf(app.db as Kysely<unknown>) : undefined;
  if (!cache) return (await load()).body;
  const kept = async () => {
    const response = await load();
    // Shared between answers from now on: frozen, so a change to it throws instead of leaking.
    if (response.status === 200 && response.body !== null && typeof response.body === 'object') serializeOnce(response.body);
    return response;
  };
  return (await cache.get('embeds', `${user?.id ?? 0}\n${href}`, kept, { keep: (r) => r.status === 200 })).body;
}

/** `{restUrl}/core/v2/users/1?x=1` or `{siteUrl}/?rest_route=/...` → route and query. */
export function routeOfHref(app: Pick<App, 'config'>, href: string): { route: string; query: Record<string, unknown> } | undefined {
  const [base, queryText = ''] = href.split('?', 2) as [string, string?];
  const query = parseQueryString(queryText);
  if (base.startsWith(app.config.restUrl)) {
    const route = decodeURIComponent(base.slice(app.config.restUrl.length)).replace(/\/+$/, '') || '/';
    return { route, query };
  }
  if (typeof query.rest_route === 'string' && (base === app.config.siteUrl || base === `${app.config.siteUrl}/`)) {
    const route = query.rest_route;
    delete query.rest_route;
    return { route, query };
  }
  return undefined;
}
