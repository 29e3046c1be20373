/**
 * The taxonomies this server has, as one small registry: which route serves each, what its
 * terms look like (hierarchical or not), which content types use it and which capabilities its
 * actions need. The terms service, its permission rules and the taxonomies routes all read it.
 */
export interface TaxonomyInfo {
  /** Key, as stored in `terms.taxonomy`. */
  taxonomy: 'category' | 'post_tag';
  /** Resource of the spec that describes its terms. */
  resource: 'category' | 'tag';
  restBase: 'categories' | 'tags';
  name: string;
  singular: string;
  description: string;
  hierarchical: boolean;
  types: string[];
  /** Archive address path segment and plain-permalink query key. */
  archiveBase: string;
  plainQuery: (term: { id: number; slug: string }) => string;
  /** The post field listing its term ids. */
  postField: 'categories' | 'tags';
  capabilities: { manage_terms: string; edit_terms: string; delete_terms: string; assign_terms: string };
}

export const TAXONOMIES: readonly TaxonomyInfo[] = [
  {
    taxonomy: 'category',
    resource: 'category',
    restBase: 'categories',
    name: 'Categories',
    singular: 'Category',
    description: '',
    hierarchical: true,
    types: ['post'],
    archiveBase: 'category',
    plainQuery: (t) => `cat=${t.id}`,
    postField: 'categories',
    capabilities: { manage_terms: 'manage_categories', edit_terms: 'edit_categories', delete_terms: 'delete_categories', assign_terms: 'assign_categories' },
  },
  {
    taxonomy: 'post_tag',
    resource: 'tag',
    restBase: 'tags',
    name: 'Tags',
    singular: 'Tag',
    description: '',
    hierarchical: false,
    types: ['post'],
    archiveBase: 'tag',
    plainQuery: (t) => `tag=${t.slug}`,
    postField: 'tags',
    capabilities: { manage_terms: 'manage_post_tags', edit_terms: 'edit_post_tags', delete_terms: 'delete_post_tags', assign_terms: 'assign_post_tags' },
  },
];

export function taxonomyByKey(key: string): TaxonomyInfo | undefined {
  return TAXONOMIES.find((t) => t.taxonomy === key);
}

/** The taxonomy a terms route serves, from its path (`/core/v2/categories/<id>` → category). */
export function taxonomyOfRoute(path: string): TaxonomyInfo {
  const base = path.split('/')[3];
  const found = TAXONOMIES.find((t) => t.restBase === base);
  if (!found) throw new Error(`No taxonomy is served at ${path}`);
  return found;
}

/**
 * The primitive capability a taxonomy capability stands for: WordPress maps the category and
 * tag capabilities to manage_categories (managing, editing, deleting) and edit_posts (assigning).
 */
export function primitiveTermCap(cap: string): string {
  return /^assign_/.test(cap) ? 'edit_posts' : 'manage_categories';
}
