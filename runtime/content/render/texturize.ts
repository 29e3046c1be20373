/**
 * Typographic quotes, dashes and ellipses as WordPress's wptexturize produces them, with the same
 * numeric entities (&#8220; &#8217; &#8212; ...). Text in <pre>/<code>/<kbd>/<style>/<script>/<tt>
 * elements is left alone; inside tags only bare ampersands change. The tags of the shortcodes
 * WordPress registers (`[caption width="1"]`, `[/caption]`, `[[gallery]]`) are left as written;
 * other bracketed text is texturized like any other, as WordPress does.
 */
import { SHORTCODE_NAMES } from './shortcode-names.ts';

const SPACES = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)';
const OPEN_DQ = '&#8220;';
const CLOSE_DQ = '&#8221;';
const OPEN_SQ = '&#8216;';
const CLOSE_SQ = '&#8217;';
const APOS = '&#8217;';
const PRIME = '&#8242;';
const DOUBLE_PRIME = '&#8243;';
const EM = '&#8212;';
const EN = '&#8211;';
// Placeholders so later steps do not see quotes already decided.
const APOS_FLAG = '\u0001A';
const OPEN_SQ_FLAG = '\u0001S';
const OPEN_DQ_FLAG = '\u0001D';

const PLAIN: Array<[string, string]> = [
  ['...', '&#8230;'],
  ['``', OPEN_DQ],
  ["''", CLOSE_DQ],
  [' (tm)', ' &#8482;'],
];

const SKIP_ELEMENTS = new Set(['pre', 'code', 'kbd', 'style', 'script', 'tt']);

const SINGLE_RULES: Array<[RegExp, string]> = [
  [new RegExp(`'(\\d\\d)'(?=$|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g'), `${APOS_FLAG}$1${CLOSE_SQ}`],
  [new RegExp(`'(\\d\\d)"(?=$|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g'), `${APOS_FLAG}$1${CLOSE_DQ}`],
  [/'(?=\d\d(?:$|(?![%\d]|[.,]\d)))/g, APOS_FLAG],
  [new RegExp(`(?<=^|${SPACES})'(\\d[.,\\d]*)'`, 'g'), `${OPEN_SQ_FLAG}$1${CLOSE_SQ}`],
  [new RegExp(`(?<=^|[([{"\\-]|&lt;|${SPACES})'`, 'g'), OPEN_SQ_FLAG],
  [new RegExp(`(?<!${SPACES})'(?!$|[.,:;!?"'(){}\\[\\]\\-]|&[lg]t;|${SPACES})`, 'g'), APOS_FLAG],
];

const DOUBLE_RULES: Array<[RegExp, string]> = [
  [new RegExp(`(?<=^|${SPACES})"(\\d[.,\\d]*)"`, 'g'), `${OPEN_DQ_FLAG}$1${CLOSE_DQ}`],
  [new RegExp(`(?<=^|[([{\\-]|&lt;|${SPACES})"(?!${SPACES})`, 'g'), OPEN_DQ_FLAG],
];

const DASH_RULES: Array<[RegExp, string]> = [
  [/---/g, EM],
  [new RegExp(`(?<=^|${SPACES})--(?=$|${SPACES})`, 'g'), EM],
  [/(?<!xn)--/g, EN],
  [new RegExp(`(?<=^|${SPACES})-(?=$|${SPACES})`, 'g'), EN],
];

// Marks a quote that may close the sentence it ends, until the sentence is judged.
const CANDIDATE_FLAG = '\u0001C';

/**
 * The quotes left after the rules, as wptexturize_primes judges them, sentence by sentence (a
 * sentence begins at an opening quote). A quote may close only where punctuation, a space or the
 * end follows it (so `'` before `"` stays straight). In a sentence that opened and has no closing
 * quote yet: one candidate closes (even after a digit); several close unless they follow a digit,
 * and if all follow digits, the last one before a period (or the last) closes and the others are
 * primes. Elsewhere a quote after a digit is a prime and the candidates close. A double quote
 * still left at the end closes.
 */
function resolveRemaining(text: string, quote: string, openFlag: string, prime: string, close: string): string {
  const candidate = new RegExp(`${quote}(?=$|[.,:;!?)}\\-\\]]|&gt;|${SPACES})`, 'g');
  const afterDigit = new RegExp(`(?<=\\d)${quote}`, 'g');
  return text
    .split(openFlag)
    .map((sentence, i) => {
      if (!sentence.includes(quote)) return sentence;
      let s = sentence;
      if (i !== 0 && !s.includes(close)) {
        let count = 0;
        s = s.replace(candidate, () => {
          count++;
          return CANDIDATE_FLAG;
        });
        if (count > 1) {
          let closed = 0;
          s = s.replace(/(?<!\d)\u0001C/g, () => {
            closed++;
            return close;
          });
          if (closed === 0) {
            const beforePeriod = s.lastIndexOf(`${CANDIDATE_FLAG}.`);
            const at = beforePeriod >= 0 ? beforePeriod : s.lastIndexOf(CANDIDATE_FLAG);
            s = s.slice(0, at) + close + s.slice(at + CANDIDATE_FLAG.length);
          }
          s = s.replace(afterDigit, prime).replace(/(?<=\d)\u0001C/g, prime).split(CANDIDATE_FLAG).join(close);
        } else if (count === 1) {
          s = s.split(CANDIDATE_FLAG).join(close).replace(afterDigit, prime);
        } else {
          s = s.replace(afterDigit, prime);
        }
      } else {
        s = s.replace(afterDigit, prime).replace(candidate, close);
      }
      if (quote === '"' && s.includes('"')) s = s.split('"').join(close);
      return s;
    })
    .join(openFlag);
}

function texturizeText(text: string): string {
  let t = text;
  for (const [from, to] of PLAIN) t = t.split(from).join(to);
  if (t.includes("'")) {
    for (const [re, to] of SINGLE_RULES) t = t.replace(re, to);
    t = resolveRemaining(t, "'", OPEN_SQ_FLAG, PRIME, CLOSE_SQ);
    t = t.split(APOS_FLAG).join(APOS).split(OPEN_SQ_FLAG).join(OPEN_SQ);
  }
  if (t.includes('"')) {
    for (const [re, to] of DOUBLE_RULES) t = t.replace(re, to);
    t = resolveRemaining(t, '"', OPEN_DQ_FLAG, DOUBLE_PRIME, CLOSE_DQ);
    t = t.split(OPEN_DQ_FLAG).join(OPEN_DQ);
  }
  if (t.includes('-')) for (const [re, to] of DASH_RULES) t = t.replace(re, to);
  if (/\dx\d/.test(t)) t = t.replace(/\b(\d[\d.,]*)x(\d[\d.,]*)\b/g, (m, a: string, b: string) => (a.startsWith('0') && a.length > 1 ? m : `${a}&#215;${b}`));
  return escapeAmpersands(t);
}

/** A bare & becomes &#038; unless it already starts an entity. */
function escapeAmpersands(text: string): string {
  return text.replace(/&(?!#(?:\d+|x[a-f0-9]+);|[a-z1-4]{1,8};)/gi, '&#038;');
}

/** A registered shortcode's opening or closing tag (or an escaped one), as wptexturize finds them. */
function shortcodeTagPattern(names: string[]): string {
  return `\\[[\\/\\[]?(?:${names.join('|')})(?=[\\s\\]\\/])(?:[^\\[\\]<>]|<[^\\[\\]>]*>)*\\]\\]?`;
}

function shortcodesIn(html: string): string[] {
  if (!html.includes('[')) return [];
  const seen = new Set<string>();
  for (const m of html.matchAll(/\[\/?([^<>&/[\]\x00-\x20=]+)/g)) seen.add(m[1]);
  return SHORTCODE_NAMES.filter((n) => seen.has(n));
}

export function texturize(html: string): string {
  const names = shortcodesIn(html);
  const shortcode = names.length ? shortcodeTagPattern(names) : '';
  const pieces = html.split(new RegExp(`(<!--[\\s\\S]*?(?:-->|$)|<[^>]*>?${shortcode ? `|${shortcode}` : ''})`));
  const whole = shortcode ? new RegExp(`^${shortcode}$`) : null;
  const open: string[] = [];
  let out = '';
  for (const piece of pieces) {
    if (!piece) continue;
    if (whole && piece.startsWith('[') && whole.test(piece)) {
      out += piece;
    } else if (piece.startsWith('<')) {
      const m = /^<(\/?)([a-z0-9]+)/i.exec(piece);
      if (m && SKIP_ELEMENTS.has(m[2].toLowerCase())) {
        if (m[1]) open.pop();
        else if (!piece.endsWith('/>')) open.push(m[2].toLowerCase());
      }
      out += piece.startsWith('<!--') ? piece : escapeAmpersands(piece);
    } else {
      out += open.length ? piece : texturizeText(piece);
    }
  }
  return out;
}
