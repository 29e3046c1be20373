/**
 * Block markup: WordPress stores the editor's blocks as HTML with comment delimiters
 * (`<!-- wp:paragraph {"x":1} -->...<!-- /wp:paragraph -->`, `<!-- wp:spacer /-->`). Rendering
 * static blocks leaves their inner HTML, i.e. the delimiters are removed.
 */

const DELIMITER = /<!--\s+\/?wp:[a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?\s+(?:\{[\s\S]*?\}\s+)?\/?-->/g;

export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

/** 1 when the content holds block markup, 0 otherwise (content.block_version). */
export function blockVersion(content: string): number {
  return hasBlocks(content) ? 1 : 0;
}

export function stripBlockDelimiters(content: string): string {
  return content.replace(DELIMITER, '');
}
