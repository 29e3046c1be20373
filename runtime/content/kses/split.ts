/**
 * wp_kses_split and its callback in 6.8: the text is cut into tag-like tokens exactly where
 * WordPress cuts it, and each token is rewritten; the text between tokens is kept as it is.
 *
 * Tokens, tried in this order at each `<`:
 *  - a comment `<!--` up to the first `-->`, or to the end of the text, on one line;
 *  - a closing tag whose name does not start with a letter (`</ x>`, `</3>`), up to `>`;
 *  - a markup declaration `<!…>` up to `>`;
 *  - anything else from `<` up to `>` or the end of the text.
 * A `>` outside tokens is one too; it becomes `&gt;`.
 *
 * Each token then: comments keep their text filtered (by kses again, until it no longer
 * changes) inside `<!--…-->`; `</…>` and `<!x…>` (bogus comments for an HTML parser) keep their
 * shape with their inner text filtered the same way; an allowed element keeps the attributes
 * attributes.ts allows; everything else disappears.
 */
import type { KsesRules } from './allowed-html.ts';
import { filterAttributes } from './attributes.ts';
import { asciiLower, ForwardFinder, PCRE_SPACE } from './php-text.ts';

/** kses itself, called back for the text inside comments. */
export type Kses = (text: string) => string;

/** Nested filtering repeats until stable; this bounds the repeats on input that never settles. */
const MAX_PASSES = 64;

function untilStable(text: string, kses: Kses): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = kses(current);
    if (next === current) return current;
    current = next;
  }
  return current;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Just past the first `>` at or after `from`, or -1. */
function pastGt(find: Finders, from: number): number {
  const gt = find.gt.next(from);
  return gt === -1 ? -1 : gt + 1;
}

/** Where the token starting with `<` at `start` ends (exclusive). */
function tokenEnd(text: string, start: number, find: Finders): number {
  const len = text.length;
  if (text.startsWith('<!--', start)) {
    const close = find.commentEnd.next(start + 4);
    const newline = find.newline.next(start + 4);
    if (close !== -1 && (newline === -1 || close < newline)) return close + 3;
    if (newline === -1) return len;
    // `$` also matches before a line feed that ends the text.
    if (newline === len - 1) return newline;
  }
  const next = text.charCodeAt(start + 1);
  if (next === 47 /* / */ && start + 2 < len && !isAsciiLetter(text.charCodeAt(start + 2))) {
    const end = pastGt(find, start + 3);
    if (end !== -1) return end;
  } else if (next === 33 /* ! */) {
    const end = pastGt(find, start + 2);
    if (end !== -1) return end;
  }
  const end = pastGt(find, start + 1);
  return end === -1 ? len : end;
}

interface Finders {
  gt: ForwardFinder;
  commentEnd: ForwardFinder;
  newline: ForwardFinder;
}

const BOGUS_COMMENT = /^(?:<\/[^a-zA-Z][^>]*>|<![a-z][^>]*>)$/;
const TAG = new RegExp(`^<[${PCRE_SPACE}]*(/[${PCRE_SPACE}]*)?([a-zA-Z0-9-]+)([^>]*)>?$`);

/** A comment's filtered text, as wp_kses_split2 rebuilds it. */
function comment(token: string, kses: Kses): string {
  const inner = untilStable(token.replaceAll('<!--', '').replaceAll('-->', ''), kses);
  if (inner === '') return '';
  // No `--` inside, and no `-` just before the closing `-->` (`$` also before a final line feed).
  let text = inner.replace(/--+/g, '-');
  if (text.endsWith('-')) text = text.slice(0, -1);
  else if (text.endsWith('-\n')) text = `${text.slice(0, -2)}\n`;
  return `<!--${text}-->`;
}

/** wp_kses_split2: one token → what replaces it. */
function rewriteToken(raw: string, rules: KsesRules, kses: Kses): string {
  // kses still undoes the slashing of quotes inside tags.
  const token = raw.includes('\\"') ? raw.replaceAll('\\"', '"') : raw;
  if (!token.startsWith('<')) return '&gt;';
  if (BOGUS_COMMENT.test(token)) return `<${token[1]}${untilStable(token.slice(2, -1), kses)}>`;
  if (token.startsWith('<!--')) return comment(token, kses);
  const tag = TAG.exec(token);
  if (!tag) return '';
  const [, slash, element, attributes] = tag;
  if (!rules.tags.has(asciiLower(element))) return '';
  // No attributes on closing tags.
  if (slash !== undefined) return `</${element}>`;
  return filterAttributes(element, attributes, rules);
}

export function splitTags(text: string, rules: KsesRules, kses: Kses): string {
  const find: Finders = {
    gt: new ForwardFinder(text, '>'),
    commentEnd: new ForwardFinder(text, '-->'),
    newline: new ForwardFinder(text, '\n'),
  };
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== 60 /* < */ && c !== 62 /* > */) {
      i++;
      continue;
    }
    const end = c === 62 ? i + 1 : tokenEnd(text, i, find);
    out += text.slice(copied, i) + rewriteToken(text.slice(i, end), rules, kses);
    copied = i = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
