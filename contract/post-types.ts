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
  labels: { singular: string; plural: string; name: string; singularName: string };
  /** The admin menu icon the types route publishes. */
  icon: string;
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
const termAction = (verb: 'assign' | 'create', field: 'categories' | 'tags', taxonomy: string): PostTypeAction => ({
  rel: `action-${verb}-${field}`,
  title: verb === 'assign' ? `The current user may put the item in ${taxonomy} terms.` : `The current user may add new ${taxonomy} terms.`,
  fields: { [field]: { type: 'array', items: { type: 'integer' } } },
});

export const POST_TYPES = {
  post: {
    name: 'post', restBase: 'posts', resource: 'post', labels: { singular: 'post', plural: 'posts', name: 'Posts', singularName: 'Post' },
    icon: 'dashicons-admin-post', taxonomies: ['category', 'post_tag'], showInNavMenus: true,
    holdsFile: false, linkStyle: 'post', sitePages: false, filesMediaByItemMonth: true,
    features: ['title', 'editor', 'author', 'thumbnail', 'excerpt', 'trackbacks', 'custom-fields', 'comments', 'revisions', 'post-formats', 'autosave'],
    capabilityType: 'post', publicStatus: 'publish', hierarchical: false,
    supports: { sticky: true, terms: true, formats: true, pageAttributes: false, comments: true },
    actions: [PUBLISH, UNFILTERED, STICKY, AUTHOR, termAction('assign', 'categories', 'category'), termAction('create', 'categories', 'category'), termAction('assign', 'tags', 'post_tag'), termAction('create', 'tags', 'post_tag')],
  },
  page: {
    name: 'page', restBase: 'pages', resource: 'page', labels: { singular: 'page', plural: 'pages', name: 'Pages', singularName: 'Page' },
    icon: 'dashicons-admin-page', taxonomies: [], showInNavMenus: true,
    holdsFile: false, linkStyle: 'page', sitePages: true, filesMediaByItemMonth: false,
    features: ['title', 'editor', 'author', 'thumbnail', 'page-attributes', 'custom-fields', 'comments', 'revisions', 'autosave'],
    capabilityType: 'page', publicStatus: 'publish', hierarchical: true,
    supports: { sticky: false, terms: false, formats: false, pageAttributes: true, comments: false },
    actions: [PUBLISH, UNFILTERED, AUTHOR],
  },
  attachment: {
    name: 'attachment', restBase: 'media', resource: 'media', labels: { singular: 'media item', plural: 'media items', name: 'Media', singularName: 'Media' },
    icon: 'dashicons-admin-media', taxonomies: [], showInNavMenus: false,
    holdsFile: true, linkStyle: 'post', sitePages: false, filesMediaByItemMonth: true,
    features: ['title', 'author', 'comments'],
    // Media items are created by uploading; WordPress maps create_posts to upload_files for them.
    capabilityType: 'post', createCapability: 'upload_files', publicStatus: 'inherit', hierarchical: false,
    supports: { sticky: false, terms: false, formats: false, pageAttributes: false, comments: true },
    actions: [UNFILTERED, AUTHOR],
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
export function postTypeCaps(name: string) {
  const entry = postTypeEntry(name);
  const singular = entry?.capabilityType ?? 'post';
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
    create_posts: entry?.createCapability ?? `edit_${plural}`,
  };
}

/** `links` of a resource's item schema (JSON hyper-schema, as WordPress publishes them in OPTIONS answers). */
export function actionSchemaLinks(resource: string, itemHref: string): Array<Record<string, unknown>> | undefined {
  const entry = postTypeOfResource(resource);
  if (!entry) return undefined;
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
