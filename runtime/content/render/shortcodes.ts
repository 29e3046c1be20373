/**
 * WordPress's shortcode machinery (wp-includes/shortcodes.php): finding `[name attr="v"]`,
 * `[name]content[/name]` and escaped `[[name]]` tags of given names, parsing their attributes,
 * running a handler for each (do_shortcode), removing them (strip_shortcodes) and taking the
 * paragraph autop put around a shortcode standing alone (shortcode_unautop). Only names that are
 * handled are touched: anything else in brackets stays text, as WordPress leaves it.
 */

export type ShortcodeAttrs = Record<string, string>;
/** A handler's HTML; null leaves the shortcode as written (something this server does not render). */
export type ShortcodeHandler = (attrs: ShortcodeAttrs, content: string | null, name: string) => string | null;

const escapeName = (n: string) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * get_shortcode_regex: 1 `[` of an escaped tag, 2 name, 3 attribute text, 4 `/` of a
 * self-closing tag, 5 content, 6 `]` of an escaped tag. Possessive quantifiers of the PHP
 * pattern become single-character loops here (same matches, no runaway backtracking).
 */
function shortcodePattern(names: string[]): RegExp {
  const tag = names.map(escapeName).join('|');
  return new RegExp(
    `\\[(\\[?)(${tag})(?![\\w-])([^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?)(?:(\\/)\\]|\\](?:((?:[^\\[]|\\[(?!\\/\\2\\]))*)\\[\\/\\2\\])?)(\\]?)`,
    'g',
  );
}

/** Registered names that occur in `text` as `[name` (do_shortcode's quick check). */
function namesIn(text: string, names: string[]): string[] {
  if (!text.includes('[')) return [];
  const seen = new Set<string>();
  for (const m of text.matchAll(/\[([^<>&/[\]\x00-\x20=]+)/g)) seen.add(m[1]);
  return names.filter((n) => seen.has(n));
}

const ATTRIBUTES =
  /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;

/** shortcode_parse_atts: named attributes lower-cased; positional ones under "0", "1"... */
export function parseShortcodeAttrs(text: string): ShortcodeAttrs {
  const attrs: ShortcodeAttrs = {};
  let position = 0;
  const clean = text.replace(/[\u00a0\u200b]+/g, ' ');
  for (const m of clean.matchAll(ATTRIBUTES)) {
    if (m[1]) attrs[m[1].toLowerCase()] = stripCSlashes(m[2]);
    else if (m[3]) attrs[m[3].toLowerCase()] = stripCSlashes(m[4]);
    else if (m[5]) attrs[m[5].toLowerCase()] = stripCSlashes(m[6]);
    else if (m[7] !== undefined && m[7] !== '') attrs[String(position++)] = stripCSlashes(m[7]);
    else if (m[8] !== undefined && m[8] !== '') attrs[String(position++)] = stripCSlashes(m[8]);
    else if (m[9] !== undefined) attrs[String(position++)] = stripCSlashes(m[9]);
  }
  // An attribute holding an unclosed HTML element is dropped to empty, as WordPress does.
  for (const [key, value] of Object.entries(attrs)) {
    if (value.includes('<') && !/^[^<]*(?:<[^>]*>[^<]*)*$/.test(value)) attrs[key] = '';
  }
  return attrs;
}

/** PHP's stripcslashes for the escapes shortcode attributes use. */
function stripCSlashes(text: string): string {
  if (!text.includes('\\')) return text;
  const named: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', v: '\v', b: '\b', f: '\f' };
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|[\s\S])/g, (_m, e: string) => {
    if (e[0] === 'x' && e.length > 1) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8) & 0xff);
    return named[e] ?? e;
  });
}

/** do_shortcode with the given handlers; escaped tags lose one pair of brackets. */
export function doShortcodes(text: string, handlers: Record<string, ShortcodeHandler>): string {
  const names = namesIn(text, Object.keys(handlers));
  if (!names.length) return text;
  return text.replace(shortcodePattern(names), (...m: string[]) => {
    const [whole, open, name, attrText, , content, close] = m;
    if (open === '[' && close === ']') return whole.slice(1, -1);
    const html = handlers[name](parseShortcodeAttrs(attrText), content ?? null, name);
    return html === null ? whole : open + html + close;
  });
}

/** strip_shortcodes: the named shortcodes removed with their content; escaped ones keep one pair of brackets. */
export function stripShortcodes(text: string, names: string[]): string {
  const found = namesIn(text, names);
  if (!found.length) return text;
  return text.replace(shortcodePattern(found), (whole: string, open: string, ...rest: string[]) => {
    const close = rest[4];
    return open === '[' && close === ']' ? whole.slice(1, -1) : '';
  });
}

const SPACES = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)';

/** shortcode_unautop: `<p>[name ...]...[/name]</p>` back to the shortcode alone. */
export function shortcodeUnautop(text: string, names: string[]): string {
  if (!text.includes('[')) return text;
  const tag = names.map(escapeName).join('|');
  const pattern = new RegExp(
    `<p>${SPACES}*(\\[(${tag})(?![\\w-])[^\\]\\/]*(?:\\/(?!\\])[^\\]\\/]*)*?(?:\\/\\]|\\](?:(?:[^\\[]|\\[(?!\\/\\2\\]))*\\[\\/\\2\\])?))${SPACES}*<\\/p>`,
    'g',
  );
  return text.replace(pattern, '$1');
}

/** The attributes of each (not escaped) `[name ...]` shortcode in `text`, in order. */
export function shortcodeAttrsOf(text: string, name: string): ShortcodeAttrs[] {
  if (!namesIn(text, [name]).length) return [];
  const found: ShortcodeAttrs[] = [];
  for (const m of text.matchAll(shortcodePattern([name]))) {
    if (m[1] === '[' && m[6] === ']') continue;
    found.push(parseShortcodeAttrs(m[3]));
  }
  return found;
}
