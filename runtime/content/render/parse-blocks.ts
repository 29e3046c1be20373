/**
 * Block markup parsed by WordPress's own parser (the npm build of the one `parse_blocks` uses):
 * each block has its name (null for the HTML between blocks), attributes, inner blocks and
 * `innerContent`, the HTML pieces with a null where each inner block goes.
 */
import { parse } from '@wordpress/block-serialization-default-parser';

export interface ParsedBlock {
  blockName: string | null;
  attrs: Record<string, unknown> | null;
  innerBlocks: ParsedBlock[];
  innerHTML: string;
  innerContent: Array<string | null>;
}

export function parseBlocks(content: string): ParsedBlock[] {
  return parse(content) as ParsedBlock[];
}
