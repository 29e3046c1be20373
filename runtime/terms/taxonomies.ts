/**
 * The taxonomies this server has, as one small registry: which route serves each, what its
 * terms look like (hierarchical or not), which content types use it and which capabilities its
 * actions need. The terms service, its permission rules and the taxonomies routes all read it.
 * WordPress 6.8 lists four to the block editor: categories and tags of posts, the pattern
 * categories of synced patterns, and the classic navigation menus (whose own routes this server
 * does not serve: the taxonomies route still names them, as clients look them up there).
 */
export type TaxonomyKey = 'category' | 'post_tag' | 'nav_menu' | 'wp_pattern_category';

export interface TaxonomyInfo {
  /** Key, as stored in `terms.taxonomy`. */
  taxonomy: TaxonomyKey;
  /** Resource of the spec that describes its terms. */
  resource: string;
  restBase: string;
  name: string;
  singular: string;
  description: string;
  hierarchical: boolean;
  types: string[];
  /** Archive address path segment and plain-permalink query key. */
  archiveBase: string;
  plainQuery: (term: { id: number; slug: string }) => string;
  /** The field of its content types' items listing their term ids (and the list filter of that name). */
  postField: string;
  capabilities: { manage_terms: string; edit_terms: string; delete_terms: string; assign_terms: string };
  /** Where it shows: to visitors (archives, menus), in post lists and quick edit, in the admin screens, in the tag cloud. */
  visibility: { public: boolean; adminColumn: boolean; showUi: boolean; showCloud: boolean };
  /** Whether its labels name its archives (WordPress gives navigation menus and pattern categories that label). */
  archivesLabel?: boolean;
}

const VISIBLE = { public: true, adminColumn: true, showUi: true, showCloud: true };

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
    visibility: VISIBLE,
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
    visibility: VISIBLE,
  },
  {
    taxonomy: 'nav_menu',
    resource: 'nav_menu',
    restBase: 'menus',
    name: 'Navigation Menus',
    singular: 'Navigation Menu',
    description: '',
    hierarchical: false,
    types: ['nav_menu_item'],
    archiveBase: 'nav_menu',
    plainQuery: (t) => `taxonomy=nav_menu&term=${t.slug}`,
    postField: 'menus',
    capabilities: { manage_terms: 'edit_theme_options', edit_terms: 'edit_theme_options', delete_terms: 'edit_theme_options', assign_terms: 'edit_theme_options' },
    visibility: { public: false, adminColumn: false, showUi: false, showCloud: false },
    archivesLabel: true,
  },
  {
    taxonomy: 'wp_pattern_category',
    resource: 'wp_pattern_category',
    restBase: 'wp_pattern_category',
    name: 'Pattern Categories',
    singular: 'Pattern Category',
    description: '',
    hierarchical: false,
    types: ['wp_block'],
    // Not public: WordPress links its terms with the plain query whatever the permalinks.
    archiveBase: 'wp_pattern_category',
    plainQuery: (t) => `taxonomy=wp_pattern_category&term=${t.slug}`,
    postField: 'wp_pattern_category',
    capabilities: { manage_terms: 'manage_categories', edit_terms: 'manage_categories', delete_terms: 'manage_categories', assign_terms: 'edit_posts' },
    visibility: { public: false, adminColumn: true, showUi: true, showCloud: false },
    archivesLabel: true,
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
 * tag capabilities to manage_categories (managing, editing, deleting) and edit_posts (assigning);
 * the other taxonomies name primitive capabilities already.
 */
export function primitiveTermCap(cap: string): string {
  if (!/_(categories|post_tags)$/.test(cap)) return cap;
  return /^assign_/.test(cap) ? 'edit_posts' : 'manage_categories';
}
