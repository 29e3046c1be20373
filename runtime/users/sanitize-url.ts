/**
 * WordPress's sanitize_url (esc_url_raw): what a URL field keeps when it is saved, here a
 * user's `url` (the REST schema's `uri` format and the pre_user_url filter both run it). Any
 * character outside a URL's set goes, a bare host gets `http://`, and a URL whose scheme is not
 * one of WordPress's allowed protocols (`javascript:`, `data:`, `vbscript:`...) becomes '', as
 * do schemes hidden behind entities or whitespace. The answer is never escaped for HTML: that
 * is the reader's job (esc_url on display).
 */

/** wp_allowed_protocols() of WordPress 6.8. */
export const ALLOWED_PROTOCOLS = [
  'http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed',
  'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn',
] as const;

/** Characters a URL may keep (esc_url's set; every non-ASCII character counts as its UTF-8 bytes, all kept). */
const OUTSIDE_URL = /[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uffff]/gi;

export function sanitizeUrl(input: string, protocols: readonly string[] = ALLOWED_PROTOCOLS): string {
  if (input === '') return '';
  let url = input.replace(/^\s+/, '').replace(/ /g, '%20').replace(OUTSIDE_URL, '');
  if (url === '') return '';
  // Encoded line breaks would split a header the URL is written into (except in a mail link's body).
  if (!/^mailto:/i.test(url)) url = removeEvery(url, ['%0d', '%0a', '%0D', '%0A']);
  url = url.replace(/;\/\//g, '://');
  if (!url.includes(':') && !['/', '#', '?'].includes(url[0]!) && !/^[a-z0-9-]+?\.php/i.test(url)) url = `http://${url}`;
  if (url.includes('[') || url.includes(']')) url = encodeBracketsAfterHost(url);
  if (url.startsWith('/')) return url;
  const checked = withAllowedProtocol(url, protocols);
  return checked.toLowerCase() === url.toLowerCase() ? checked : '';
}

/** Removes each needle until none is left (a removal may join the halves of another). */
function removeEvery(text: string, needles: string[]): string {
  let out = text;
  for (let changed = true; changed; ) {
    changed = false;
    for (const needle of needles) {
      if (out.includes(needle)) {
        out = out.split(needle).join('');
        changed = true;
      }
    }
  }
  return out;
}

/** Brackets belong to an IPv6 host only: elsewhere they are percent-encoded. */
function encodeBracketsAfterHost(url: string): string {
  const front = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/\/)?(?:[^/?#@]*@)?(?:\[[^\]/?#]*\]|[^/?#:[\]]*)(?::\d+)?/i.exec(url)?.[0] ?? '';
  return front + url.slice(front.length).replace(/\[/g, '%5B').replace(/\]/g, '%5D');
}

/**
 * wp_kses_bad_protocol as esc_url uses it: the text before the first colon (written plainly or
 * as an entity) is the scheme, kept only when allowed; a refused scheme is dropped and the rest
 * looked at again, a few times at most. The caller compares the outcome with what it gave.
 */
function withAllowedProtocol(url: string, protocols: readonly string[]): string {
  if ((url.startsWith('https://') && protocols.includes('https')) || (url.startsWith('http://') && protocols.includes('http'))) return url;
  let content = url;
  for (let round = 0; round < 6; round++) {
    const next = protocolOnce(content, protocols, 1);
    if (next === content) return content;
    content = next;
  }
  return '';
}

const COLON = /:|&#0*58;|&#x0*3a;|&colon;/i;

function protocolOnce(text: string, protocols: readonly string[], depth: number): string {
  const content = text.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const colon = COLON.exec(content);
  if (!colon) return content;
  const scheme = content.slice(0, colon.index);
  // WordPress leaves the text alone when what precedes the colon holds "/?".
  if (scheme.includes('/?')) return content;
  let rest = content.slice(colon.index + colon[0].length).trim();
  const protocol = allowedScheme(scheme, protocols);
  if (protocol === 'feed:') {
    if (depth > 2) return '';
    rest = protocolOnce(rest, protocols, depth + 1);
    if (rest === '') return rest;
  }
  return protocol + rest;
}

/** The scheme with its numeric entities decoded and its spaces gone, plus ':' when allowed; '' when not. */
function allowedScheme(scheme: string, protocols: readonly string[]): string {
  const plain = scheme
    // wp_kses_decode_entities turns numeric entities into single bytes, as PHP's chr() does.
    .replace(/&#(0*\d{1,7});/g, (_m, dec: string) => String.fromCharCode(Number(dec) % 256))
    .replace(/&#x(0*[0-9a-f]{1,6});/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16) % 256))
    .replace(/\s/g, '')
    .replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '')
    .toLowerCase();
  return protocols.includes(plain) ? `${plain}:` : '';
}
