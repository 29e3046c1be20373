/**
 * What WordPress 6.8's render callbacks do to the saved HTML of static core blocks: headings and
 * lists get their block class, an image without a source disappears and one inside a gallery
 * gets `data-id`, a gallery gets its `wp-block-gallery-N` class, an empty button disappears,
 * a shortcode block gets paragraphs.
 * Blocks without a callback render as saved. Dynamic blocks (latest posts, archives, query...)
 * are rendered by WordPress from the database; they are not supported here and render as saved
 * (usually nothing).
 */
import { autop } from './autop.ts';
import { escAttr } from './escape-html.ts';
import type { ParsedBlock } from './parse-blocks.ts';
import { addAttributeToTags, addClassesToTag, attributeOf, openingTags } from './tag-classes.ts';

/** Counters WordPress keeps for one request (wp_unique_id); one render here is one request. */
export interface RenderState {
  galleries: number;
}

type Callback = (html: string, block: ParsedBlock, state: RenderState) => string;

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const CALLBACKS: Record<string, Callback> = {
  'core/heading': (html) => (html ? addClassesToTag(html, ['wp-block-heading'], (t) => HEADINGS.has(t.name)) : html),
  'core/list': (html) => (html ? addClassesToTag(html, ['wp-block-list'], (t) => t.name === 'ul' || t.name === 'ol') : html),
  'core/image': renderImage,
  'core/gallery': (html, _block, state) => addClassesToTag(html, [`wp-block-gallery-${++state.galleries}`]),
  'core/button': renderButton,
  // The shortcode block's text gets paragraphs before the shortcodes run.
  'core/shortcode': (html) => autop(html),
};

export function applyRenderCallback(html: string, block: ParsedBlock, state: RenderState): string {
  const callback = block.blockName ? CALLBACKS[block.blockName] : undefined;
  return callback ? callback(html, block, state) : html;
}

/**
 * Attributes WordPress gives inner blocks before rendering them (render_block_data filters):
 * images of a gallery carry their attachment id as `data-id`.
 */
export function innerBlockAttrs(parent: ParsedBlock, inner: ParsedBlock): ParsedBlock {
  if (parent.blockName !== 'core/gallery' || inner.blockName !== 'core/image') return inner;
  const attrs = inner.attrs ?? {};
  if (attrs['data-id'] !== undefined || attrs.id === undefined) return inner;
  return { ...inner, attrs: { ...attrs, 'data-id': escAttr(String(attrs.id)) } };
}

function renderImage(html: string, block: ParsedBlock): string {
  if (!/<img/i.test(html)) return '';
  const img = openingTags(html, (t) => t.name === 'img').find((t) => t.name === 'img');
  if (!img || !attributeOf(html.slice(img.start, img.end), 'src')) return '';
  const dataId = block.attrs?.['data-id'];
  if (dataId === undefined) return html;
  let first = true;
  return addAttributeToTags(html, 'data-id', escAttr(String(dataId)), (t) => {
    if (t.name !== 'img' || !first) return false;
    first = false;
    return true;
  });
}

/** A button whose link or button element holds nothing (comments aside) is left out. */
function renderButton(html: string): string {
  const tag = openingTags(html, (t) => t.name === 'a' || t.name === 'button').find((t) => t.name === 'a' || t.name === 'button');
  if (!tag) return html;
  const rest = html.slice(tag.end);
  const close = rest.toLowerCase().indexOf(`</${tag.name}`);
  const inside = close === -1 ? rest : rest.slice(0, close);
  return inside.replace(/<!--[\s\S]*?-->/g, '') === '' ? '' : html;
}
