/**
 * A category or tag as core/v2 answers it (WordPress's terms prepare_item_for_response), with
 * its links. Pure given the row, the site's addresses and what the caller may do.
 */
import type { ArgSchema, Context } from '../../contract/model.ts';
import type { TermRow } from '../content/terms.ts';
import { filterByContext } from '../content/context.ts';
import type { TaxonomyInfo } from './taxonomies.ts';
import { postTypeEntry } from '../../contract/post-types.ts';

export interface TermSite {
  siteUrl: string;
  restBase: string;
  permalinkStructure: string;
  /** Whether the caller may change terms of this taxonomy (the self link's targetHints). */
  canManage: boolean;
  /** The taxonomy's default term (the default category), which no one may delete. */
  defaultTermId?: number;
}

export function termLink(site: Pick<TermSite, 'siteUrl' | 'permalinkStructure'>, tax: TaxonomyInfo, term: Pick<TermRow, 'id' | 'slug'>): string {
  return site.permalinkStructure ? `${site.siteUrl}/${tax.archiveBase}/${term.slug}/` : `${site.siteUrl}/?${tax.plainQuery(term)}`;
}

/** What the caller may do with the term: managers everything, but never delete the default term. */
function allowOf(site: TermSite, row: TermRow): string[] {
  if (!site.canManage) return ['GET'];
  return row.id === site.defaultTermId ? ['GET', 'POST', 'PUT', 'PATCH'] : ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
}

export function prepareTerm(row: TermRow, tax: TaxonomyInfo, site: TermSite, fields: Record<string, ArgSchema>, context: Context): Record<string, unknown> {
  const full: Record<string, unknown> = {
    id: row.id,
    count: row.count,
    description: row.description,
    link: termLink(site, tax, row),
    name: row.name,
    slug: row.slug,
    taxonomy: row.taxonomy,
    parent: row.parent,
    meta: {},
  };
  const out = filterByContext(full, fields, context);
  // PHP answers the empty meta object as [].
  if ('meta' in out) out.meta = [];
  const self = `${site.restBase}/${tax.restBase}/${row.id}`;
  const links: Record<string, unknown[]> = {
    self: [{ href: self, targetHints: { allow: allowOf(site, row) } }],
    collection: [{ href: `${site.restBase}/${tax.restBase}` }],
    about: [{ href: `${site.restBase}/taxonomies/${tax.taxonomy}` }],
  };
  if (tax.hierarchical && row.parent) links.up = [{ embeddable: true, href: `${site.restBase}/${tax.restBase}/${row.parent}` }];
  links['wp:post_type'] = tax.types.map((type) => ({ href: `${site.restBase}/${postTypeEntry(type)?.restBase ?? type}?${tax.postField}=${row.id}` }));
  links.curies = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];
  out._links = links;
  return out;
}
