/**
 * WordPress's own block parser (WP_Block_Parser, PHP) as kses uses it: the block tree of a text
 * with each block's attributes as PHP's json_decode reads them. The editor's JavaScript parser
 * (@wordpress/block-serialization-default-parser) finds the same blocks but reads the
 * attributes with JSON.parse and its own `\s`, which differ from PHP on the inputs kses must get
 * right (key order, integers and floats, lone surrogates, Unicode spaces), so the delimiters are
 * matched here as PHP's pattern matches them, without its backtracking.
 */
import { decodePhpJson, type PhpValue } from './php-json.ts';
import { ForwardFinder } from './php-text.ts';

export interface ParsedBlock {
  /** null for HTML outside any block (a freeform chunk). */
  blockName: string | null;
  /** A PHP array, or null when the delimiter's JSON is invalid. */
  attrs: PhpValue;
  innerBlocks: ParsedBlock[];
  innerContent: (string | null)[];
}

interface Token {
  kind: 'opener' | 'closer' | 'void';
  name: string;
  attrs: PhpValue;
  start: number;
  length: number;
}

/** Delimiter whitespace: PHP's pattern names these five (no vertical tab, nothing Unicode). */
function isDelimiterSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 12 || code === 13 || code === 10;
}

const HEAD = /<!--[ \t\f\r\n]+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)[ \t\f\r\n]+/y;

class Tokenizer {
  private readonly openings: ForwardFinder;
  private attrsEndFrom = -1;
  private attrsEnd = -1;

  constructor(private readonly doc: string) {
    this.openings = new ForwardFinder(doc, '<!--');
  }

  /** Whether `}` at i is followed by delimiter spaces, an optional `/`, and `-->`; where `-->` starts. */
  private closesAt(i: number): number {
    let p = i + 1;
    if (!isDelimiterSpace(this.doc.charCodeAt(p))) return -1;
    while (isDelimiterSpace(this.doc.charCodeAt(p))) p++;
    if (this.doc[p] === '/') p++;
    return this.doc.startsWith('-->', p) ? p : -1;
  }

  /**
   * The first `}` at or after `from` that closes attributes (`}` + spaces + `/?-->`): PHP's
   * possessive attribute pattern stops there and nowhere else. Remembered, as later searches
   * start further on.
   */
  private attributesEnd(from: number): number {
    if (this.attrsEndFrom !== -1 && from >= this.attrsEndFrom && (this.attrsEnd === -1 || this.attrsEnd >= from)) return this.attrsEnd;
    this.attrsEndFrom = from;
    let i = this.doc.indexOf('}', from);
    while (i !== -1 && this.closesAt(i) === -1) i = this.doc.indexOf('}', i + 1);
    this.attrsEnd = i;
    return i;
  }

  /** The delimiter starting at `start`, or null. */
  private delimiterAt(start: number): Token | null {
    HEAD.lastIndex = start;
    const head = HEAD.exec(this.doc);
    if (!head) return null;
    let p = start + head[0].length;
    let attrs: PhpValue = new Map();
    let hasAttrs = false;
    if (this.doc[p] === '{') {
      const end = this.attributesEnd(p + 1);
      if (end === -1) return null;
      attrs = decodePhpJson(this.doc.slice(p, end + 1)) ?? null;
      hasAttrs = true;
      p = end + 1;
      while (isDelimiterSpace(this.doc.charCodeAt(p))) p++;
    }
    const isVoid = this.doc[p] === '/';
    if (isVoid) p++;
    if (!this.doc.startsWith('-->', p)) return null;
    const name = (head[2] ?? 'core/') + head[3];
    const length = p + 3 - start;
    // A closer's attributes or void slash are ignored, as WordPress ignores them.
    if (isVoid) return { kind: 'void', name, attrs, start, length };
    if (head[1] !== undefined) return { kind: 'closer', name, attrs: null, start, length };
    return { kind: 'opener', name, attrs: hasAttrs ? attrs : new Map(), start, length };
  }

  next(offset: number): Token | null {
    for (let at = this.openings.next(offset); at !== -1; at = this.openings.next(at + 1)) {
      const token = this.delimiterAt(at);
      if (token) return token;
    }
    return null;
  }
}

interface Frame {
  block: ParsedBlock;
  tokenStart: number;
  tokenLength: number;
  prevOffset: number;
  leadingHtmlStart: number | null;
}

/** How much text WordPress's repetition of unclosed blocks may add (UTF-16 units). */
const MAX_REPEATED_TEXT = 8 * 1024 * 1024;

/** PHP's empty() of a chunk of HTML: '' and '0' are both dropped. */
const isEmptyHtml = (html: string) => html === '' || html === '0';

const freeform = (html: string): ParsedBlock => ({ blockName: null, attrs: new Map(), innerBlocks: [], innerContent: [html] });
const newBlock = (name: string, attrs: PhpValue): ParsedBlock => ({ blockName: name, attrs, innerBlocks: [], innerContent: [] });

/** parse_blocks(): the same tree WordPress builds, quirks included (unclosed and stray delimiters). */
export function parseBlocks(doc: string): ParsedBlock[] {
  const tokens = new Tokenizer(doc);
  const output: ParsedBlock[] = [];
  const stack: Frame[] = [];
  let offset = 0;

  const addFreeform = () => {
    if (doc.length > offset) output.push(freeform(doc.slice(offset)));
  };
  const addInnerBlock = (block: ParsedBlock, tokenStart: number, tokenLength: number, lastOffset?: number) => {
    const parent = stack[stack.length - 1];
    parent.block.innerBlocks.push(block);
    const html = doc.slice(parent.prevOffset, tokenStart);
    if (!isEmptyHtml(html)) parent.block.innerContent.push(html);
    parent.block.innerContent.push(null);
    parent.prevOffset = lastOffset || tokenStart + tokenLength;
  };
  const addBlockFromStack = (endOffset?: number) => {
    const top = stack.pop()!;
    const html = doc.slice(top.prevOffset, endOffset);
    if (!isEmptyHtml(html)) top.block.innerContent.push(html);
    if (top.leadingHtmlStart !== null) output.push(freeform(doc.slice(top.leadingHtmlStart, top.tokenStart)));
    output.push(top.block);
  };

  /** Unclosed blocks nested in each other, closed as if each ended where the text ends. */
  const closeNested = () => {
    while (stack.length > 1) {
      const top = stack.pop()!;
      const html = doc.slice(top.prevOffset);
      if (!isEmptyHtml(html)) top.block.innerContent.push(html);
      addInnerBlock(top.block, top.tokenStart, top.tokenLength, doc.length);
    }
  };

  for (;;) {
    const token = tokens.next(offset);
    if (!token) {
      if (stack.length === 0) addFreeform();
      // WordPress writes each unclosed block out on its own with all the text after it, so n
      // nested unclosed blocks repeat the text n times; past a bound (where WordPress runs out
      // of memory) they are closed where the text ends instead, and their attributes still
      // filtered.
      if (stack.reduce((sum, frame) => sum + doc.length - frame.prevOffset, 0) > MAX_REPEATED_TEXT) closeNested();
      // Unclosed blocks end with the text, innermost first.
      while (stack.length > 0) addBlockFromStack();
      return output;
    }
    const leadingHtmlStart = token.start > offset ? offset : null;
    const end = token.start + token.length;
    if (token.kind === 'void') {
      const block = newBlock(token.name, token.attrs);
      if (stack.length === 0) {
        if (leadingHtmlStart !== null) output.push(freeform(doc.slice(leadingHtmlStart, token.start)));
        output.push(block);
      } else {
        addInnerBlock(block, token.start, token.length);
      }
    } else if (token.kind === 'opener') {
      stack.push({ block: newBlock(token.name, token.attrs), tokenStart: token.start, tokenLength: token.length, prevOffset: end, leadingHtmlStart });
    } else if (stack.length === 0) {
      // A closer with nothing open: the rest of the text is left as HTML.
      addFreeform();
      return output;
    } else if (stack.length === 1) {
      addBlockFromStack(token.start);
    } else {
      const top = stack.pop()!;
      top.block.innerContent.push(doc.slice(top.prevOffset, token.start));
      top.prevOffset = end;
      addInnerBlock(top.block, top.tokenStart, top.tokenLength, end);
    }
    offset = end;
  }
}
