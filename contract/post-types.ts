/**
 * The post type registry: one entry per post type, as WordPress keeps one post_type_object per
 * type (rest base, capability type, supports, the wp:action-* relations its items carry). The
 * single source for the route's post type, capability names, defaults, schema `links` and the
 * generator's permission matrix. Adding a post type is adding one entry here.
 */
import type { Route } from './model.ts';

/** A `wp:action-*` relation an item may carry in the edit context, and the fields it lets a client send. */
export interface PostTypeAction {
  rel: string;
  title: string;
  fields: Record<string, unknown>;
}

export interface PostTypeEntry {
  /** The stored type (`posts.type`). */
  name: string;
  /** The route segment after the namespace (`/core/v2/<restBase>`). */
  restBase: string;
  /** The spec resource its routes answer with. */
  resource: string;
  /**
   * `singular`/`plural`: the words the spec's `postTypeRoutes` and messages use; `name`/
   * `singularName`: WordPress's labels->name and labels->singular_name (the types route).
   */
  labels: { singular: string; plural: string; name: string; singularName: string; templateName?: string };
  /** What the type is for, as the types route describes it ('' for most). */
  description: string;
  /** The admin menu icon the types route publishes (null: the type has no menu of its own). */
  icon: string | null;
  /** Whether its items have public pages (WordPress's is_post_type_viewable). */
  viewable: boolean;
  /** Whether the admin screens list it (WordPress's show_ui). */
  showUi: boolean;
  /** Taxonomies whose terms its items are put in. */
  taxonomies: string[];
  /** What the type supports as WordPress's post_type_supports names it, in its order (the types route). */
  features: string[];
  /** Whether menus may link its items (WordPress's show_in_nav_menus). */
  showInNavMenus: boolean;
  /** Its items are uploaded files (media library items: WordPress's is_attachment). */
  holdsFile: boolean;
  /**
   * How its items are linked: `page` for the plain `?page_id=N` and, with pretty permalinks, the
   * path of its ancestors' slugs at the site root (%pagename%); `post` for `?p=N` and the
   * permalink structure.
   */
  linkStyle: 'post' | 'page';
  /** Its items may be the site's front page or posts page (show_on_front), so deleting one needs manage_options. */
  sitePages: boolean;
  /** Media uploaded to one of its items is filed under the item's month (WordPress: every type but pages). */
  filesMediaByItemMonth: boolean;
  /** `page` types use the *_pages capabilities, `post` types the *_posts ones. */
  capabilityType: 'post' | 'page';
  /** The capability that lets a user create one; absent: the type's `edit_*` capability. */
  createCapability?: string;
  /**
   * Capabilities the type names itself (WordPress's `capabilities` of register_post_type): a
   * synced pattern is read with edit_posts, a template edited with edit_theme_options.
   */
  capabilities?: Partial<Record<CapabilityKey, string>>;
  /**
   * The word WordPress builds the type's other capability names from when it is not the
   * capability type (`block`: edit_block, publish_blocks). Those names map back to the
   * capability type's (publish_blocks is checked as publish_posts), so checks use the
   * `capabilityType` names and only the types route publishes these.
   */
  capabilityWord?: string;
  /** The status a published item has (media items are `inherit`). */
  publicStatus: string;
  hierarchical: boolean;
  supports: { sticky: boolean; terms: boolean; formats: boolean; pageAttributes: boolean; comments: boolean };
  actions: PostTypeAction[];
}

const PUBLISH: PostTypeAction = { rel: 'action-publish', title: 'The current user may publish the item.', fields: { status: { type: 'string', enum: ['publish', 'future'] } } };
const UNFILTERED: PostTypeAction = { rel: 'action-unfiltered-html', title: 'The current user may save markup and scripts without filtering.', fields: { content: { raw: { type: 'string' } } } };
const STICKY: PostTypeAction = { rel: 'action-sticky', title: 'The current user may make the post sticky.', fields: { sticky: { type: 'boolean' } } };
const AUTHOR: PostTypeAction = { rel: 'action-assign-author', title: 'The current user may give the item another author.', fields: { author: { type: 'integer' } } };
const termAction = (verb: 'assign' | 'create', field: string, taxonomy: string): PostTypeAction => ({
  rel: `action-${verb}-${field}`,
  title: verb === 'assign' ? `The current user may put the item in ${taxonomy} terms.` : `The current user may add new ${taxonomy} terms.`,
  fields: { [field]: { type: 'array', items: { type: 'integer' } } },
});

const THEME_OPTIONS = 'edit_theme_options';

/** The capability keys of a post type, in the order get_post_type_capabilities lists them. */
const CAP_KEYS = [
  'edit_post', 'read_post', 'delete_post', 'edit_posts', 'edit_others_posts', 'delete_posts', 'publish_posts', 'read_private_posts', 'read',
  'delete_private_posts', 'delete_published_posts', 'delete_others_posts', 'edit_private_posts', 'edit_published_posts', 'create_posts',
] as const;
export type CapabilityKey = (typeof CAP_KEYS)[number];

function everyCap(cap: string): Record<CapabilityKey, string> {
  return Object.fromEntries(CAP_KEYS.map((k) => [k, cap])) as Record<CapabilityKey, string>;
}

/** Templates and their parts: every action but the per-item meta ones needs edit_theme_options. */
const TEMPLATE_CAPS: Partial<Record<CapabilityKey, string>> = (() => {
  const { edit_post: _e, read_post: _r, delete_post: _d, ...rest } = everyCap(THEME_OPTIONS);
  return rest;
})();

/** Font families and faces: managed with edit_theme_options, their private-item caps left as posts'. */
const FONT_CAPS: Partial<Record<CapabilityKey, string>> = (() => {
  const { edit_post: _e, read_post: _r, delete_post: _d, delete_private_posts: _dp, edit_private_posts: _ep, ...rest } = everyCap(THEME_OPTIONS);
  return rest;
})();

/** What the editor's own types share: no public pages, no menu, nothing beyond title and content. */
const EDITOR_TYPE = {
  description: '', icon: null, viewable: false, showUi: false, taxonomies: [] as string[], showInNavMenus: false,
  holdsFile: false, linkStyle: 'post', sitePages: false, filesMediaByItemMonth: true,
  capabilityType: 'post', publicStatus: 'publish', hierarchical: false,
  supports: { sticky: false, terms: false, formats: false, pageAttributes: false, comments: false },
  actions: [] as PostTypeAction[],
} as const;

export const POST_TYPES = {
  post: {
    name: 'post', restBase: 'posts', resource: 'post', labels: { singular: 'post', plural: 'posts', name: 'Posts', singularName: 'Post' },
    description: '', icon: 'dashicons-admin-post', viewable: true, showUi: true, taxonomies: ['category', 'post_tag'], showInNavMenus: true,
    holdsFile: false, linkStyle: 'post', sitePages: false, filesMediaByItemMonth: true,
    features: ['title', 'editor', 'author', 'thumbnail', 'excerpt', 'trackbacks', 'custom-fields', 'comments', 'revisions', 'post-formats', 'autosave'],
    capabilityType: 'post', publicStatus: 'publish', hierarchical: false,
    supports: { sticky: true, terms: true, formats: true, pageAttributes: false, comments: true },
    actions: [PUBLISH, UNFILTERED, STICKY, AUTHOR, termAction('assign', 'categories', 'category'), termAction('create', 'categories', 'category'), termAction('assign', 'tags', 'post_tag'), termAction('create', 'tags', 'post_tag')],
  },
  page: {
    name: 'page', restBase: 'pages', resource: 'page', labels: { singular: 'page', plural: 'pages', name: 'Pages', singularName: 'Page' },
    description: '', icon: 'dashicons-admin-page', viewable: true, showUi: true, taxonomies: [], showInNavMenus: true,
    holdsFile: false, linkStyle: 'page', sitePages: true, filesMediaByItemMonth: false,
    features: ['title', 'editor', 'author', 'thumbnail', 'page-attributes', 'custom-fields', 'comments', 'revisions', 'autosave'],
    capabilityType: 'page', publicStatus: 'publish', hierarchical: true,
    supports: { sticky: false, terms: false, formats: false, pageAttributes: true, comments: false },
    actions: [PUBLISH, UNFILTERED, AUTHOR],
  },
  attachment: {
    name: 'attachment', restBase: 'media', resource: 'media', labels: { singular: 'media item', plural: 'media items', name: 'Media', singularName: 'Media' },
    description: '', icon: 'dashicons-admin-media', viewable: true, showUi: true, taxonomies: [], showInNavMenus: false,
    holdsFile: true, linkStyle: 'post', sitePages: false, filesMediaByItemMonth: true,
    features: ['title', 'author', 'comments'],
    // Media items are created by uploading; WordPress maps create_posts to upload_files for them.
    capabilityType: 'post', createCapability: 'upload_files', publicStatus: 'inherit', hierarchical: false,
    supports: { sticky: false, terms: false, formats: false, pageAttributes: false, comments: true },
    actions: [UNFILTERED, AUTHOR],
  },
  // The types below are WordPress's own for the block editor and site editing. Their items are
  // not public pages (not viewable); most are managed with edit_theme_options.
  nav_menu_item: {
    ...EDITOR_TYPE,
    name: 'nav_menu_item', restBase: 'menu-items', resource: 'nav_menu_item', labels: { singular: 'menu item', plural: 'menu items', name: 'Navigation Menu Items', singularName: 'Navigation Menu Item', templateName: 'One navigation menu item' },
    taxonomies: ['nav_menu'], features: ['title', 'editor', 'autosave'],
    capabilities: { ...everyCap(THEME_OPTIONS), edit_post: 'edit_post', read_post: 'read_post', delete_post: 'delete_post', read: 'read' },
  },
  wp_block: {
    ...EDITOR_TYPE,
    // Synced patterns: authors write them (creating one needs publish_posts), and reading one needs edit_posts.
    name: 'wp_block', restBase: 'blocks', resource: 'wp_block', labels: { singular: 'block', plural: 'blocks', name: 'Patterns', singularName: 'Pattern', templateName: 'One pattern' },
    showUi: true, taxonomies: ['wp_pattern_category'], features: ['title', 'excerpt', 'editor', 'revisions', 'custom-fields', 'autosave'],
    capabilityWord: 'block',
    capabilities: {
      read: 'edit_posts', create_posts: 'publish_posts', edit_posts: 'edit_posts', edit_published_posts: 'edit_published_posts', delete_published_posts: 'delete_published_posts',
      delete_posts: 'delete_posts', edit_others_posts: 'edit_others_posts', delete_others_posts: 'delete_others_posts',
    },
    actions: [PUBLISH, UNFILTERED, termAction('assign', 'wp_pattern_category', 'wp_pattern_category'), termAction('create', 'wp_pattern_category', 'wp_pattern_category')],
  },
  wp_template: {
    ...EDITOR_TYPE,
    name: 'wp_template', restBase: 'templates', resource: 'wp_template', labels: { singular: 'template', plural: 'templates', name: 'Templates', singularName: 'Template', templateName: 'One template' },
    description: 'Layouts of the site\'s pages, made of blocks.', features: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author', 'autosave'],
    capabilityWord: 'template', capabilities: TEMPLATE_CAPS,
  },
  wp_template_part: {
    ...EDITOR_TYPE,
    name: 'wp_template_part', restBase: 'template-parts', resource: 'wp_template_part', labels: { singular: 'template part', plural: 'template parts', name: 'Template Parts', singularName: 'Template Part', templateName: 'One template part' },
    description: 'Pieces that templates share, such as a header or a footer.', features: ['title', 'slug', 'excerpt', 'editor', 'revisions', 'author', 'autosave'],
    capabilities: TEMPLATE_CAPS,
  },
  wp_global_styles: {
    ...EDITOR_TYPE,
    name: 'wp_global_styles', restBase: 'global-styles', resource: 'wp_global_styles', labels: { singular: 'global styles', plural: 'global styles', name: 'Global Styles', singularName: 'Global Styles', templateName: 'One set of global styles' },
    description: 'The site\'s own changes to its theme\'s styles.', features: ['title', 'editor', 'revisions'],
    capabilities: {
      read: 'edit_posts', create_posts: THEME_OPTIONS, edit_posts: THEME_OPTIONS, edit_published_posts: THEME_OPTIONS,
      delete_published_posts: THEME_OPTIONS, edit_others_posts: THEME_OPTIONS, delete_others_posts: THEME_OPTIONS,
    },
  },
  wp_navigation: {
    ...EDITOR_TYPE,
    name: 'wp_navigation', restBase: 'navigation', resource: 'wp_navigation', labels: { singular: 'navigation menu', plural: 'navigation menus', name: 'Navigation Menus', singularName: 'Navigation Menu', templateName: 'One navigation menu' },
    description: 'Menus of links that navigation blocks show.', showUi: true, features: ['title', 'editor', 'revisions', 'autosave'],
    capabilities: { ...everyCap(THEME_OPTIONS), edit_post: 'edit_post', read_post: 'read_post', delete_post: 'delete_post', read: 'read' },
  },
  wp_font_family: {
    ...EDITOR_TYPE,
    name: 'wp_font_family', restBase: 'font-families', resource: 'wp_font_family', labels: { singular: 'font family', plural: 'font families', name: 'Font Families', singularName: 'Font Family', templateName: 'One font family' },
    features: ['title'], capabilities: FONT_CAPS,
  },
  wp_font_face: {
    ...EDITOR_TYPE,
    name: 'wp_font_face', restBase: 'font-families/(?P<font_family_id>[\\d]+)/font-faces', resource: 'wp_font_face', labels: { singular: 'font face', plural: 'font faces', name: 'Font Faces', singularName: 'Font Face', templateName: 'One font face' },
    features: ['title'], capabilities: FONT_CAPS,
  },
} satisfies Record<string, PostTypeEntry>;

export type PostTypeName = keyof typeof POST_TYPES;

/** The registered type names, in registry order. */
export const POST_TYPE_NAMES: readonly string[] = Object.keys(POST_TYPES);

/** The entry of a stored type, or undefined for types without one (revisions, forms...). */
export function postTypeEntry(name: string): PostTypeEntry | undefined {
  return Object.hasOwn(POST_TYPES, name) ? (POST_TYPES as Record<string, PostTypeEntry>)[name] : undefined;
}

/** The entry whose spec resource is `resource` (`media` → attachment). */
export function postTypeOfResource(resource: string): PostTypeEntry | undefined {
  return Object.values(POST_TYPES as Record<string, PostTypeEntry>).find((t) => t.resource === resource);
}

/**
 * The post type a route serves: the one its spec names (`postType:`, set on every copy of
 * `postTypeRoutes`); `post` for routes that name none, as WordPress's generic rules judge posts.
 */
export function postTypeOfRoute(route: Pick<Route, 'postType'>): PostTypeEntry {
  return (route.postType !== undefined ? postTypeEntry(route.postType) : undefined) ?? POST_TYPES.post;
}

/** Every registered type, in registry order (the types route's list). */
export function allPostTypes(): PostTypeEntry[] {
  return Object.values(POST_TYPES as Record<string, PostTypeEntry>);
}

/**
 * The capability names of a post type (WordPress's $post_type->cap), in the order
 * get_post_type_capabilities lists them (the types route publishes them so).
 */
export function postTypeCaps(name: string): Record<CapabilityKey, string> {
  const entry = postTypeEntry(name);
  return { ...capabilityNames(entry?.capabilityType ?? 'post', entry?.createCapability), ...entry?.capabilities };
}

/**
 * The capability names the types route publishes for a type: its own word's names (edit_block,
 * publish_blocks) where it has one, else those the checks use.
 */
export function publishedCaps(name: string): Record<CapabilityKey, string> {
  const entry = postTypeEntry(name);
  if (!entry?.capabilityWord) return postTypeCaps(name);
  return { ...capabilityNames(entry.capabilityWord, entry.createCapability), ...entry.capabilities };
}

function capabilityNames(singular: string, createCapability?: string): Record<CapabilityKey, string> {
  const plural = `${singular}s`;
  return {
    edit_post: `edit_${singular}`,
    read_post: `read_${singular}`,
    delete_post: `delete_${singular}`,
    edit_posts: `edit_${plural}`,
    edit_others_posts: `edit_others_${plural}`,
    delete_posts: `delete_${plural}`,
    publish_posts: `publish_${plural}`,
    read_private_posts: `read_private_${plural}`,
    read: 'read',
    delete_private_posts: `delete_private_${plural}`,
    delete_published_posts: `delete_published_${plural}`,
    delete_others_posts: `delete_others_${plural}`,
    edit_private_posts: `edit_private_${plural}`,
    edit_published_posts: `edit_published_${plural}`,
    create_posts: createCapability ?? `edit_${plural}`,
  };
}

/** `links` of a resource's item schema (JSON hyper-schema, as WordPress publishes them in OPTIONS answers). */
export function actionSchemaLinks(resource: string, itemHref: string): Array<Record<string, unknown>> | undefined {
  const entry = postTypeOfResource(resource);
  if (!entry?.actions.length) return undefined;
  return entry.actions.map((a) => ({ rel: `https://api.w.org/${a.rel}`, title: a.title, href: itemHref, targetSchema: { type: 'object', properties: a.fields } }));
}

export type PostTypeFeature = keyof PostTypeEntry['supports'];

/** Whether a stored type supports a feature (sticky, terms, formats, page attributes, comments). */
export function supports(type: string, feature: PostTypeFeature): boolean {
  return postTypeEntry(type)?.supports[feature] ?? false;
}

/** Whether items of the type nest (pages: their path is their ancestors' slugs). */
export function isHierarchical(type: string): boolean {
  return postTypeEntry(type)?.hierarchical ?? false;
}

/** The route segment of a type's items (`posts`, `pages`, `media`). */
export function restBaseOf(type: string): string {
  return postTypeEntry(type)?.restBase ?? 'posts';
}

/** `posts` or `pages`: the plural in the type's primitive capability names (edit_pages...). */
export function capabilityPlural(type: string): 'posts' | 'pages' {
  return postTypeEntry(type)?.capabilityType === 'page' ? 'pages' : 'posts';
}

/** Whether a stored type supports a WordPress feature by its post_type_supports name (`excerpt`, `post-formats`...). */
export function supportsFeature(type: string, feature: string): boolean {
  return postTypeEntry(type)?.features.includes(feature) ?? false;
}

/** Whether items of the type are uploaded files (media library items). */
export function isMediaType(type: string): boolean {
  return postTypeEntry(type)?.holdsFile ?? false;
}

/** Whether items of the type are linked as pages are: `?page_id=N`, or their ancestors' path at the site root. */
export function isLinkedByPagePath(type: string): boolean {
  return postTypeEntry(type)?.linkStyle === 'page';
}

/** Whether an item of the type may be the site's front page or posts page. */
export function canBeSitePage(type: string): boolean {
  return postTypeEntry(type)?.sitePages ?? false;
}

/** Whether media may be attached to items of the type (registered types that are not media themselves). */
export function acceptsAttachments(type: string): boolean {
  const entry = postTypeEntry(type);
  return entry !== undefined && !entry.holdsFile;
}

/** Whether media uploaded to an item of the type is filed under the item's month (unregistered types: yes, as WordPress). */
export function filesMediaByItemMonth(type: string): boolean {
  return postTypeEntry(type)?.filesMediaByItemMonth ?? true;
}

/** The status an item of the type has once public (`publish`; media items `inherit`). */
export function publicStatusOf(type: string): string {
  return postTypeEntry(type)?.publicStatus ?? 'publish';
}
