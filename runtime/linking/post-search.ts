/**
 * The editor's link search over posts (`GET pagebuilder/v1/post`): published items of the
 * searchable post types whose title (and, where the deployment offers it, text) contains the
 * term, in title order, answered with the keys the picker asked for.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restDate } from '../content/dates.ts';
import { containsText } from './text-match.ts';
import { convertKeys, itemsCount, keyMapOf, optionalList } from './result-keys.ts';
import { applyMetaQuery, applyTaxQuery } from './query-clauses.ts';
import { asResult } from '../rest/answer.ts';

/** Post types a visitor can view; the others (revisions, forms, menus...) are internal. */
export const PUBLIC_POST_TYPES = ['post', 'page', 'attachment', 'builder_library', 'builder-landing-page', 'builder-floating-buttons'];

/**
 * What the post search reads. The lists and clauses are arrays the spec does not type further
 * (result-keys.ts and query-clauses.ts read them item by item); `search_in_content` is offered by
 * some deployments only.
 */
export type PostSearchParams = {
  included_types?: unknown[];
  excluded_types: unknown[];
  term: string;
  keys_conversion_map: string | unknown[];
  items_count: number;
  is_public: boolean;
  meta_query?: unknown[];
  tax_query?: unknown[];
  search_in_content?: boolean;
};

export async function searchPosts<R>(ctx: HandlerContext<PostSearchParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const included = optionalList(p.included_types);
  const excluded = optionalList(p.excluded_types) ?? [];
  const term = String(p.term ?? '').trim();

  let q = ctx.app.db.selectFrom('posts').selectAll('posts');
  q = q.where((eb) => eb.or([eb('posts.status', '=', 'publish'), eb.and([eb('posts.type', '=', 'attachment'), eb('posts.status', '=', 'inherit')])]));
  if (included) q = q.where('posts.type', 'in', included.length ? included : ['']);
  if (excluded.length) q = q.where('posts.type', 'not in', excluded);
  if (p.is_public !== false) q = q.where('posts.type', 'in', PUBLIC_POST_TYPES);
  if (term) {
    q = p.search_in_content === true
      ? q.where((eb) => eb.or([containsText('posts.title', term), containsText('posts.content', term)]))
      : q.where(containsText('posts.title', term));
  }
  q = applyTaxQuery(applyMetaQuery(q, p.meta_query), p.tax_query);

  const rows = await q.orderBy('posts.title', 'asc').orderBy('posts.id', 'asc').limit(itemsCount(p.items_count)).execute();
  const map = keyMapOf(p.keys_conversion_map, { ID: 'id', post_title: 'label', post_type: 'groupLabel' });
  const found = rows.map((r) => ({
    ID: r.id,
    post_title: r.title,
    post_type: r.type,
    post_name: r.slug,
    post_status: r.status,
    post_date: restDate(r.date_gmt),
    guid: r.guid,
  }));
  return asResult<R>(found.map((item) => convertKeys(item, map)));
}
