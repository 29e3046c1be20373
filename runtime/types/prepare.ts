/**
 * Content types and taxonomies as core/v2/types and core/v2/taxonomies answer them (WordPress's
 * post types and taxonomies controllers). Pure: the registry entries (post types from
 * contract/post-types.ts), the namespace the caller
 * used and the context in, the item out.
 */
import type { ArgSchema, Context } from '../../contract/model.ts';
import { filterByContext } from '../content/context.ts';
import type { TaxonomyInfo } from '../terms/taxonomies.ts';
import { publishedCaps, type PostTypeEntry } from '../../contract/post-types.ts';
import { postTypeLabels, taxonomyLabels } from './labels.ts';

const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

/** `restBase` is `{restUrl}/{namespace}` of the request; `namespace` the namespace alone. */
export function preparePostType(t: PostTypeEntry, restBase: string, namespace: string, fields: Record<string, ArgSchema>, context: Context): Record<string, unknown> {
  const { name } = t.labels;
  const full: Record<string, unknown> = {
    capabilities: publishedCaps(t.name),
    description: t.description,
    hierarchical: t.hierarchical,
    has_archive: false,
    visibility: { show_in_nav_menus: t.showInNavMenus, show_ui: t.showUi },
    viewable: t.viewable,
    labels: postTypeLabels(t),
    name,
    slug: t.name,
    icon: t.icon,
    supports: Object.fromEntries(t.features.map((s) => [s, true])),
    taxonomies: t.taxonomies,
    rest_base: t.restBase,
    rest_namespace: namespace,
    template: [],
    template_lock: false,
  };
  const out = filterByContext(full, fields, context);
  out._links = { collection: [{ href: `${restBase}/types` }], 'wp:items': [{ href: `${restBase}/${t.restBase}` }], curies: CURIES };
  return out;
}

export function prepareTaxonomy(t: TaxonomyInfo, restBase: string, namespace: string, fields: Record<string, ArgSchema>, context: Context): Record<string, unknown> {
  const full: Record<string, unknown> = {
    name: t.name,
    slug: t.taxonomy,
    capabilities: t.capabilities,
    description: t.description,
    labels: taxonomyLabels(t),
    types: t.types,
    show_cloud: t.visibility.showCloud,
    hierarchical: t.hierarchical,
    rest_base: t.restBase,
    rest_namespace: namespace,
    visibility: {
      public: t.visibility.public,
      publicly_queryable: t.visibility.public,
      show_admin_column: t.visibility.adminColumn,
      show_in_nav_menus: t.visibility.public,
      show_in_quick_edit: t.visibility.adminColumn,
      show_ui: t.visibility.showUi,
    },
  };
  const out = filterByContext(full, fields, context);
  out._links = { collection: [{ href: `${restBase}/taxonomies` }], 'wp:items': [{ href: `${restBase}/${t.restBase}` }], curies: CURIES };
  return out;
}
