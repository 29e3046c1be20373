/**
 * Addresses of a post: its public link and permalink template (from the `permalink_structure`
 * option: empty on a fresh WordPress site, which gives `?p=ID` / `?page_id=ID` links; a
 * `/%postname%/` structure gives pretty links), its guid, and the REST namespace requests use.
 */
import type { HandlerContext } from '../rest/types.ts';
import { isLinkedByPagePath } from '../../contract/post-types.ts';

export interface Permalinks {
  structure: string;
  siteUrl: string;
}

const PRETTY_STATUSES = new Set(['publish', 'private']);

function plain(siteUrl: string, type: string, id: number): string {
  return isLinkedByPagePath(type) ? `${siteUrl}/?page_id=${id}` : `${siteUrl}/?p=${id}`;
}

export function guidFor(siteUrl: string, type: string, id: number): string {
  return plain(siteUrl, type, id);
}

/** `link`; `path` is the slug, or for pages the slugs of the ancestors and the page. */
export function linkFor(p: Permalinks, post: { id: number; type: string; status: string; slug: string }, path: string): string {
  if (!p.structure || !PRETTY_STATUSES.has(post.status) || !post.slug) return plain(p.siteUrl, post.type, post.id);
  if (isLinkedByPagePath(post.type)) return `${p.siteUrl}/${path}/`;
  return p.siteUrl + p.structure.replace('%postname%', post.slug).replace('%post_id%', String(post.id));
}

/**
 * The `Link` header of a single viewable item (WordPress's get_item adds it): where its HTML
 * page lives. Undefined when the prepared item has no link (e.g. `_fields` left it out earlier).
 */
export function alternateLinkHeader(link: unknown): Record<string, string> {
  return typeof link === 'string' && link ? { Link: `<${link}>; rel="alternate"; type=text/html` } : {};
}

/**
 * Statuses whose sample permalink is pretty: public ones, those get_sample_permalink pretends are
 * published (draft, pending, future), and private (its reader may see it). A trashed item's is
 * plain, as wp_force_plain_post_permalink decides.
 */
const SAMPLE_PRETTY_STATUSES = new Set(['publish', 'private', 'draft', 'pending', 'future']);

export function permalinkTemplate(p: Permalinks, type: string, id: number, status = 'publish', ancestorPath = ''): string {
  if (!p.structure || !SAMPLE_PRETTY_STATUSES.has(status)) return plain(p.siteUrl, type, id);
  if (isLinkedByPagePath(type)) return `${p.siteUrl}/${ancestorPath ? `${ancestorPath}/` : ''}%pagename%/`;
  return p.siteUrl + p.structure;
}

/**
 * The namespace as the client addressed it (core/v2, or an alias such as wp/v2), so that the
 * `_links` a client follows stay in the namespace it speaks.
 */
export function requestNamespace(ctx: HandlerContext<unknown>): string {
  const ns = ctx.route.namespace;
  const depth = ns ? ns.split('/').length : 2;
  // The route's first `depth` segments (empty ones skipped), read without splitting the whole
  // route: this runs for every item of every answer.
  const found = leadingSegments(depth).exec(ctx.request.route);
  return found ? found[1]!.replace(/\/+/g, '/') : ctx.request.route.split('/').filter(Boolean).join('/') || ns;
}

const segmentPatterns = new Map<number, RegExp>();

function leadingSegments(depth: number): RegExp {
  let pattern = segmentPatterns.get(depth);
  if (!pattern) segmentPatterns.set(depth, (pattern = new RegExp(`^/*((?:[^/]+/+){${depth - 1}}[^/]+)`)));
  return pattern;
}

export function restBase(ctx: HandlerContext<unknown>): string {
  return `${ctx.app.config.restUrl}/${requestNamespace(ctx)}`;
}
