/**
 * Block markup: WordPress stores the editor's blocks as HTML with comment delimiters
 * (`<!-- wp:paragraph {"x":1} -->...<!-- /wp:paragraph -->`, `<!-- wp:spacer /-->`). Rendering
 * (do_blocks) drops the delimiters and runs what WordPress 6.8 runs on each block, innermost
 * first: its render callback (block-callbacks.ts), then the elements, typography, layout and
 * duotone supports (block-elements.ts, block-typography.ts, block-layout.ts, block-duotone.ts).
 * Excerpts (excerptBlocks) keep only the blocks WordPress keeps for them.
 */
import { applyRenderCallback, innerBlockAttrs, type RenderState } from './block-callbacks.ts';
import { applyLayoutSupport } from './block-layout.ts';
import { applyElementsSupport } from './block-elements.ts';
import { applyTypographySupport } from './block-typography.ts';
import { applyDuotoneSupport } from './block-duotone.ts';
import { parseBlocks, type ParsedBlock } from './parse-blocks.ts';

export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/** 1 when the content holds block markup, 0 otherwise (content.block_version). */
export function blockVersion(content: string): number {
  return hasBlocks(content) ? 1 : 0;
}

/** The rendered blocks of `content` (WordPress's do_blocks). */
export function renderBlocks(content: string): string {
  const state: RenderState = { galleries: 0 };
  return parseBlocks(content).map((block) => renderBlock(block, state)).join('');
}

function renderBlock(block: ParsedBlock, state: RenderState): string {
  let html = '';
  let inner = 0;
  for (const piece of block.innerContent) {
    html += piece ?? renderBlock(innerBlockAttrs(block, block.innerBlocks[inner++]), state);
  }
  if (block.blockName === null) return html;
  html = applyRenderCallback(html, block, state);
  // render_block filters in WordPress's order: elements, typography, layout, duotone.
  html = applyTypographySupport(applyElementsSupport(html, block), block);
  return applyDuotoneSupport(applyLayoutSupport(html, block), block);
}

/** Blocks whose text an excerpt keeps (WordPress's excerpt_allowed_blocks); null is classic HTML. */
const EXCERPT_INNER_BLOCKS = new Set<string | null>([null, 'core/freeform', 'core/heading', 'core/html', 'core/list', 'core/media-text', 'core/paragraph', 'core/preformatted', 'core/pullquote', 'core/quote', 'core/table', 'core/verse']);
/** Blocks an excerpt looks into (WordPress's excerpt_allowed_wrapper_blocks). */
const EXCERPT_WRAPPER_BLOCKS = new Set<string | null>(['core/columns', 'core/column', 'core/group']);

const allowedInExcerpt = (name: string | null) => EXCERPT_INNER_BLOCKS.has(name) || EXCERPT_WRAPPER_BLOCKS.has(name);

/**
 * WordPress's excerpt_remove_blocks: the rendered allowed top-level blocks; a wrapper gives the
 * allowed blocks inside it (without the markup between them); a block whose inner blocks are
 * not all plain allowed ones is left out, as a list of list-item blocks is.
 */
export function excerptBlocks(content: string): string {
  if (!hasBlocks(content)) return content;
  const state: RenderState = { galleries: 0 };
  let out = '';
  for (const block of parseBlocks(content)) {
    if (!allowedInExcerpt(block.blockName)) continue;
    if (block.innerBlocks.length) {
      if (EXCERPT_WRAPPER_BLOCKS.has(block.blockName)) {
        out += excerptInnerBlocks(block, state);
        continue;
      }
      if (block.innerBlocks.some((b) => !EXCERPT_INNER_BLOCKS.has(b.blockName) || b.innerBlocks.length)) continue;
    }
    out += renderBlock(block, state);
  }
  return out;
}

function excerptInnerBlocks(parent: ParsedBlock, state: RenderState): string {
  let out = '';
  for (const block of parent.innerBlocks) {
    if (!allowedInExcerpt(block.blockName)) continue;
    out += block.innerBlocks.length ? excerptInnerBlocks(block, state) : renderBlock(block, state);
  }
  return out;
}
