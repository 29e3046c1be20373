/**
 * The editor's link search over terms (`GET pagebuilder/v1/term`): terms of the chosen
 * taxonomies whose name contains the search text, in name order.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { containsText } from './text-match.ts';
import { convertKeys, itemsCount, keyMapOf, optionalList } from './result-keys.ts';
import { asResult } from '../rest/answer.ts';

/** What the term search reads: taxonomies to search or skip, the text, the keys asked for, how many, and meta clauses. */
export type TermSearchParams = {
  included_types?: unknown[];
  excluded_types?: unknown[];
  term: string;
  keys_conversion_map: string | unknown[];
  items_count: number;
  hide_empty: boolean;
  meta_query?: unknown[];
};

export async function searchTerms<R>(ctx: HandlerContext<TermSearchParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const included = optionalList(p.included_types);
  const excluded = optionalList(p.excluded_types) ?? [];
  const term = String(p.term ?? '').trim();
  const map = keyMapOf(p.keys_conversion_map, { term_id: 'id', name: 'label', taxonomy: 'groupLabel' });
  // Terms have no meta in this store: a condition that needs a meta value can match nothing.
  const metaClauses = Array.isArray(p.meta_query) ? p.meta_query : [];
  if (metaClauses.some((c) => String((c as Record<string, unknown>)?.compare ?? '=').toUpperCase() !== 'NOT EXISTS')) return asResult<R>([]);

  let q = ctx.app.db.selectFrom('terms').selectAll();
  if (included) q = q.where('taxonomy', 'in', included.length ? included : ['']);
  if (excluded.length) q = q.where('taxonomy', 'not in', excluded);
  if (p.hide_empty === true) q = q.where('count', '>', 0);
  if (term) q = q.where(containsText('name', term));
  const rows = await q.orderBy('name', 'asc').orderBy('id', 'asc').limit(itemsCount(p.items_count)).execute();
  const found = rows.map((r) => ({ term_id: r.id, name: r.name, slug: r.slug, taxonomy: r.taxonomy, parent: r.parent, count: r.count, description: r.description }));
  return asResult<R>(found.map((item) => convertKeys(item, map)));
}
