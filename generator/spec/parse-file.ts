/**
 * How a spec file's text becomes a YAML document with positions: the one parse of the loader,
 * for a file read now and for a file answered from the cache whose document a diagnostic asks
 * for later (parse-cache.ts).
 */
import { LineCounter, parseDocument } from 'yaml';
import type { Diagnostic } from './diagnostics.ts';
import type { SourceFile } from './positions.ts';
import { instantiatePostTypeRoutes } from './post-type-routes.ts';
import type { FileKind } from './validate.ts';

/**
 * The yaml library's guard against alias expansion ("billion laughs") stays on, with this limit:
 * a spec file names an anchor a few times, never a hundred.
 */
export const MAX_ALIAS_COUNT = 100;

/**
 * The document of `text` with its positions. A namespace's routes written once per post type are
 * copied into its routes (post-type-routes.ts) when the document has no syntax error, before
 * anything reads it: `instantiated` holds what that copy found wrong.
 */
export function parseSpecText(kind: FileKind, file: string, text: string): { src: SourceFile; instantiated: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  const src: SourceFile = { file, doc, lineCounter };
  const instantiated = kind === 'namespace' && doc.errors.length === 0 ? instantiatePostTypeRoutes(src) : [];
  return { src, instantiated };
}
