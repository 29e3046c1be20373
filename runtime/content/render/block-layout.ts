/**
 * The classes WordPress 6.8's layout block support (wp_render_layout_support_flag) adds to a
 * rendered block: `is-layout-{type}`, `wp-block-{name}-is-layout-{type}`, the flags taken from
 * the block's layout attribute, `has-global-padding` for constrained layouts, and
 * `wp-container-core-{name}-is-layout-{hash}` when the layout writes a style of its own. The
 * hash is md5 of the same JSON WordPress builds, so the class names are WordPress's.
 *
 * Site-dependent inputs are those of a block theme with theme.json, as 6.8's default theme
 * (twentytwentyfive) sets them: block gap support on, root-padding-aware alignments on.
 */
import { createHash } from 'node:crypto';
import { sanitizeTitle } from '../slugs.ts';
import type { ParsedBlock } from './parse-blocks.ts';
import { addClassesToTag, attributeOf, openingTags } from './tag-classes.ts';

interface LayoutSupport {
  /** supports.layout.default of the block's block.json. */
  defaultLayout: Record<string, unknown>;
  /** supports.spacing.blockGap.__experimentalDefault, else WordPress's 0.5em. */
  fallbackGap?: string;
  /** supports.spacing.__experimentalSkipSerialization names blockGap. */
  skipGap?: boolean;
}

const FLEX = { type: 'flex' };
/** Core blocks with layout support in 6.8 (their block.json `supports.layout`). */
const LAYOUT_BLOCKS: Record<string, LayoutSupport> = {
  'core/buttons': { defaultLayout: FLEX },
  'core/column': { defaultLayout: {} },
  'core/columns': { defaultLayout: { type: 'flex', flexWrap: 'nowrap' }, fallbackGap: '2em' },
  'core/comments-pagination': { defaultLayout: FLEX },
  'core/cover': { defaultLayout: {} },
  'core/details': { defaultLayout: {} },
  'core/gallery': { defaultLayout: FLEX, skipGap: true },
  'core/group': { defaultLayout: {} },
  'core/navigation': { defaultLayout: FLEX },
  'core/post-content': { defaultLayout: {} },
  'core/post-template': { defaultLayout: {}, fallbackGap: '1.25em' },
  'core/query-pagination': { defaultLayout: FLEX },
  'core/query': { defaultLayout: {} },
  'core/quote': { defaultLayout: {} },
  'core/social-links': { defaultLayout: FLEX },
};

const LAYOUT_CLASS: Record<string, string> = { default: 'is-layout-flow', constrained: 'is-layout-constrained', flex: 'is-layout-flex', grid: 'is-layout-grid' };

/** Twentytwentyfive's theme.json: settings.spacing.blockGap and useRootPaddingAwareAlignments. */
const HAS_BLOCK_GAP_SUPPORT = true;
const ROOT_PADDING_AWARE = true;

type Layout = Record<string, unknown>;

export function supportsLayout(name: string | null): boolean {
  return name !== null && name in LAYOUT_BLOCKS;
}

/** The rendered block with its layout classes. */
export function applyLayoutSupport(html: string, block: ParsedBlock): string {
  const support = block.blockName ? LAYOUT_BLOCKS[block.blockName] : undefined;
  if (!support) return html;
  const attrs = block.attrs ?? {};
  const used: Layout = { ...((attrs.layout as Layout | undefined) ?? support.defaultLayout) };
  if (used.inherit || used.contentSize) used.type = 'constrained';
  const own = (attrs.layout as Layout | undefined) ?? {};
  const classes: string[] = [];
  if (ROOT_PADDING_AWARE && used.type === 'constrained') classes.push('has-global-padding');
  if (own.orientation) classes.push(`is-${sanitizeTitle(String(own.orientation))}`);
  if (own.justifyContent) classes.push(`is-content-justification-${sanitizeTitle(String(own.justifyContent))}`);
  if (own.flexWrap === 'nowrap') classes.push('is-nowrap');
  const layoutClass = LAYOUT_CLASS[typeof used.type === 'string' ? used.type : 'default'] ?? '';
  if (layoutClass) classes.push(layoutClass);

  const spacing = (attrs.style as { spacing?: Record<string, unknown> } | undefined)?.spacing;
  let gap: unknown = spacing?.blockGap ?? null;
  // WordPress drops gap values that could break out of the CSS rule.
  const unsafe = (v: unknown) => (typeof v === 'string' && /[\\(&=}]|\/\*/.test(v) ? null : v);
  if (gap && typeof gap === 'object') gap = Object.fromEntries(Object.entries(gap).map(([k, v]) => [k, unsafe(v)]));
  else gap = unsafe(gap);
  const fallbackGap = support.fallbackGap ?? '0.5em';
  const skipGap = support.skipGap ?? false;
  if (writesStyle(used, gap, skipGap, spacing ?? null)) {
    const hash = md5(phpJson([used, HAS_BLOCK_GAP_SUPPORT, gap, skipGap, fallbackGap, spacing ?? null])).slice(0, 8);
    classes.push(`wp-container-${sanitizeTitle(block.blockName!)}-is-layout-${hash}`);
  }
  classes.push(`wp-block-${block.blockName!.split('/').pop()}-${layoutClass}`);
  return addClassesToTag(html, classes, wrapperPicker(block));
}

/**
 * Which tag gets the classes: the first one, or, when the block has inner blocks, the first whose
 * class attribute contains the last class named in the markup before them (the inner wrapper).
 */
function wrapperPicker(block: ParsedBlock): (tag: unknown, text: string) => boolean {
  const first = block.innerContent[0];
  if (typeof first !== 'string' || block.innerContent.length < 2) return () => true;
  let wrapper: string | undefined;
  for (const tag of openingTags(first)) {
    const cls = attributeOf(first.slice(tag.start, tag.end), 'class');
    if (cls) wrapper = cls;
  }
  if (!wrapper) return () => true;
  const want = wrapper;
  return (_tag, text) => (attributeOf(text, 'class') ?? '').includes(want);
}

/** Whether wp_get_layout_style would write CSS for this layout (then the container class is added). */
function writesStyle(layout: Layout, gap: unknown, skipGap: boolean, spacing: Record<string, unknown> | null): boolean {
  const type = typeof layout.type === 'string' ? layout.type : 'default';
  const topGap = gap && typeof gap === 'object' ? (gap as Record<string, unknown>).top ?? null : gap;
  const gapStyle = HAS_BLOCK_GAP_SUPPORT && !skipGap;
  if (type === 'default') return gapStyle && topGap !== null;
  if (type === 'constrained') {
    const padding = (spacing?.padding ?? null) as Record<string, unknown> | null;
    return Boolean(layout.contentSize || layout.wideSize) || Boolean(padding && (padding.left !== undefined || padding.right !== undefined))
      || layout.justifyContent === 'left' || layout.justifyContent === 'right' || (gapStyle && topGap !== null);
  }
  if (type === 'flex') {
    if (layout.flexWrap === 'nowrap') return true;
    if (gapStyle && gap !== null && gap !== undefined) return true;
    if (layout.orientation !== undefined && layout.orientation !== 'horizontal') return true;
    const justify = ['left', 'right', 'center', 'space-between'];
    const align = ['top', 'center', 'bottom', 'stretch'];
    return justify.includes(String(layout.justifyContent)) || align.includes(String(layout.verticalAlignment));
  }
  return type === 'grid';
}

function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

/**
 * JSON as PHP's json_encode writes it (wp_json_encode): `/` escaped, non-ASCII as \uXXXX, and an
 * empty object as [] (attributes are PHP arrays, and an empty one has no keys to tell).
 */
export function phpJson(value: unknown): string {
  const emptyAsList = (_key: string, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0 ? [] : v);
  return JSON.stringify(value, emptyAsList)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
