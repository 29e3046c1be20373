/**
 * The site's own changes to a theme's styles: one wp_global_styles item per theme, holding a
 * theme.json document (`settings`, `styles`) marked as the user's. WordPress makes the item the
 * first time the active theme is read, so that `/themes`'s `wp:user-global-styles` link always
 * resolves; so does this server.
 */
import type { App } from '../rest/types.ts';
import { insertThemeItem, THEME_KEY, type ItemRow } from '../templates/theme-items.ts';
import { lockName } from '../store/write-guards.ts';

export const GLOBAL_STYLES_TYPE = 'wp_global_styles';

/** The item's slug for a theme, as WordPress names it. */
function slugFor(stylesheet: string): string {
  return `wp-global-styles-${encodeURIComponent(stylesheet).toLowerCase()}`;
}

const EMPTY_CONFIG = JSON.stringify({ version: 3, isGlobalStylesUserThemeJSON: true });

export async function findUserStyles(app: Pick<App, 'db'>, stylesheet: string): Promise<ItemRow | undefined> {
  return app.db.selectFrom('posts').selectAll().where('type', '=', GLOBAL_STYLES_TYPE).where('slug', '=', slugFor(stylesheet))
    .where('status', '=', 'publish').orderBy('id', 'desc').executeTakeFirst();
}

/** The id of the theme's item, made now if the site has none yet (one transaction: two first reads make one item). */
export async function userStylesId(app: Pick<App, 'db' | 'now'>, stylesheet: string, author: number): Promise<number> {
  const found = await findUserStyles(app, stylesheet);
  if (found) return found.id;
  return app.db.transaction().execute(async (trx) => {
    // Checked again with the theme's name locked until the commit (store/write-guards.ts).
    await lockName(trx, 'global-styles', stylesheet);
    const again = await trx.selectFrom('posts').select('id').where('type', '=', GLOBAL_STYLES_TYPE).where('slug', '=', slugFor(stylesheet)).executeTakeFirst();
    if (again) return again.id;
    return insertThemeItem(trx, app, {
      type: GLOBAL_STYLES_TYPE, slug: slugFor(stylesheet), title: 'Custom Styles', content: EMPTY_CONFIG, excerpt: '', author,
      meta: { [THEME_KEY]: stylesheet },
    });
  });
}

export interface UserConfig {
  settings?: Record<string, unknown>;
  styles?: Record<string, unknown>;
}

/** The stored document, when it is the user's theme.json (anything else counts as no changes). */
export function readUserConfig(content: string): UserConfig {
  try {
    const parsed = JSON.parse(content) as Record<string, unknown>;
    if (parsed?.isGlobalStylesUserThemeJSON !== true) return {};
    const object = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
    return { settings: object(parsed.settings), styles: object(parsed.styles) };
  } catch {
    return {};
  }
}

export function writeUserConfig(config: UserConfig): string {
  const doc: Record<string, unknown> = {};
  if (config.styles) doc.styles = config.styles;
  if (config.settings) doc.settings = config.settings;
  doc.isGlobalStylesUserThemeJSON = true;
  doc.version = 3;
  return JSON.stringify(doc);
}
