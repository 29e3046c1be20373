/**
 * The few PHP string rules kses depends on, where JavaScript's own differ: PHP's regular
 * expressions (PCRE without the `u` flag) see only ASCII whitespace as `\s`, `strtolower` folds
 * ASCII letters only, `trim` strips its own six characters, and `empty()` counts "0" as empty.
 * Written once here so every part of the filter agrees with WordPress on them.
 */

/** PCRE's `\s` in WordPress's patterns: tab, line feed, vertical tab, form feed, CR, space. */
export const PCRE_SPACE = '\\t\\n\\v\\f\\r ';

export function isPcreSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/** strtolower: ASCII letters only (JavaScript's toLowerCase would also fold other scripts). */
export function asciiLower(text: string): string {
  return /[A-Z]/.test(text) ? text.replace(/[A-Z]+/g, (run) => run.toLowerCase()) : text;
}

const TRIMMED = ' \t\n\r\0\x0B';

/** PHP's trim() with its default characters (no form feed, no Unicode spaces). */
export function phpTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && TRIMMED.includes(text[start])) start++;
  while (end > start && TRIMMED.includes(text[end - 1])) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** PHP's rtrim() of one given character. */
export function rtrimChar(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}

/** PHP's ltrim() of one given character. */
export function ltrimChar(text: string, char: string): string {
  let start = 0;
  while (start < text.length && text[start] === char) start++;
  return text.slice(start);
}

/** empty() of a string: PHP counts "0" as empty too. */
export function isEmptyString(text: string): boolean {
  return text === '' || text === '0';
}

/**
 * A cached forward search: kses asks "where is the next X at or after p" with p growing, so the
 * answer found once serves every later question until p passes it (linear over the text).
 */
export class ForwardFinder {
  private from = -1;
  private found = -1;

  constructor(
    private readonly text: string,
    private readonly needle: string,
  ) {}

  next(position: number): number {
    if (this.from !== -1 && position >= this.from && (this.found === -1 || this.found >= position)) return this.found;
    this.from = position;
    this.found = this.text.indexOf(this.needle, position);
    return this.found;
  }
}
