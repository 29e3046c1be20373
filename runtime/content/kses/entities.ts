/**
 * Character references as kses leaves them (wp_kses_normalize_entities): every `&` is escaped
 * unless it starts a named reference WordPress knows or a numeric one naming a valid Unicode
 * character, which is rewritten in one form (`&#00058;` → `&#058;`, `&#X3A;` → `&#x3A;`). Also
 * the esc_html WordPress applies to a lone `<` before filtering.
 */
import { ltrimChar } from './php-text.ts';

/** $allowedentitynames in 6.8 (case-sensitive). */
const ENTITY_NAMES: ReadonlySet<string> = new Set(
  (
    'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn acute micro para ' +
    'middot cedil ordm raquo iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml ' +
    'Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml ' +
    'Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute ' +
    'icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml ' +
    'quot amp lt gt apos OElig oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash mdash ' +
    'lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro fnof Alpha Beta Gamma Delta ' +
    'Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi Chi Psi Omega alpha ' +
    'beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf sigma tau upsilon phi ' +
    'chi psi omega thetasym upsih piv bull hellip prime Prime oline frasl weierp image real trade alefsym larr uarr ' +
    'rarr darr harr crarr lArr uArr rArr dArr hArr forall part exist empty nabla isin notin ni prod sum minus lowast ' +
    'radic prop infin ang and or cap cup int sim cong asymp ne equiv le ge sub sup nsub sube supe oplus otimes perp ' +
    'sdot lceil rceil lfloor rfloor lang rang loz spades clubs hearts diams sup1 sup2 sup3 frac14 frac12 frac34 there4'
  ).split(' '),
);

/** valid_unicode: the characters XML allows. */
function isValidCodePoint(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

const NAMED = /&amp;([A-Za-z]{2,8}[0-9]{0,2});/g;
const DECIMAL = /&amp;#(0*[1-9][0-9]{0,6});/g;
const HEX = /&amp;#[Xx](0*[1-9A-Fa-f][0-9A-Fa-f]{0,5});/g;

/** wp_kses_normalize_entities in its html context. */
export function normalizeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text
    .replaceAll('&', '&amp;')
    .replace(NAMED, (whole, name: string) => (ENTITY_NAMES.has(name) ? `&${name};` : whole))
    .replace(DECIMAL, (whole, digits: string) => (isValidCodePoint(Number(digits)) ? `&#${ltrimChar(digits, '0').padStart(3, '0')};` : whole))
    .replace(HEX, (_whole, digits: string) =>
      isValidCodePoint(parseInt(digits, 16)) ? `&#x${ltrimChar(digits, '0')};` : `&amp;#x${digits};`,
    );
}

/**
 * Whether PHP's htmlspecialchars (HTML 4.01, no double encoding) sees a valid reference at
 * `&`: a name of its HTML 4.01 table or a number up to U+10FFFF, closed by `;`.
 */
function startsValidReference(text: string, at: number): boolean {
  const numeric = /^&#(?:[xX]([0-9A-Fa-f]+)|([0-9]+));/.exec(text.slice(at, at + 16));
  if (numeric) return (numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2])) <= 0x10ffff;
  const named = /^&([A-Za-z0-9]+);/.exec(text.slice(at, at + 12));
  // 'apos' is in WordPress's list but not in PHP's HTML 4.01 table.
  return named !== null && named[1] !== 'apos' && ENTITY_NAMES.has(named[1]);
}

const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

/** esc_html (WordPress's _wp_specialchars with ENT_QUOTES, no double encoding). */
export function escHtml(text: string): string {
  if (!/[&<>"']/.test(text)) return text;
  const normal = normalizeEntities(text);
  let out = '';
  for (let i = 0; i < normal.length; i++) {
    const c = normal[i];
    if (c === '&') out += startsValidReference(normal, i) ? '&' : '&amp;';
    else out += ESCAPES[c] ?? c;
  }
  return out;
}
