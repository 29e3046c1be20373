/**
 * YAML syntax errors in plain words. The yaml library says what rule broke ("Map keys must be
 * unique", "All mapping items must start at the same column", "Nested mappings are not allowed in
 * compact mappings") at a position that is often the end of a line; an over-indented key is the
 * usual cause of all three. Here each becomes a diagnostic at the key concerned that says which
 * key, which column it should start at, and why, from the document and its lines. Other errors
 * keep the library's words (SP001).
 */
import type { Document, YAMLError } from 'yaml';
import { yaml } from './yaml-library.ts';
import { diagnostic, type Diagnostic } from './diagnostics.ts';
import { offsetToRef, type SourceFile } from './positions.ts';

/** One line of the file: its 1-based number, the column its key or item starts at, and the key. */
interface Line {
  line: number;
  /** Column (1-based) of the key, after any `- ` item marks. */
  col: number;
  key?: string;
  /** Whether a value follows the key on the same line. */
  inlineValue: boolean;
}

export function yamlProblems(src: SourceFile, text: string, errors: YAMLError[]): Diagnostic[] {
  const lines = text.split('\n').map(parseLine);
  const out: Diagnostic[] = [];
  const duplicates = duplicatePairs(src.doc);
  let indentReported = false;
  for (const error of errors) {
    const at = offsetToRef(src, error.pos[0]);
    if (error.code === 'DUPLICATE_KEY' && duplicates.length > 0) continue; // reported below, at the keys
    if (error.code === 'BAD_INDENT' && /same column/.test(error.message)) {
      // One misplaced line makes the parser complain about many after it: the first says it all.
      if (indentReported) continue;
      indentReported = true;
      const problem = badIndent(lines, at.line);
      if (problem) {
        out.push(diagnostic('yamlIndentation', { ...at, col: problem.col }, problem));
        continue;
      }
    }
    if (error.code === 'BLOCK_AS_IMPLICIT_KEY' || error.code === 'MULTILINE_IMPLICIT_KEY') {
      const problem = nestedUnderValue(lines, at.line);
      if (problem) {
        if (!out.some((d) => d.line === problem.line && d.code === 'SP009')) out.push(diagnostic('yamlIndentation', { file: src.file, line: problem.line, col: problem.col }, problem));
        continue;
      }
    }
    out.push(diagnostic('yamlSyntax', at, { problem: error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '') }));
  }
  for (const d of duplicates) out.push(duplicateKey(src, lines, d));
  return out;
}

function parseLine(text: string, index: number): Line {
  const m = /^(\s*)((?:-\s+)*)(.*)$/.exec(text.replace(/\r$/, ''))!;
  const rest = m[3]!;
  const col = m[1]!.length + m[2]!.length + 1;
  const keyed = /^("[^"]*"|'[^']*'|[^\s#'"{[][^:#]*?)\s*:(\s|$)(.*)$/.exec(rest);
  if (!keyed || rest.startsWith('#')) return { line: index + 1, col, inlineValue: false };
  const value = keyed[3]!.replace(/\s+#.*$/, '').trim();
  return { line: index + 1, col, key: keyed[1]!.replace(/^["']|["']$/g, ''), inlineValue: value !== '' };
}

/** The nearest line above `line` holding a key that starts left of `col`. */
function keyLeftOf(lines: Line[], line: number, col: number): Line | undefined {
  for (let i = line - 2; i >= 0; i--) {
    const l = lines[i]!;
    if (l.key !== undefined && l.col < col) return l;
  }
  return undefined;
}

/** A key indented deeper than the keys beside it, with nothing above it to nest under. */
function badIndent(lines: Line[], line: number): { problem: string; fix: string; col: number } | undefined {
  const bad = lines[line - 1];
  if (bad?.key === undefined) return undefined;
  const beside = keyLeftOf(lines, line, bad.col);
  if (beside === undefined) return undefined;
  return {
    col: bad.col,
    problem: `\`${bad.key}\` on line ${bad.line} starts at column ${bad.col}, deeper than \`${beside.key}\` (line ${beside.line}, column ${beside.col}), ${beside.inlineValue ? `whose value is already on its line, so \`${bad.key}\` cannot be nested under it` : `but not as deep as what is nested under it`}`,
    fix: `start \`${bad.key}\` at column ${beside.col}, like \`${beside.key}\`, if it belongs beside it`,
  };
}

/** A key on the line after a key with a value, indented as if nested under that value. */
function nestedUnderValue(lines: Line[], line: number): { problem: string; fix: string; line: number; col: number } | undefined {
  const owner = lines[line - 1];
  if (owner?.key === undefined || !owner.inlineValue) return undefined;
  const next = lines.slice(line).find((l) => l.key !== undefined && l.col > owner.col);
  if (next === undefined) return undefined;
  return {
    line: next.line,
    col: next.col,
    problem: `\`${next.key}\` on line ${next.line} is indented under \`${owner.key}\` (line ${owner.line}), whose value is already on its line, so YAML reads both lines as one key`,
    fix: `start \`${next.key}\` at column ${owner.col}, like \`${owner.key}\`, if it belongs beside it`,
  };
}

interface DuplicatePair {
  key: string;
  /** Offsets of the first and the repeated key. */
  first: number;
  again: number;
  /** Path of keys to the map holding both. */
  path: string[];
  /** A key with no value written between the two: usually the one indented too far. */
  emptyBefore?: { key: string; offset: number };
}

/** Every key written twice in one map, found in the parsed document (it keeps both pairs). */
function duplicatePairs(doc: Document): DuplicatePair[] {
  const { isMap, isPair, isScalar, isSeq } = yaml();
  const found: DuplicatePair[] = [];
  const visit = (node: unknown, path: string[]): void => {
    if (isSeq(node)) node.items.forEach((item, i) => visit(item, [...path, `[${i}]`]));
    if (!isMap(node)) return;
    const firstAt = new Map<string, { offset: number; index: number }>();
    const empty = (pair: unknown): boolean => isPair(pair) && isScalar(pair.key) && (pair.value === null || (isScalar(pair.value) && pair.value.value === null));
    node.items.forEach((pair, i) => {
      if (!isPair(pair) || !isScalar(pair.key)) return;
      const key = String(pair.key.value);
      const offset = pair.key.range?.[0] ?? 0;
      const first = firstAt.get(key);
      if (first === undefined) firstAt.set(key, { offset, index: i });
      else {
        // The key with no value nearest before the repeat, after the first: the one indented too far.
        const before = node.items.slice(first.index + 1, i).reverse().find(empty) as { key: { value: unknown; range?: number[] } } | undefined;
        found.push({ key, first: first.offset, again: offset, path, ...(before ? { emptyBefore: { key: String(before.key.value), offset: before.key.range?.[0] ?? 0 } } : {}) });
      }
      visit(pair.value, [...path, key]);
    });
  };
  visit(doc.contents, []);
  return found;
}

function duplicateKey(src: SourceFile, lines: Line[], d: DuplicatePair): Diagnostic {
  const at = offsetToRef(src, d.again);
  const where = d.path.length === 0 ? 'the top-level map' : `\`${d.path.join('.').replace(/\.\[/g, '[')}\``;
  const firstLine = offsetToRef(src, d.first).line;
  if (d.emptyBefore) {
    // The key indented too far is what to fix: the diagnostic is at it.
    const empty = offsetToRef(src, d.emptyBefore.offset);
    const parent = keyLeftOf(lines, empty.line, empty.col);
    const problem = `\`${d.emptyBefore.key}\` on line ${empty.line} starts at column ${empty.col}, as deep as the keys of ${where}, so it became one of them with no value, and \`${d.key}\` on line ${at.line} repeats that map's \`${d.key}\` (line ${firstLine})`;
    const fix = parent
      ? `start \`${d.emptyBefore.key}\` at column ${parent.col}, like \`${parent.key}\`, if it belongs beside it; otherwise indent what belongs under it further`
      : `indent what belongs under \`${d.emptyBefore.key}\` further`;
    return diagnostic('yamlIndentation', empty, { problem, fix });
  }
  return diagnostic('yamlDuplicateKey', at, { key: d.key, where, firstLine });
}
