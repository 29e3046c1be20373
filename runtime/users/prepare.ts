/**
 * A user as core/v2/users answers it (WordPress's prepare_item_for_response): public fields for
 * every context, the account's details in `edit`, avatars from Gravatar's address scheme and the
 * `self`/`collection` links. Pure given the row and the site's addresses.
 */
import crypto from 'node:crypto';
import type { ArgSchema, Context } from '../../contract/model.ts';
import type { UserRow } from '../auth/users.ts';
import { capabilitiesOf } from '../../contract/roles.ts';
import { filterByContext } from '../content/context.ts';
import type { ProfileMeta } from './profile-meta.ts';

export interface UserSite {
  siteUrl: string;
  /** REST base of the namespace the request used, e.g. `{restUrl}/wp/v2`. */
  restBase: string;
  /** The `permalink_structure` option: empty gives `?author=ID` links, as WordPress. */
  permalinkStructure: string;
}

/** Gravatar addresses at WordPress's three sizes (SHA-256 of the trimmed, lower-cased email). */
export function avatarUrls(email: string): Record<'24' | '48' | '96', string> {
  const hash = crypto.createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const at = (size: number) => `https://secure.gravatar.com/avatar/${hash}?s=${size}&d=mm&r=g`;
  return { '24': at(24), '48': at(48), '96': at(96) };
}

export function authorLink(site: Pick<UserSite, 'siteUrl' | 'permalinkStructure'>, user: Pick<UserRow, 'id' | 'nicename'>): string {
  return site.permalinkStructure ? `${site.siteUrl}/author/${user.nicename}/` : `${site.siteUrl}/?author=${user.id}`;
}

/** `YYYY-MM-DD HH:MM:SS` (GMT) as WordPress's registered_date: ISO 8601 with +00:00. */
function registeredDate(registered: string): string {
  return `${registered.replace(' ', 'T').slice(0, 19)}+00:00`;
}

/** What a user's answer needs besides the row: the profile meta, and the methods the caller may use on it. */
export interface UserExtras {
  profile: ProfileMeta;
  allow: string[];
}

export function prepareUser(row: UserRow, site: UserSite, fields: Record<string, ArgSchema>, context: Context, extras: UserExtras): Record<string, unknown> {
  const roles = JSON.parse(row.roles) as string[];
  const roleFlags = Object.fromEntries(roles.map((r) => [r, true]));
  const caps = { ...Object.fromEntries([...capabilitiesOf(roles)].map((c) => [c, true])), ...roleFlags };
  const full: Record<string, unknown> = {
    id: row.id,
    username: row.login,
    name: row.display_name,
    first_name: extras.profile.first_name,
    last_name: extras.profile.last_name,
    email: row.email,
    url: row.url,
    description: row.description,
    link: authorLink(site, row),
    // An account without its own language follows the site's (get_user_locale).
    locale: extras.profile.locale || 'en_US',
    nickname: extras.profile.nickname ?? row.login,
    slug: row.nicename,
    // The response lists roles before registered_date (its schema the other way round).
    roles,
    registered_date: registeredDate(row.registered),
    capabilities: caps,
    extra_capabilities: roleFlags,
    avatar_urls: avatarUrls(row.email),
    meta: {},
  };
  const out = filterByContext(full, fields, context);
  // PHP answers an empty meta object as [] (view context has no registered user meta).
  if ('meta' in out) out.meta = context === 'edit' ? { persisted_preferences: extras.profile.persisted_preferences ?? [] } : [];
  const self = `${site.restBase}/users/${row.id}`;
  out._links = { self: [{ href: self, targetHints: { allow: extras.allow } }], collection: [{ href: `${site.restBase}/users` }] };
  return out;
}
