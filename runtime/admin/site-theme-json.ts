/**
 * The theme.json the editor works with: the active theme's, with the site's own global styles
 * (the wp_global_styles item people edit in the Styles panel) laid over it, as WordPress's
 * wp_get_global_settings and wp_get_global_styles merge the user's origin over the theme's.
 */
import type { App } from '../rest/types.ts';
import { activeTheme, type ThemeData } from '../themes/active-theme.ts';
import { findUserStyles, readUserConfig } from '../global-styles/user-styles.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merged key by key; anything else (lists of presets too) replaced by the later value. */
export function mergeThemeJson(base: Json, over: Json | undefined): Json {
  if (!over) return base;
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    // Own keys only, and never the prototype's names: the user's document is stored text.
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    out[key] = isObject(value) && isObject(out[key]) ? mergeThemeJson(out[key] as Json, value) : value;
  }
  return out;
}

export async function siteThemeJson(app: App): Promise<ThemeData> {
  const theme = activeTheme(app);
  const row = await findUserStyles(app, theme.stylesheet);
  if (!row) return theme;
  const user = readUserConfig(row.content);
  return { ...theme, settings: mergeThemeJson(theme.settings ?? {}, user.settings), styles: mergeThemeJson(theme.styles ?? {}, user.styles) };
}
