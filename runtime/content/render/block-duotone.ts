/**
 * WordPress 6.8's duotone block support at render time (WP_Duotone::render_duotone_support) for
 * the blocks that declare it (image, post featured image): a preset filter
 * (`var:preset|duotone|blue-orange`) puts `wp-duotone-blue-orange` on the block's first tag. The
 * presets are WordPress's default ones. Custom colour pairs and CSS values get numbered ids from
 * WordPress's per-request counter and are not rendered here (no class).
 */
import type { ParsedBlock } from './parse-blocks.ts';
import { addClassesToTag } from './tag-classes.ts';

const DUOTONE_BLOCKS = new Set(['core/image', 'core/post-featured-image']);
const PRESETS = new Set(['dark-grayscale', 'grayscale', 'purple-yellow', 'blue-red', 'midnight', 'magenta-yellow', 'purple-green', 'blue-orange']);

export function applyDuotoneSupport(html: string, block: ParsedBlock): string {
  if (!block.blockName || !DUOTONE_BLOCKS.has(block.blockName)) return html;
  const duotone = (block.attrs?.style as { color?: { duotone?: unknown } } | undefined)?.color?.duotone;
  if (typeof duotone !== 'string') return html;
  const slug = /var:preset\|duotone\|(\S+)|var\(--wp--preset--duotone--(\S+)\)/.exec(duotone);
  const name = slug ? (slug[1] ?? slug[2]) : '';
  return PRESETS.has(name) ? addClassesToTag(html, [`wp-duotone-${name}`]) : html;
}
