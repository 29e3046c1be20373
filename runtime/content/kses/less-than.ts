/**
 * The first pre_kses filter WordPress hooks by default (wp_pre_kses_less_than): a `<` that no
 * `>` closes before the next `<` (or the end of the text) is text, so it is escaped with what
 * follows it up to there, and kses cannot later read it as the start of a tag.
 */
import { escHtml } from './entities.ts';

export function escapeLoneLessThan(text: string): string {
  let i = text.indexOf('<');
  if (i === -1) return text;
  let out = text.slice(0, i);
  const len = text.length;
  while (i !== -1) {
    let j = i + 1;
    let closed = false;
    // Up to the next `<`, a `>` (kept), the end, or a line feed that ends the text (PCRE's `$`).
    for (; j < len; j++) {
      const c = text.charCodeAt(j);
      if (c === 60 /* < */) break;
      if (c === 62 /* > */) {
        closed = true;
        j++;
        break;
      }
      if (j === len - 1 && c === 10) break;
    }
    out += closed ? text.slice(i, j) : escHtml(text.slice(i, j));
    const next = text.indexOf('<', j);
    out += text.slice(j, next === -1 ? len : next);
    i = next;
  }
  return out;
}
