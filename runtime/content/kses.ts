/**
 * HTML filtering for users without `unfiltered_html` (authors, contributors), as WordPress's
 * kses does on save: only an allowlist of elements and attributes survives in content and
 * excerpts (close to WordPress's $allowedposttags), a smaller one in titles, and links keep
 * only safe protocols. Comments are kept: block delimiters live in them.
 */
import sanitizeHtml from 'sanitize-html';

const GLOBAL_ATTRIBUTES = ['aria-*', 'class', 'data-*', 'dir', 'id', 'lang', 'style', 'title', 'role', 'xml:lang'];

const POST_TAGS: Record<string, string[]> = {
  address: [], a: ['href', 'rel', 'rev', 'name', 'target', 'download', 'referrerpolicy'], abbr: [], acronym: [],
  area: ['alt', 'coords', 'href', 'nohref', 'shape', 'target'], article: ['align'], aside: ['align'],
  audio: ['autoplay', 'controls', 'loop', 'muted', 'preload', 'src'], b: [], bdo: [], big: [], blockquote: ['cite'],
  br: [], button: ['disabled', 'name', 'type', 'value'], caption: ['align'], cite: [], code: [],
  col: ['align', 'char', 'charoff', 'span', 'valign', 'width'], colgroup: ['align', 'char', 'charoff', 'span', 'valign', 'width'],
  del: ['datetime'], dd: [], dfn: [], details: ['align', 'open'], div: ['align'], dl: [], dt: [], em: [],
  fieldset: [], figure: ['align'], figcaption: ['align'], font: ['color', 'face', 'size'], footer: ['align'],
  h1: ['align'], h2: ['align'], h3: ['align'], h4: ['align'], h5: ['align'], h6: ['align'], header: ['align'], hgroup: ['align'],
  hr: ['align', 'noshade', 'size', 'width'], i: [],
  img: ['alt', 'align', 'border', 'height', 'hspace', 'loading', 'longdesc', 'vspace', 'src', 'usemap', 'width', 'srcset', 'sizes', 'decoding'],
  ins: ['datetime', 'cite'], kbd: [], label: ['for'], legend: ['align'], li: ['align', 'value'], main: ['align'],
  map: ['name'], mark: [], menu: ['type'], nav: ['align'], object: ['data', 'type'], p: ['align'], pre: ['width'],
  q: ['cite'], rb: [], rp: [], rt: [], rtc: [], ruby: [], s: [], samp: [], span: ['align'], section: ['align'],
  small: [], strike: [], strong: [], sub: [], summary: ['align'], sup: [],
  table: ['align', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'rules', 'summary', 'width'], tbody: ['align', 'char', 'charoff', 'valign'],
  td: ['abbr', 'align', 'axis', 'bgcolor', 'char', 'charoff', 'colspan', 'headers', 'height', 'nowrap', 'rowspan', 'scope', 'valign', 'width'],
  textarea: ['cols', 'rows', 'disabled', 'name', 'readonly'], tfoot: ['align', 'char', 'charoff', 'valign'],
  th: ['abbr', 'align', 'axis', 'bgcolor', 'char', 'charoff', 'colspan', 'headers', 'height', 'nowrap', 'rowspan', 'scope', 'valign', 'width'],
  thead: ['align', 'char', 'charoff', 'valign'], title: [], tr: ['align', 'bgcolor', 'char', 'charoff', 'valign'],
  track: ['default', 'kind', 'label', 'src', 'srclang'], tt: [], u: [], ul: ['type'], ol: ['start', 'type', 'reversed'], var: [],
  video: ['autoplay', 'controls', 'height', 'loop', 'muted', 'playsinline', 'poster', 'preload', 'src', 'width'],
};

/** The few inline elements WordPress allows in titles ($allowedtags). */
const TITLE_TAGS: Record<string, string[]> = {
  a: ['href', 'title'], abbr: ['title'], acronym: ['title'], b: [], blockquote: ['cite'], cite: [], code: [],
  del: ['datetime'], em: [], i: [], q: ['cite'], s: [], strike: [], strong: [],
};

const PROTOCOLS = ['http', 'https', 'ftp', 'ftps', 'mailto', 'news', 'irc', 'irc6', 'ircs', 'gopher', 'nntp', 'feed', 'telnet', 'mms', 'rtsp', 'sms', 'svn', 'tel', 'fax', 'xmpp', 'webcal', 'urn'];

function options(tags: Record<string, string[]>, globals: string[]): sanitizeHtml.IOptions {
  return {
    allowedTags: Object.keys(tags),
    allowedAttributes: { ...tags, '*': globals },
    allowedSchemes: PROTOCOLS,
    allowProtocolRelative: true,
    // Refused elements go with their content only when that content is code (script, style...).
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe'].filter((t) => !(t in tags)),
  };
}

const POST_OPTIONS = options(POST_TAGS, GLOBAL_ATTRIBUTES);
const TITLE_OPTIONS = options(TITLE_TAGS, []);

/** Runs the allowlist over everything but HTML comments, which are put back untouched. */
function filterKeepingComments(html: string, opts: sanitizeHtml.IOptions): string {
  const comments: string[] = [];
  const marked = html.replace(/<!--[\s\S]*?-->/g, (c) => `specpresskses${comments.push(c) - 1}mark`);
  return sanitizeHtml(marked, opts).replace(/specpresskses(\d+)mark/g, (_m, i: string) => comments[Number(i)] ?? '');
}

export function filterPostHtml(html: string): string {
  return html ? filterKeepingComments(html, POST_OPTIONS) : html;
}

export function filterTitleHtml(html: string): string {
  return html ? filterKeepingComments(html, TITLE_OPTIONS) : html;
}
