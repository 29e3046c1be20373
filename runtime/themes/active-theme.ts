/**
 * The active theme, from the deployment's `theme` data (spec/data/theme.yaml): this server has
 * exactly one theme, which is therefore the active one. The themes and global styles routes and
 * the templates read it here.
 */
import type { App } from '../rest/types.ts';

export interface ThemeData {
  stylesheet: string;
  template: string;
  name: string;
  version: string;
  requires_php: string;
  requires_wp: string;
  textdomain: string;
  author: string;
  author_uri: string;
  theme_uri: string;
  description: string;
  tags: string[];
  is_block_theme: boolean;
  theme_supports: Record<string, unknown>;
  /** theme.json `settings` and `styles`, merged over the defaults. */
  settings: Record<string, unknown>;
  styles: Record<string, unknown>;
  /** Its style variations, as theme.json documents with a title. */
  variations: Array<Record<string, unknown>>;
}

/** The stylesheet names a theme; requests may send it percent-encoded, as WordPress decodes it. */
export function decodeStylesheet(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function activeTheme(app: Pick<App, 'deployment'>): ThemeData {
  const theme = app.deployment.catalogs?.theme as ThemeData | undefined;
  if (!theme || typeof theme.stylesheet !== 'string') throw new Error('The deployment has no `theme` data (spec/data/theme.yaml): regenerate with `specpress generate`.');
  return theme;
}

export function isActiveTheme(app: Pick<App, 'deployment'>, stylesheet: string): boolean {
  return stylesheet === activeTheme(app).stylesheet;
}
