/**
 * `GET /core-block-editor/v1/export`: the active block theme as a zip to download, as WordPress
 * 6.8's wp_generate_block_templates_export_file makes it: the theme's files, then every template
 * and template part as the site shows them now (the site's own item in place of the theme's file
 * of the same slug; templates without the `theme` attribute of their template-part blocks, so the
 * copy works under another theme's name), then a theme.json holding the theme's settings and
 * styles with the site's global styles merged over them.
 *
 * This server's theme has no folder on disk: its files are what spec/data/theme*.yaml describe,
 * so the zip holds the files those make (style.css with the theme's header, its style
 * variations under styles/, its templates and parts), never anything of the server's own.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { App, HandlerContext, RestResponse } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { activeTheme, type ThemeData } from '../themes/active-theme.ts';
import { siteItems, themeFiles, type Template, type TemplateKind } from '../templates/templates.ts';
import { findUserStyles, readUserConfig } from '../global-styles/user-styles.ts';
import { mergeThemeJson } from '../admin/site-theme-json.ts';
import { parseBlocks } from '../content/render/parse-blocks.ts';
import { mapBlocks, serializeBlocks } from './serialize-blocks.ts';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The theme.json schema WordPress names for its own major.minor release. */
const SCHEMA_URL = 'https://schemas.wp.org/wp/6.8/theme.json';

/** Where presets live under a settings node; WordPress's PRESETS_METADATA paths. */
const PRESET_PATHS: Array<[string, string]> = [
  ['dimensions', 'aspectRatios'], ['color', 'palette'], ['color', 'gradients'], ['color', 'duotone'],
  ['typography', 'fontSizes'], ['typography', 'fontFamilies'], ['spacing', 'spacingSizes'], ['shadow', 'presets'],
];

/** The site's templates (or parts) as they show now: its own published items first, then the theme's files it has not replaced. */
async function currentTemplates(app: App, kind: TemplateKind, theme: string): Promise<Template[]> {
  const out: Template[] = [];
  const taken = new Set<string>();
  for (const t of [...(await siteItems(app, kind, theme)), ...themeFiles(app, kind)]) {
    if (taken.has(t.slug)) continue;
    taken.add(t.slug);
    out.push(t);
  }
  return out;
}

/** A template's markup without its template-part blocks' `theme`, as WordPress exports it. */
function withoutPartTheme(content: string): string {
  return serializeBlocks(mapBlocks(parseBlocks(content), (block) => {
    if (block.blockName !== 'core/template-part' || !block.attrs || !('theme' in block.attrs)) return block;
    const { theme: _theme, ...attrs } = block.attrs;
    return { ...block, attrs };
  }));
}

/**
 * A settings node's presets with their origins made one list, as a theme's own theme.json holds
 * them: the theme's, then the user's of the same slug replacing them or added after; WordPress's
 * defaults are left out (they are not the theme's).
 */
function flattenPresets(node: Json): Json {
  const out: Json = { ...node };
  for (const [group, name] of PRESET_PATHS) {
    const section = out[group];
    if (!isObject(section) || !isObject(section[name])) continue;
    const byOrigin = section[name] as Json;
    const bySlug = new Map<string, Json>();
    for (const origin of ['theme', 'custom']) {
      const items = byOrigin[origin];
      if (!Array.isArray(items)) continue;
      for (const item of items) if (isObject(item)) bySlug.set(String(item.slug), item);
    }
    out[group] = { ...section, [name]: [...bySlug.values()] };
  }
  if (isObject(out.blocks)) {
    out.blocks = Object.fromEntries(Object.entries(out.blocks).map(([block, settings]) => [block, isObject(settings) ? flattenPresets(settings) : settings]));
  }
  return out;
}

/** Object keys in order at every depth, as WordPress sorts the exported theme.json. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
}

/** JSON indented with tabs, slashes and non-ASCII as they are (how WordPress writes theme.json files). */
function jsonFile(value: unknown): Uint8Array {
  return strToU8(JSON.stringify(value, null, '\t'));
}

async function themeJson(app: App, theme: ThemeData): Promise<Json> {
  const userRow = await findUserStyles(app, theme.stylesheet);
  const user = userRow ? readUserConfig(userRow.content) : {};
  const doc: Json = {
    version: 3,
    settings: flattenPresets(mergeThemeJson(theme.settings ?? {}, user.settings)),
    styles: mergeThemeJson(theme.styles ?? {}, user.styles),
  };
  // What a theme.json declares about its own templates: the parts' areas, the custom templates' post types.
  const themeParts = themeFiles(app, 'wp_template_part').map((p) => ({ area: p.area, name: p.slug, title: p.title }));
  if (themeParts.length > 0) doc.templateParts = themeParts;
  const custom = themeFiles(app, 'wp_template').filter((t) => t.isCustom).map((t) => ({ name: t.slug, title: t.title, ...(t.postTypes ? { postTypes: t.postTypes } : {}) }));
  if (custom.length > 0) doc.customTemplates = custom;
  return { $schema: SCHEMA_URL, ...(sortKeys(doc) as Json) };
}

/** The theme header WordPress reads from style.css, for the fields the theme has. */
function styleCss(theme: ThemeData): string {
  const fields: Array<[string, string]> = [
    ['Theme Name', theme.name], ['Theme URI', theme.theme_uri], ['Author', theme.author], ['Author URI', theme.author_uri],
    ['Description', theme.description.trim()], ['Requires at least', theme.requires_wp], ['Requires PHP', theme.requires_php],
    ['Version', theme.version], ['Text Domain', theme.textdomain], ['Tags', theme.tags.join(', ')],
  ];
  return `/*\n${fields.filter(([, v]) => v).map(([k, v]) => `${k}: ${v}`).join('\n')}\n*/\n`;
}

/** A style variation's file name: its title made a slug (WordPress themes name them so). */
function variationFile(variation: Json, index: number): string {
  const title = typeof variation.title === 'string' ? variation.title : '';
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `${slug || `variation-${index + 1}`}.json`;
}

/**
 * The zip's entries in the order WordPress writes them: the two folders it makes first (empty
 * objects are folders), then the theme's files, the templates, the parts and theme.json. Paths
 * are flat keys, as WordPress adds files without entries for their folders.
 */
export async function themeArchive(app: App): Promise<Zippable> {
  const theme = activeTheme(app);
  const files: Zippable = { templates: {}, parts: {} };
  files['style.css'] = strToU8(styleCss(theme));
  theme.variations.forEach((v, i) => {
    files[`styles/${variationFile(v, i)}`] = jsonFile(v);
  });
  for (const t of await currentTemplates(app, 'wp_template', theme.stylesheet)) files[`templates/${t.slug}.html`] = strToU8(withoutPartTheme(t.content));
  for (const p of await currentTemplates(app, 'wp_template_part', theme.stylesheet)) files[`parts/${p.slug}.html`] = strToU8(p.content);
  files['theme.json'] = jsonFile(await themeJson(app, theme));
  return files;
}

/** Takes no params: the active theme, with the site's templates and styles. */
export async function exportTheme(ctx: HandlerContext<unknown>): Promise<RestResponse> {
  const theme = activeTheme(ctx.app);
  const files = await themeArchive(ctx.app);
  let zip: Uint8Array;
  try {
    zip = zipSync(files, { level: 6, mtime: ctx.app.now() });
  } catch {
    throw restError('export_zip_failed');
  }
  return {
    status: 200,
    // WordPress names the download after the theme's folder, unquoted.
    headers: { 'Content-Disposition': `attachment; filename=${theme.stylesheet}.zip` },
    body: null,
    raw: { contentType: 'application/zip', data: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength) },
  };
}
