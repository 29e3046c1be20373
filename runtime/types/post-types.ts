/**
 * The content types this server serves over REST (post, page, attachment) as core/v2/types
 * describes them. Until the shared post type registry lands this is the one list of them.
 */
export interface PostTypeInfo {
  slug: 'post' | 'page' | 'attachment';
  name: string;
  singular: string;
  restBase: string;
  hierarchical: boolean;
  icon: string;
  taxonomies: string[];
  supports: string[];
  /** The capability WordPress uses for each action: `post`/`page` as its plural's base. */
  capabilityBase: 'post' | 'page';
}

export const POST_TYPES: readonly PostTypeInfo[] = [
  { slug: 'post', name: 'Posts', singular: 'Post', restBase: 'posts', hierarchical: false, icon: 'dashicons-admin-post', taxonomies: ['category', 'post_tag'], supports: ['title', 'editor', 'author', 'thumbnail', 'excerpt', 'trackbacks', 'custom-fields', 'comments', 'revisions', 'post-formats', 'autosave'], capabilityBase: 'post' },
  { slug: 'page', name: 'Pages', singular: 'Page', restBase: 'pages', hierarchical: true, icon: 'dashicons-admin-page', taxonomies: [], supports: ['title', 'editor', 'author', 'thumbnail', 'page-attributes', 'custom-fields', 'comments', 'revisions', 'autosave'], capabilityBase: 'page' },
  { slug: 'attachment', name: 'Media', singular: 'Media', restBase: 'media', hierarchical: false, icon: 'dashicons-admin-media', taxonomies: [], supports: ['title', 'author', 'comments'], capabilityBase: 'post' },
];

/** The capability names of a type, as WordPress's get_post_type_capabilities lists them. */
export function typeCapabilities(t: PostTypeInfo): Record<string, string> {
  const s = t.capabilityBase;
  const caps: Record<string, string> = {
    edit_post: `edit_${s}`, read_post: `read_${s}`, delete_post: `delete_${s}`,
    edit_posts: `edit_${s}s`, edit_others_posts: `edit_others_${s}s`, delete_posts: `delete_${s}s`, publish_posts: `publish_${s}s`,
    read_private_posts: `read_private_${s}s`, read: 'read', delete_private_posts: `delete_private_${s}s`,
    delete_published_posts: `delete_published_${s}s`, delete_others_posts: `delete_others_${s}s`,
    edit_private_posts: `edit_private_${s}s`, edit_published_posts: `edit_published_${s}s`,
    create_posts: t.slug === 'attachment' ? 'upload_files' : `edit_${s}s`,
  };
  return caps;
}
