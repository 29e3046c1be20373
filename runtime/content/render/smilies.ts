/**
 * WordPress's convert_smilies with its default table (use_smilies is on in a fresh site): a
 * smiley standing between spaces (or line ends) in text becomes its emoji; text inside code,
 * pre, style, script and textarea is left alone. `:mrgreen:`, the one smiley WordPress shows as
 * an image from its own wp-includes, stays as written here.
 */
const SMILIES: Record<string, string> = {
  ':neutral:': '\u{1F610}', ':twisted:': '\u{1F608}', ':arrow:': '\u27A1', ':shock:': '\u{1F62F}', ':smile:': '\u{1F642}',
  ':???:': '\u{1F615}', ':cool:': '\u{1F60E}', ':evil:': '\u{1F47F}', ':grin:': '\u{1F600}', ':idea:': '\u{1F4A1}',
  ':oops:': '\u{1F633}', ':razz:': '\u{1F61B}', ':roll:': '\u{1F644}', ':wink:': '\u{1F609}', ':cry:': '\u{1F625}',
  ':eek:': '\u{1F62E}', ':lol:': '\u{1F606}', ':mad:': '\u{1F621}', ':sad:': '\u{1F641}', '8-)': '\u{1F60E}',
  '8-O': '\u{1F62F}', ':-(': '\u{1F641}', ':-)': '\u{1F642}', ':-?': '\u{1F615}', ':-D': '\u{1F600}', ':-P': '\u{1F61B}',
  ':-o': '\u{1F62E}', ':-x': '\u{1F621}', ':-|': '\u{1F610}', ';-)': '\u{1F609}', '8O': '\u{1F62F}', ':(': '\u{1F641}',
  ':)': '\u{1F642}', ':?': '\u{1F615}', ':D': '\u{1F600}', ':P': '\u{1F61B}', ':o': '\u{1F62E}', ':x': '\u{1F621}',
  ':|': '\u{1F610}', ';)': '\u{1F609}', ':!:': '\u2757', ':?:': '\u2753',
};

const SPACES = '(?:[\\r\\n\\t ]|\\u00a0|&nbsp;)';
const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SEARCH = new RegExp(
  `(?<=${SPACES}|^)(?:${Object.keys(SMILIES).sort((a, b) => b.length - a.length).map(quote).join('|')})(?=${SPACES}|$)`,
  'gm',
);
const IGNORED = /^<(code|pre|style|script|textarea)[^>]*>/;

export function convertSmilies(html: string): string {
  if (!/[:;8]/.test(html)) return html;
  let ignoring = '';
  return html
    .split(/(<[^>]*?>)/)
    .map((piece) => {
      if (!ignoring) {
        const m = IGNORED.exec(piece);
        if (m) ignoring = m[1];
      }
      let out = piece;
      if (!ignoring && piece !== '' && piece[0] !== '<') out = piece.replace(SEARCH, (s) => SMILIES[s]);
      if (ignoring && piece === `</${ignoring}>`) ignoring = '';
      return out;
    })
    .join('');
}
