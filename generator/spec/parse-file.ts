/**
 * How a spec file's text becomes its data and a source for positions: the one reading of the
 * loader. The data comes from the quick reading when it can (quick-parse.ts), and the yaml
 * document with positions is then parsed only if something asks a position of the file; else the
 * document is parsed now, and its problems are the file's. A file answered from the parse cache
 * gets its document the same way, when asked (parse-cache.ts).
 */
import type { Document, LineCounter } from 'yaml';
import { yaml } from './yaml-library.ts';
import { aliasLinks, loopingAlias, unresolvedAlias, type AliasLink } from './alias-links.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { offsetToRef, positionOf, type SourceFile } from './positions.ts';
import { mayHoldAlias, quickData, type QuickReading } from './quick-parse.ts';
import { yamlProblems } from './yaml-problems.ts';

/**
 * The yaml library's guard against alias expansion ("billion laughs") stays on, with this limit:
 * a spec file names an anchor a few times, never a hundred.
 */
export const MAX_ALIAS_COUNT = 100;

/** A text read: its data (and, asked, its aliases as paths in it), or what is wrong with it. */
export type ReadText =
  | { src: SourceFile; data: unknown; aliases: () => AliasLink[] | undefined; problems?: undefined }
  | { src: SourceFile; problems: Diagnostic[]; data?: undefined };

/** `quick`: the quick reading of the text when it was made elsewhere (spec/parse-elsewhere.ts). */
export function readSpecText(file: string, text: string, quick: () => QuickReading = () => quickData(text)): ReadText {
  const reading = quick();
  const read = reading !== undefined ? { src: sourceOnDemand(file, text), data: reading.data } : readDocument(file, text);
  if (read.problems !== undefined) return read;
  const { src, data } = read;
  // Only a text with an alias (`*a`) can give data that holds itself, or has aliases to list.
  if (!mayHoldAlias(text)) return { src, data, aliases: () => [] };
  const loop = loopingAlias(data);
  if (loop !== undefined) return { src, problems: [diagnostic('aliasLoop', positionOf(src, loop), {})] };
  return { src, data, aliases: () => aliasLinks(src.doc, data) };
}

/** The text's data through yaml's document, or what yaml finds wrong with it. */
function readDocument(file: string, text: string): { src: SourceFile; data: unknown; problems?: undefined } | { src: SourceFile; problems: Diagnostic[] } {
  const src: SourceFile = { file, ...documentOf(text) };
  if (src.doc.errors.length) return { src, problems: yamlProblems(src, text, src.doc.errors) };
  const unresolved = unresolvedAlias(src.doc);
  if (unresolved !== undefined) {
    return { src, problems: [diagnostic('yamlSyntax', offsetToRef(src, unresolved.offset), { problem: `the alias \`*${unresolved.source}\` names no anchor (\`&${unresolved.source}\`) set before it` })] };
  }
  try {
    return { src, data: src.doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
  } catch (error) {
    // yaml throws a ReferenceError when the alias expansion exceeds the limit.
    if (!/alias/i.test((error as Error).message)) throw error;
    return { src, problems: [diagnostic('aliasLimit', { file, line: 1, col: 1 }, { limit: MAX_ALIAS_COUNT })] };
  }
}

/** A source whose yaml document is parsed when a position is first asked of it. */
export function sourceOnDemand(file: string, text: string): SourceFile {
  let parsed: { doc: Document; lineCounter: LineCounter } | undefined;
  return {
    file,
    get doc() {
      return (parsed ??= documentOf(text)).doc;
    },
    get lineCounter() {
      return (parsed ??= documentOf(text)).lineCounter;
    },
  };
}

let documentsParsed = 0;

/** How many yaml documents this process has parsed (the tests count them: a clean load parses few). */
export const yamlDocumentsParsed = (): number => documentsParsed;

function documentOf(text: string): { doc: Document; lineCounter: LineCounter } {
  documentsParsed++;
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  return { doc: parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true }), lineCounter };
}
