/**
 * WordPress's default roles and the primitive capabilities each grants. Meta capabilities
 * (edit_post on a given post, ...) are mapped onto these by `runtime/auth/capabilities.ts`.
 */

// Each role's capabilities in the order WordPress grants them (its schema's populate_roles_160,
// then the additions of 2.1 to 3.0), so edit-context `capabilities` list them as WordPress does.
const levels = (top: number) => Array.from({ length: top + 1 }, (_, i) => `level_${top - i}`);
/** Granted to administrators and editors by WordPress 2.1 (pages and private content). */
const PAGES_AND_PRIVATE = [
  'edit_others_pages', 'edit_published_pages', 'publish_pages', 'delete_pages', 'delete_others_pages',
  'delete_published_pages', 'delete_posts', 'delete_others_posts', 'delete_published_posts',
  'delete_private_posts', 'edit_private_posts', 'read_private_posts', 'delete_private_pages',
  'edit_private_pages', 'read_private_pages',
];
const SUBSCRIBER = ['read', ...levels(0)];
const CONTRIBUTOR = ['edit_posts', 'read', ...levels(1), 'delete_posts'];
const AUTHOR = ['upload_files', 'edit_posts', 'edit_published_posts', 'publish_posts', 'read', ...levels(2), 'delete_posts', 'delete_published_posts'];
const EDITOR_1_6 = [
  'moderate_comments', 'manage_categories', 'manage_links', 'upload_files', 'unfiltered_html', 'edit_posts',
  'edit_others_posts', 'edit_published_posts', 'publish_posts', 'edit_pages', 'read',
];
const EDITOR = [...EDITOR_1_6, ...levels(7), ...PAGES_AND_PRIVATE];
const ADMINISTRATOR = [
  'switch_themes', 'edit_themes', 'activate_plugins', 'edit_plugins', 'edit_users', 'edit_files', 'manage_options',
  ...EDITOR_1_6.slice(0, 4), 'import', ...EDITOR_1_6.slice(4), ...levels(10), ...PAGES_AND_PRIVATE,
  'delete_users', 'create_users', 'unfiltered_upload', 'edit_dashboard', 'update_plugins', 'delete_plugins',
  'install_plugins', 'update_themes', 'install_themes', 'update_core', 'list_users', 'remove_users',
  'promote_users', 'edit_theme_options', 'delete_themes', 'export',
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

/**
 * Every capability some role grants: the names a spec's `permission: { capability }` may use
 * (any other is refused to every user, so the spec's checks reject it).
 */
export const KNOWN_CAPABILITIES: ReadonlySet<string> = new Set(Object.values(ROLES).flat());

export function isKnownCapability(name: string): boolean {
  return KNOWN_CAPABILITIES.has(name);
}

/** A capability the role has and no role below it has (`editor` → `moderate_comments`), for hints. */
export function signatureCapability(role: RoleName): string {
  const names = Object.keys(ROLES) as RoleName[];
  const below = capabilitiesOf(names.slice(names.indexOf(role) + 1));
  return ROLES[role].find((cap) => !below.has(cap) && !cap.startsWith('level_')) ?? ROLES[role][0]!;
}
