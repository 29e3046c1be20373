/**
 * What the templates routes work with: one template or template part, from the active theme's
 * files (spec/data/theme-templates.yaml) or from the site's own item, as WordPress's
 * WP_Block_Template; and how to read and find them. An item of the site replaces the theme's
 * file of the same slug.
 */
import type { App } from '../rest/types.ts';
import { activeTheme } from '../themes/active-theme.ts';
import { AREA_KEY, ORIGIN_KEY, THEME_KEY, themeItemMeta, type ItemRow } from './theme-items.ts';

export type TemplateKind = 'wp_template' | 'wp_template_part';

export interface Template {
  id: string;
  theme: string;
  content: string;
  slug: string;
  source: 'theme' | 'custom';
  origin: string | null;
  type: TemplateKind;
  description: string;
  title: string;
  status: string;
  wpId: number;
  hasThemeFile: boolean;
  isCustom: boolean;
  author: number;
  area?: string;
  /** Stored form of the last change ('' for a theme's file). */
  modified: string;
  postTypes?: string[];
}

interface TemplateFile {
  slug: string;
  content: string;
  title?: string;
  area?: string;
  post_types?: string[];
}

interface TemplateTypes {
  template_types: Array<{ slug: string; title: string; description: string }>;
  template_part_areas: Array<{ area: string }>;
}

function templateTypes(app: Pick<App, 'deployment'>): TemplateTypes {
  return (app.deployment.catalogs?.['block-template-types'] as TemplateTypes | undefined) ?? { template_types: [], template_part_areas: [] };
}

export function defaultType(app: Pick<App, 'deployment'>, slug: string): { title: string; description: string } | undefined {
  return templateTypes(app).template_types.find((t) => t.slug === slug);
}

/** A part's area, `uncategorized` unless it is one WordPress knows. */
export function knownArea(app: Pick<App, 'deployment'>, area: unknown): string {
  return typeof area === 'string' && templateTypes(app).template_part_areas.some((a) => a.area === area) ? area : 'uncategorized';
}

function files(app: Pick<App, 'deployment'>, kind: TemplateKind): TemplateFile[] {
  const data = app.deployment.catalogs?.['theme-templates'] as { templates?: TemplateFile[]; parts?: TemplateFile[] } | undefined;
  return (kind === 'wp_template' ? data?.templates : data?.parts) ?? [];
}

function fromFile(app: Pick<App, 'deployment'>, kind: TemplateKind, file: TemplateFile): Template {
  const theme = activeTheme(app).stylesheet;
  const known = kind === 'wp_template' ? defaultType(app, file.slug) : undefined;
  const template: Template = {
    id: `${theme}//${file.slug}`, theme, content: file.content, slug: file.slug, source: 'theme', origin: null, type: kind,
    description: known?.description ?? '', title: known?.title ?? file.title ?? file.slug, status: 'publish', wpId: 0,
    hasThemeFile: true, isCustom: kind === 'wp_template' && !known, author: 0, modified: '',
  };
  if (file.post_types) template.postTypes = file.post_types;
  if (kind === 'wp_template_part') template.area = knownArea(app, file.area);
  return template;
}

/** The theme's files of a kind, in the theme's order. */
export function themeFiles(app: Pick<App, 'deployment'>, kind: TemplateKind): Template[] {
  return files(app, kind).map((f) => fromFile(app, kind, f));
}

export function themeFile(app: Pick<App, 'deployment'>, kind: TemplateKind, slug: string): Template | undefined {
  const file = files(app, kind).find((f) => f.slug === slug);
  return file && fromFile(app, kind, file);
}

export function fromItem(app: Pick<App, 'deployment'>, row: ItemRow, meta: Record<string, string>): Template {
  const kind = row.type as TemplateKind;
  const theme = meta[THEME_KEY] ?? activeTheme(app).stylesheet;
  const file = theme === activeTheme(app).stylesheet ? files(app, kind).find((f) => f.slug === row.slug) : undefined;
  const template: Template = {
    id: `${theme}//${row.slug}`, theme, content: row.content, slug: row.slug, source: 'custom', origin: meta[ORIGIN_KEY] || null, type: kind,
    description: row.excerpt, title: row.title, status: row.status, wpId: row.id, hasThemeFile: file !== undefined,
    isCustom: kind === 'wp_template' && !defaultType(app, row.slug), author: row.author, modified: row.modified,
  };
  if (file?.post_types) template.postTypes = file.post_types;
  if (kind === 'wp_template_part') template.area = knownArea(app, meta[AREA_KEY]);
  return template;
}

/**
 * The site's items of a kind for a theme, newest first (as WordPress queries them): published
 * ones, or the one item `wpId` names whatever its status.
 */
export async function siteItems(app: Pick<App, 'db' | 'deployment'>, kind: TemplateKind, theme: string, wpId?: number): Promise<Template[]> {
  let q = app.db.selectFrom('posts').selectAll().where('type', '=', kind);
  q = wpId !== undefined ? q.where('id', '=', wpId) : q.where('status', '=', 'publish');
  const rows = await q.orderBy('date', 'desc').orderBy('id', 'desc').execute();
  const meta = await themeItemMeta(app.db, rows.map((r) => r.id));
  return rows.map((r) => fromItem(app, r, meta.get(r.id) ?? {})).filter((t) => t.theme === theme);
}

/**
 * `theme//slug` → its parts. Sent percent-encoded or with a single slash before the slug
 * (`theme/slug`), it reads the same, as WordPress's sanitizing of the id makes it.
 */
export function parseTemplateId(id: unknown): { theme: string; slug: string } | undefined {
  let text = typeof id === 'string' ? id : '';
  try {
    text = decodeURIComponent(text);
  } catch {
    // kept as sent
  }
  const last = text.lastIndexOf('/');
  if (last > 0 && text[last - 1] !== '/') text = `${text.slice(0, last)}/${text.slice(last)}`;
  const at = text.indexOf('//');
  if (at < 0) return undefined;
  const theme = text.slice(0, at);
  const slug = text.slice(at + 2);
  return theme && slug ? { theme, slug } : undefined;
}

/** The template an id names: the site's item for it (a trashed one too), else the active theme's file. */
export async function findTemplate(app: Pick<App, 'db' | 'deployment'>, kind: TemplateKind, id: unknown): Promise<Template | undefined> {
  const parts = parseTemplateId(id);
  if (!parts) return undefined;
  const rows = await app.db.selectFrom('posts').selectAll().where('type', '=', kind).where('slug', '=', parts.slug)
    .orderBy('date', 'desc').orderBy('id', 'desc').execute();
  const meta = await themeItemMeta(app.db, rows.map((r) => r.id));
  const item = rows.map((r) => fromItem(app, r, meta.get(r.id) ?? {})).find((t) => t.theme === parts.theme);
  if (item) return item;
  return parts.theme === activeTheme(app).stylesheet ? themeFile(app, kind, parts.slug) : undefined;
}
