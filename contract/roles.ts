/**
 * WordPress's default roles and the primitive capabilities each grants. Meta capabilities
 * (edit_post on a given post, ...) are mapped onto these by `runtime/auth/capabilities.ts`.
 */

const SUBSCRIBER = ['read', 'level_0'];
const CONTRIBUTOR = [...SUBSCRIBER, 'edit_posts', 'delete_posts', 'level_1'];
const AUTHOR = [
  ...CONTRIBUTOR,
  'upload_files', 'edit_published_posts', 'publish_posts', 'delete_published_posts', 'level_2',
];
const EDITOR = [
  ...AUTHOR,
  'moderate_comments', 'manage_categories', 'manage_links', 'unfiltered_html',
  'edit_others_posts', 'edit_pages', 'edit_others_pages', 'edit_published_pages', 'publish_pages',
  'delete_pages', 'delete_others_pages', 'delete_published_pages', 'delete_others_posts',
  'delete_private_posts', 'edit_private_posts', 'read_private_posts', 'delete_private_pages',
  'edit_private_pages', 'read_private_pages', 'level_7',
];
const ADMINISTRATOR = [
  ...EDITOR,
  'switch_themes', 'edit_themes', 'activate_plugins', 'edit_plugins', 'edit_users', 'edit_files',
  'manage_options', 'import', 'unfiltered_upload', 'edit_dashboard', 'update_plugins', 'delete_plugins',
  'install_plugins', 'update_themes', 'install_themes', 'update_core', 'list_users', 'remove_users',
  'promote_users', 'edit_theme_options', 'delete_themes', 'export', 'delete_users', 'create_users',
  'level_10',
];

export const ROLES = {
  administrator: ADMINISTRATOR,
  editor: EDITOR,
  author: AUTHOR,
  contributor: CONTRIBUTOR,
  subscriber: SUBSCRIBER,
} as const;

export type RoleName = keyof typeof ROLES;

export function isRole(name: string): name is RoleName {
  return Object.prototype.hasOwnProperty.call(ROLES, name);
}

export function capabilitiesOf(roles: readonly string[]): Set<string> {
  const caps = new Set<string>();
  for (const role of roles) if (isRole(role)) for (const cap of ROLES[role]) caps.add(cap);
  return caps;
}
