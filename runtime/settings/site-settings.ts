/**
 * The site's own settings (title, tagline, timezone, front page...), kept in the `options`
 * table under `site.<field>` as JSON, falling back to the deployment's `site` defaults.
 * They fill the discovery document and are changed with `specpress site set`.
 */
import type { Kysely } from 'kysely';
import type { SiteDefaults } from '../../contract/model.ts';
import type { Database } from '../store/schema.ts';
import { processCacheOf } from '../cache/process-cache.ts';

export interface SiteSettings extends SiteDefaults {
  /** Site and home addresses; default to the server's own URL. */
  url: string;
  home: string;
}

export type SiteField = keyof SiteSettings;

/** How each field is read from the command line, and what it accepts. */
/** What the front page shows: the latest posts, or a page (page_on_front). */
const SHOW_ON_FRONT = new Set<string>(['posts', 'page']);

const FIELDS: Record<SiteField, (raw: string) => unknown> = {
  name: (s) => s,
  description: (s) => s,
  url: (s) => url(s),
  home: (s) => url(s),
  gmt_offset: (s) => {
    if (!/^[+-]?\d+(\.\d+)?$/.test(s.trim())) throw new SettingError(`gmt_offset must be a number of hours, like 0, 2 or -5.5 (got "${s}")`);
    return String(Number(s));
  },
  timezone_string: (s) => {
    if (s !== '' && !isTimezone(s)) throw new SettingError(`timezone_string must be an IANA time zone such as Europe/Paris, or empty (got "${s}")`);
    return s;
  },
  page_for_posts: (s) => pageId(s, 'page_for_posts'),
  page_on_front: (s) => pageId(s, 'page_on_front'),
  show_on_front: (s) => {
    if (!SHOW_ON_FRONT.has(s)) throw new SettingError(`show_on_front must be "posts" or "page" (got "${s}")`);
    return s;
  },
};

export const SITE_FIELDS = Object.keys(FIELDS) as SiteField[];

export class SettingError extends Error {}

const KEY_PREFIX = 'site.';

export function isSiteField(name: string): name is SiteField {
  return Object.hasOwn(FIELDS, name);
}

export async function getSiteSettings(db: Kysely<Database>, defaults: SiteDefaults, siteUrl: string): Promise<SiteSettings> {
  const load = () => db.selectFrom('options').select(['name', 'value']).where('name', 'like', `${KEY_PREFIX}%`).execute();
  const cache = processCacheOf(db as Kysely<unknown>);
  const rows = cache ? await cache.get('options', 'site-settings', load) : await load();
  const stored: Record<string, unknown> = {};
  for (const row of rows) stored[row.name.slice(KEY_PREFIX.length)] = JSON.parse(row.value);
  const settings: SiteSettings = { ...defaults, url: siteUrl, home: siteUrl };
  for (const field of SITE_FIELDS) if (field in stored) (settings as unknown as Record<string, unknown>)[field] = stored[field];
  return settings;
}

/** Checks and stores one field given as text; returns the stored value. */
export async function setSiteSetting(db: Kysely<Database>, field: string, raw: string): Promise<unknown> {
  if (!isSiteField(field)) throw new SettingError(`Unknown site field "${field}". Fields: ${SITE_FIELDS.join(', ')}`);
  const value = FIELDS[field](raw);
  const name = `${KEY_PREFIX}${field}`;
  await db.insertInto('options').values({ name, value: JSON.stringify(value) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(value) })).execute();
  return value;
}

function url(s: string): string {
  try {
    const u = new URL(s);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    return s.replace(/\/+$/, '');
  } catch {
    throw new SettingError(`Expected an http(s) address such as https://example.com (got "${s}")`);
  }
}

function pageId(s: string, field: string): number {
  if (!/^\d+$/.test(s.trim())) throw new SettingError(`${field} must be a page id (a whole number, 0 for none) (got "${s}")`);
  return Number(s);
}

function isTimezone(s: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: s });
    return s.includes('/') || s === 'UTC';
  } catch {
    return false;
  }
}
