/**
 * The theme's stylesheets the editor's canvas shows, from its theme.json, in the shape WordPress's
 * global stylesheet has for the editor: the presets as `--wp--preset--<kind>--<slug>` custom
 * properties, the layout sizes, and the root and element styles (body, links, headings). Only
 * what the post editor needs to look like the site: per-block styles and the block supports'
 * classes are left to WordPress's own block stylesheet.
 */
import type { ThemeData } from '../themes/active-theme.ts';

/** theme.json preset lists: where they live, their custom property kind, and the field with the value. */
const PRESETS: Array<[section: string, key: string, kind: string, value: string]> = [
  ['color', 'palette', 'color', 'color'],
  ['color', 'gradients', 'gradient', 'gradient'],
  ['typography', 'fontSizes', 'font-size', 'size'],
  ['typography', 'fontFamilies', 'font-family', 'fontFamily'],
  ['spacing', 'spacingSizes', 'spacing', 'size'],
  ['shadow', 'presets', 'shadow', 'shadow'],
];

/** A value safe inside a declaration: no way out of it (`;`, `}`, `<`). */
function cssValue(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value);
  return /[;{}<>]/.test(text) ? undefined : text;
}

function slugOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[a-z0-9-]+$/i.test(value) ? value.toLowerCase() : undefined;
}

function get(object: unknown, ...path: string[]): unknown {
  let at = object;
  for (const key of path) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

export function presetStylesheet(theme: ThemeData): string {
  const declarations: string[] = [];
  for (const [section, key, kind, field] of PRESETS) {
    const byOrigin = get(theme.settings, section, key);
    if (!byOrigin || typeof byOrigin !== 'object') continue;
    // Later origins win, as in WordPress: default, then theme, then the user's own.
    for (const origin of ['default', 'theme', 'custom']) {
      const list = (byOrigin as Record<string, unknown>)[origin];
      if (!Array.isArray(list)) continue;
      for (const preset of list) {
        const slug = slugOf(get(preset, 'slug'));
        const value = cssValue(get(preset, field));
        if (slug && value !== undefined) declarations.push(`--wp--preset--${kind}--${slug}: ${value};`);
      }
    }
  }
  const contentSize = cssValue(get(theme.settings, 'layout', 'contentSize'));
  const wideSize = cssValue(get(theme.settings, 'layout', 'wideSize'));
  if (contentSize) declarations.push(`--wp--style--global--content-size: ${contentSize};`);
  if (wideSize) declarations.push(`--wp--style--global--wide-size: ${wideSize};`);
  return `:root { ${declarations.join(' ')} }`;
}

/** The declarations of one theme.json style object (color, typography, border, spacing.padding). */
function declarationsOf(style: unknown): string {
  const out: string[] = [];
  const add = (property: string, value: unknown) => {
    const v = cssValue(value);
    if (v !== undefined) out.push(`${property}: ${v};`);
  };
  add('background-color', get(style, 'color', 'background'));
  add('color', get(style, 'color', 'text'));
  add('font-family', get(style, 'typography', 'fontFamily'));
  add('font-size', get(style, 'typography', 'fontSize'));
  add('font-weight', get(style, 'typography', 'fontWeight'));
  add('line-height', get(style, 'typography', 'lineHeight'));
  add('text-decoration', get(style, 'typography', 'textDecoration'));
  add('border-radius', get(style, 'border', 'radius'));
  for (const side of ['top', 'right', 'bottom', 'left']) add(`padding-${side}`, get(style, 'spacing', 'padding', side));
  return out.join(' ');
}

/** Root and element styles; the editor scopes `body` to its canvas wrapper. */
export function rootStylesheet(theme: ThemeData): string {
  const rules: string[] = [`body { ${declarationsOf(theme.styles)} }`];
  const gap = cssValue(get(theme.styles, 'spacing', 'blockGap'));
  if (gap) rules.push(`:root { --wp--style--block-gap: ${gap}; }`);
  const elements: Array<[string, string]> = [
    ['link', 'a:where(:not(.wp-element-button))'],
    ['heading', 'h1, h2, h3, h4, h5, h6'],
    ['h1', 'h1'], ['h2', 'h2'], ['h3', 'h3'], ['h4', 'h4'], ['h5', 'h5'], ['h6', 'h6'],
    ['button', '.wp-element-button, .wp-block-button__link'],
    ['caption', '.wp-element-caption, .wp-block-image figcaption'],
  ];
  for (const [name, selector] of elements) {
    const declarations = declarationsOf(get(theme.styles, 'elements', name));
    if (declarations) rules.push(`${selector} { ${declarations} }`);
  }
  return rules.join('\n');
}
