/**
 * URL protocol checks (wp_kses_bad_protocol): a value's leading scheme is kept only when it is one
 * of WordPress's allowed protocols, whatever the case, the whitespace or the character
 * references hiding it (`jav&#x09;ascript:`, `&#106;avascript:`, `javascript&colon;`), and
 * repeatedly, so `javascript:javascript:x` loses both. Also the control-character stripping
 * (wp_kses_no_null) the rest of kses uses.
 */
import { asciiLower, isEmptyString, isPcreSpace, phpTrim } from './php-text.ts';

/** wp_allowed_protocols() in 6.8, with no plugin adding any. */
export const ALLOWED_PROTOCOLS: ReadonlySet<string> = new Set([
  'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet', 'mms',
  'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn',
]);

const CONTROL = /[\x00-\x08\x0B\x0C\x0E-\x1F]/g;

/** Control characters other than tab, line feed and carriage return go. */
export function stripControl(text: string): string {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text) ? text.replace(CONTROL, '') : text;
}

/** wp_kses_no_null as most callers use it: also every backslash run followed by zeros (`\0`). */
export function noNull(text: string): string {
  const clean = stripControl(text);
  return clean.includes('\\') ? clean.replace(/\\+0+/g, '') : clean;
}

const INT64_MAX = 2n ** 63n - 1n;

/**
 * The byte PHP's chr() makes of a character reference's number (modulo 256, so `&#362;` is `j`).
 * A number past PHP's integers would make chr() fail with a TypeError; kses normalises
 * references before this runs, so none reaches it from kses, and one given directly is left as
 * written, which no allowed protocol can match.
 */
function referenceByte(whole: string, digits: string, radix: 10 | 16): string {
  const value = BigInt(radix === 16 ? `0x${digits}` : digits);
  if (value > INT64_MAX) return whole;
  return String.fromCharCode(Number(value & 255n));
}

/** wp_kses_decode_entities: numeric references only, as single bytes. */
function decodeNumericReferences(text: string): string {
  if (!text.includes('&#')) return text;
  return text
    .replace(/&#([0-9]+);/g, (whole, digits: string) => referenceByte(whole, digits, 10))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (whole, digits: string) => referenceByte(whole, digits, 16));
}

/** The scheme as written → `scheme:` when allowed, '' when not. */
function checkedScheme(written: string): string {
  let scheme = decodeNumericReferences(written);
  let spaceless = '';
  for (let i = 0; i < scheme.length; i++) if (!isPcreSpace(scheme.charCodeAt(i))) spaceless += scheme[i];
  scheme = asciiLower(noNull(spaceless));
  return ALLOWED_PROTOCOLS.has(scheme) ? `${scheme}:` : '';
}

/** A colon, written or as a character reference (`&#58;`, `&#x3a;`, `&colon;`). */
const COLON = /:|&#0*58;|&#x0*3a;|&colon;/i;

/** One pass of wp_kses_bad_protocol_once: the first scheme is checked, `feed:` looks one level further. */
function badProtocolOnce(text: string, depth: number): string {
  // A colon reference without its semicolon still counts as a colon.
  const content = text.includes('&#') ? text.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;') : text;
  const colon = COLON.exec(content);
  if (!colon) return content;
  const before = content.slice(0, colon.index);
  // WordPress leaves the value alone when the part before the colon holds "/?".
  if (before.includes('/?')) return content;
  let rest = phpTrim(content.slice(colon.index + colon[0].length));
  const scheme = checkedScheme(before);
  if (scheme === 'feed:') {
    if (depth > 2) return '';
    rest = badProtocolOnce(rest, depth + 1);
    if (isEmptyString(rest)) return rest;
  }
  return scheme + rest;
}

/** wp_kses_bad_protocol with 6.8's allowed protocols. */
export function badProtocol(value: string): string {
  let content = noNull(value);
  if (content.startsWith('https://') || content.startsWith('http://')) return content;
  // Until nothing changes, at most six passes; a value still changing after them is dropped.
  for (let pass = 0; pass < 6; pass++) {
    const next = badProtocolOnce(content, 1);
    if (next === content) return content;
    content = next;
  }
  return '';
}
