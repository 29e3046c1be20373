/**
 * Parsed blocks written back as block markup, as WordPress's serialize_blocks writes them: a
 * block's comment names it (without the `core/` namespace), carries its attributes as JSON with
 * the characters that could end or confuse an HTML comment escaped, and wraps its inner HTML and
 * inner blocks; a block with no content closes itself. The HTML between blocks is kept as is.
 */
import type { ParsedBlock } from '../content/render/parse-blocks.ts';

/**
 * Attributes as WordPress writes them into a block comment: JSON with slashes and non-ASCII
 * left alone, then `--`, `<`, `>`, `&` and escaped quotes written as unicode escapes, so that the
 * comment cannot be closed early and the markup survives kses unchanged.
 */
export function serializeAttributes(attrs: Record<string, unknown>): string {
  return JSON.stringify(attrs)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

function commentName(name: string): string {
  return name.startsWith('core/') ? name.slice('core/'.length) : name;
}

export function serializeBlock(block: ParsedBlock): string {
  let content = '';
  let inner = 0;
  for (const piece of block.innerContent) {
    content += piece === null ? serializeBlock(block.innerBlocks[inner++]!) : piece;
  }
  if (block.blockName === null) return content;
  const attrs = block.attrs && Object.keys(block.attrs).length > 0 ? `${serializeAttributes(block.attrs)} ` : '';
  const name = commentName(block.blockName);
  return content === '' ? `<!-- wp:${name} ${attrs}/-->` : `<!-- wp:${name} ${attrs}-->${content}<!-- /wp:${name} -->`;
}

export function serializeBlocks(blocks: ParsedBlock[]): string {
  return blocks.map(serializeBlock).join('');
}

/** Each block, inner ones first, passed through `change` (which may return a new block) before writing. */
export function mapBlocks(blocks: ParsedBlock[], change: (block: ParsedBlock) => ParsedBlock): ParsedBlock[] {
  return blocks.map((block) => change({ ...block, innerBlocks: mapBlocks(block.innerBlocks, change) }));
}
