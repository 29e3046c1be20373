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
  // oEmbed (runtime/oembed/rules.ts).
  'oembed_proxy',
] as const;

export type RuleName = (typeof RULE_NAMES)[number];

export function isRuleName(name: string): name is RuleName {
  return (RULE_NAMES as readonly string[]).includes(name);
}
