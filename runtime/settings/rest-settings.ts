/**
 * The site's settings as core/v2/settings answers and saves them (WordPress's settings
 * controller, the fields its block editor reads). The site's own fields (title, tagline,
 * address, time zone, front page) are the site settings of site-settings.ts, which the discovery
 * document and `specpress site` share; the others are plain options of the `options` table,
 * with WordPress's defaults for a fresh site. Permission (manage_options) was checked before.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { getOption, setOption } from '../content/options.ts';
import { getSiteSettings, setSiteSetting, SettingError, type SiteField, type SiteSettings } from './site-settings.ts';
import { asResult } from '../rest/answer.ts';

/** A setting that lives in the site settings: its field there, and how its value reads back. */
interface SiteBacked {
  site: SiteField;
  read: (s: SiteSettings) => unknown;
}

/** A setting kept as its own option, with the value a fresh WordPress site has. */
interface OptionBacked {
  option: string;
  fallback: (ctx: HandlerContext<unknown>) => Promise<unknown> | unknown;
}

type Setting = SiteBacked | OptionBacked;

/** The settings in the order WordPress answers them. */
const SETTINGS = {
  title: { site: 'name', read: (s) => s.name },
  description: { site: 'description', read: (s) => s.description },
  url: { site: 'url', read: (s) => s.url },
  email: { option: 'admin_email', fallback: firstAdministratorEmail },
  timezone: { site: 'timezone_string', read: (s) => s.timezone_string },
  date_format: { option: 'date_format', fallback: () => 'F j, Y' },
  time_format: { option: 'time_format', fallback: () => 'g:i a' },
  start_of_week: { option: 'start_of_week', fallback: () => 1 },
  language: { option: 'WPLANG', fallback: () => 'en_US' },
  use_smilies: { option: 'use_smilies', fallback: () => true },
  default_category: { option: 'default_category', fallback: () => 1 },
  default_post_format: { option: 'default_post_format', fallback: () => '0' },
  posts_per_page: { option: 'posts_per_page', fallback: () => 10 },
  show_on_front: { site: 'show_on_front', read: (s) => s.show_on_front },
  page_on_front: { site: 'page_on_front', read: (s) => Number(s.page_on_front) },
  page_for_posts: { site: 'page_for_posts', read: (s) => Number(s.page_for_posts) },
  default_ping_status: { option: 'default_ping_status', fallback: () => 'open' },
  default_comment_status: { option: 'default_comment_status', fallback: () => 'open' },
  // WordPress answers a site without a logo as null, one without an icon as 0.
  site_logo: { option: 'site_logo', fallback: () => null },
  site_icon: { option: 'site_icon', fallback: () => 0 },
} satisfies Record<string, Setting>;

type SettingName = keyof typeof SETTINGS;

/** Own keys only: a param named `constructor` is no setting. */
const isSettingName = (name: string): name is SettingName => Object.hasOwn(SETTINGS, name);

/**
 * What a save reads: any of the settings, each optional (only those sent are stored), and a null
 * resets one. The update route's args must name settings this table knows.
 */
export type SettingsWriteParams = { [K in SettingName]?: unknown };

const isSiteBacked = (s: Setting): s is SiteBacked => 'site' in s;

/** The address WordPress's installer stores as admin_email: here, the first administrator's. */
async function firstAdministratorEmail(ctx: HandlerContext<unknown>): Promise<string> {
  // Roles are a JSON list: the text match narrows, the parsed list decides.
  const rows = await ctx.app.db.selectFrom('users').select(['email', 'roles']).where('roles', 'like', '%"administrator"%').orderBy('id').execute();
  const admin = rows.find((r) => (JSON.parse(r.roles) as string[]).includes('administrator'));
  return admin?.email ?? '';
}

/** Takes no params: every setting. */
export async function getSettings<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  const site = await getSiteSettings(ctx.app.db, ctx.app.deployment.site, ctx.app.config.siteUrl);
  const data: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries<Setting>(SETTINGS)) {
    data[name] = isSiteBacked(setting) ? setting.read(site) : await getOption(ctx.app.db, setting.option, await setting.fallback(ctx));
  }
  if (data.site_logo === 0) data.site_logo = null;
  return asResult<R>(data);
}

/**
 * Stores each setting sent (validated against its schema already), then answers them all. A
 * null resets an option to its default, as WordPress deletes it. The time zone is also the
 * `timezone_string` option the content's dates are read in.
 */
export async function updateSettings<R>(ctx: HandlerContext<SettingsWriteParams>): Promise<HandlerResult<R>> {
  const db = ctx.app.db;
  const sent: Array<{ name: string; setting: Setting; value: unknown }> = [];
  for (const [name, setting] of Object.entries<Setting>(SETTINGS)) {
    const value = isSettingName(name) ? ctx.params[name] : undefined;
    if (value !== undefined) sent.push({ name, setting, value });
  }
  await db.transaction().execute(async (trx) => {
    for (const { name, setting, value } of sent) {
      if (!isSiteBacked(setting)) {
        if (value === null) await trx.deleteFrom('options').where('name', '=', setting.option).execute();
        else await setOption(trx, setting.option, value);
        continue;
      }
      try {
        await setSiteSetting(trx, setting.site, String(value ?? ''));
      } catch (error) {
        if (error instanceof SettingError) throw restError('settings_invalid_value', [name], { params: { [name]: error.message } });
        throw error;
      }
      if (setting.site === 'timezone_string') await setOption(trx, 'timezone_string', String(value ?? ''));
    }
  });
  return getSettings(ctx);
}
