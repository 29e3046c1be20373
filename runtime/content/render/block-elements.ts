/**
 * WordPress 6.8's elements block support (wp_render_elements_support_styles and
 * wp_render_elements_class_name): a block whose style sets a link, heading or button colour gets
 * the class `wp-elements-{md5 of the PHP-serialized parsed block}` on its first tag, which the
 * page's generated CSS targets. The parsed block is serialized with php-serialize, so the hash
 * is WordPress's (attribute objects with numeric keys, which PHP would turn into integer keys,
 * are the exception).
 */
import { createHash } from 'node:crypto';
import { serialize } from 'php-serialize';
import type { ParsedBlock } from './parse-blocks.ts';
import { addClassesToTag } from './tag-classes.ts';

/** Core blocks whose block.json skips serializing every colour (so no element class). */
const SKIPS_COLOR_SERIALIZATION = new Set(['core/button', 'core/search', 'core/separator', 'core/table']);

const COLOR_PATHS: string[][] = [
  ['button', 'color', 'text'], ['button', 'color', 'background'], ['button', 'color', 'gradient'],
  ['link', 'color', 'text'], ['link', ':hover', 'color', 'text'],
  ...['heading', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].flatMap((h) => [[h, 'color', 'text'], [h, 'color', 'background'], [h, 'color', 'gradient']]),
];

function at(value: unknown, path: string[]): unknown {
  let cur = value;
  for (const key of path) {
    if (!cur || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** The wp-elements-* class WordPress gives this block, or null. */
export function elementsClass(block: ParsedBlock): string | null {
  const elements = at(block.attrs, ['style', 'elements']);
  if (!elements || (block.blockName && SKIPS_COLOR_SERIALIZATION.has(block.blockName))) return null;
  if (!COLOR_PATHS.some((path) => at(elements, path) !== undefined && at(elements, path) !== null)) return null;
  const parsed = { blockName: block.blockName, attrs: block.attrs ?? {}, innerBlocks: block.innerBlocks, innerHTML: block.innerHTML, innerContent: block.innerContent };
  return `wp-elements-${createHash('md5').update(serialize(parsed)).digest('hex')}`;
}

export function applyElementsSupport(html: string, block: ParsedBlock): string {
  const name = elementsClass(block);
  return name ? addClassesToTag(html, [name]) : html;
}
