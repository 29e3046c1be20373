/**
 * The names a spec's `permission: { rule: NAME }` may use. The runtime implements each
 * (runtime/auth/rules.ts, typed against this list so the two cannot drift) and the spec's
 * semantic validation refuses any other name (SP060), so a misspelled rule never silently
 * becomes a capability check. Aliases name the same check.
 */
export const RULE_NAMES = [
  'authenticated',
  'read_posts', 'list_posts', 'read_post', 'create_post', 'upload_files', 'edit_post', 'delete_post', 'edit_media',
  'read_revision', 'read_revisions', 'delete_revision', 'read_autosave', 'read_autosaves', 'create_autosave',
  // Users, terms, types and comments (runtime/users, terms, types, comments: rules.ts beside each service).
  'list_users', 'read_user', 'read_current_user', 'create_user', 'update_user', 'delete_user', 'update_current_user', 'delete_current_user',
  'read_terms', 'read_term', 'create_term', 'edit_term', 'delete_term',
  'read_types', 'read_taxonomies',
  'read_comments',
  // The block editor's routes (runtime/themes, global-styles, patterns, templates: rules.ts beside each service).
  'read_themes', 'read_theme_styles', 'read_global_styles', 'edit_global_styles', 'read_block_patterns', 'read_templates', 'manage_templates',
  // oEmbed (runtime/oembed/rules.ts).
  'oembed_proxy',
  // The block editor namespace (runtime/block-editor/rules.ts).
  'read_url_details', 'read_navigation_fallback', 'export_theme',
] as const;

export type RuleName = (typeof RULE_NAMES)[number];

/**
 * Rules that, on the generated permission suites' objects (published items of the
 * administrator, sample captures naming nothing else), let exactly the holders of one
 * capability through and refuse the others with one code: what the generator expects of them
 * (generator/emit/permission-tests.ts). A rule listed here needs no case of its own there.
 */
export const RULE_EXPECTATIONS: Partial<Record<RuleName, { capability: string; code: string }>> = {
  // Every theme for those who may switch themes; the samples name no active theme.
  read_themes: { capability: 'switch_themes', code: 'rest_cannot_view_themes' },
  // Whoever may edit some content (every default role that edits anything edits posts).
  read_theme_styles: { capability: 'edit_posts', code: 'rest_cannot_read_global_styles' },
  read_block_patterns: { capability: 'edit_posts', code: 'rest_cannot_view' },
  read_templates: { capability: 'edit_posts', code: 'rest_cannot_manage_templates' },
  manage_templates: { capability: 'edit_theme_options', code: 'rest_cannot_manage_templates' },
  // The site's global styles item: read with its type's read capability, edited with edit_theme_options.
  read_global_styles: { capability: 'edit_posts', code: 'rest_cannot_view' },
  edit_global_styles: { capability: 'edit_theme_options', code: 'rest_cannot_edit' },
  // The block editor namespace: link previews for whoever edits posts, the fallback menu for theme editors.
  read_url_details: { capability: 'edit_posts', code: 'rest_cannot_view_url_details' },
  read_navigation_fallback: { capability: 'edit_theme_options', code: 'rest_cannot_create' },
  // The theme's export zip: WordPress 6.8 asks only for `export` (administrators).
  export_theme: { capability: 'export', code: 'rest_cannot_export_templates' },
};

export function isRuleName(name: string): name is RuleName {
  return (RULE_NAMES as readonly string[]).includes(name);
}
