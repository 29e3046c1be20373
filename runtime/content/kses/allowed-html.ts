/**
 * What WordPress 6.8 lets through for a user without unfiltered_html: `$allowedposttags` (post
 * content and excerpts, wp_kses_post), every element with the global attributes added, and
 * `$allowedtags` (titles and other short fields, wp_kses_data / wp_filter_kses), which term and
 * user descriptions extend with a link's rel and target.
 */
import type { UploadsOrigin } from './pdf-object.ts';

/**
 * An attribute's rule: `true` allows any value; an object restricts it, as WordPress's rule
 * arrays do (`required` removes every attribute of the tag when the attribute is missing or
 * refused, `valueless: 'y'` wants no value, `values` lists the accepted lowercased values,
 * `pdfOnly` stands for 6.8's `_wp_kses_allow_pdf_objects` value callback).
 */
export type AttributeRule = true | { required?: boolean; valueless?: 'y' | 'n'; values?: string[]; pdfOnly?: boolean };

/** Element name (lowercase) → attribute name (lowercase, `data-*` as wildcard) → rule. */
export type AllowedHtml = ReadonlyMap<string, ReadonlyMap<string, AttributeRule>>;

/** `_wp_add_global_attributes`: merged into every element of the post list. */
const GLOBAL_ATTRIBUTES = [
  'aria-controls', 'aria-current', 'aria-describedby', 'aria-details', 'aria-expanded', 'aria-hidden', 'aria-label',
  'aria-labelledby', 'aria-live', 'class', 'data-*', 'dir', 'hidden', 'id', 'lang', 'style', 'title', 'role', 'xml:lang',
];

/** The post list, element by element, with the attributes each allows besides the global ones. */
const POST_TAGS: Record<string, string> = {
  address: '', a: 'href rel rev name target download', abbr: '', acronym: '',
  area: 'alt coords href nohref shape target', article: 'align', aside: 'align',
  audio: 'autoplay controls loop muted preload src', b: '', bdo: '', big: '', blockquote: 'cite', br: '',
  button: 'disabled name type value', caption: 'align', cite: '', code: '',
  col: 'align char charoff span valign width', colgroup: 'align char charoff span valign width', del: 'datetime',
  dd: '', dfn: '', details: 'align open', div: 'align', dl: '', dt: '', em: '', fieldset: '', figure: 'align',
  figcaption: 'align', font: 'color face size', footer: 'align', h1: 'align', h2: 'align', h3: 'align', h4: 'align',
  h5: 'align', h6: 'align', header: 'align', hgroup: 'align', hr: 'align noshade size width', i: '',
  img: 'alt align border height hspace loading longdesc vspace src usemap width', ins: 'datetime cite', kbd: '',
  label: 'for', legend: 'align', li: 'align value', main: 'align', map: 'name', mark: '', menu: 'type', nav: 'align',
  object: 'data type', p: 'align', pre: 'width', q: 'cite', rb: '', rp: '', rt: '', rtc: '', ruby: '', s: '',
  samp: '', span: 'align', section: 'align', small: '', strike: '', strong: '', sub: '', summary: 'align', sup: '',
  table: 'align bgcolor border cellpadding cellspacing rules summary width', tbody: 'align char charoff valign',
  td: 'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width',
  textarea: 'cols rows disabled name readonly', tfoot: 'align char charoff valign',
  th: 'abbr align axis bgcolor char charoff colspan headers height nowrap rowspan scope valign width',
  thead: 'align char charoff valign', title: '', tr: 'align bgcolor char charoff valign',
  track: 'default kind label src srclang', tt: '', u: '', ul: 'type', ol: 'start type reversed', var: '',
  video: 'autoplay controls height loop muted playsinline poster preload src width',
};

/** The attributes of the post list whose values are restricted. */
const POST_RULES: Record<string, Record<string, AttributeRule>> = {
  a: { download: { valueless: 'y' } },
  // 6.8 keeps <object> only for a PDF from the site's own uploads.
  object: { data: { required: true, pdfOnly: true }, type: { required: true, values: ['application/pdf'] } },
};

/** $allowedtags: no global attributes here. */
const DATA_TAGS: Record<string, string> = {
  a: 'href title', abbr: 'title', acronym: 'title', b: '', blockquote: 'cite', cite: '', code: '', del: 'datetime',
  em: '', i: '', q: 'cite', s: '', strike: '', strong: '',
};

function build(tags: Record<string, string>, globals: string[]): AllowedHtml {
  const out = new Map<string, Map<string, AttributeRule>>();
  for (const [tag, names] of Object.entries(tags)) {
    const attrs = new Map<string, AttributeRule>();
    for (const name of names.split(' ').filter(Boolean)) attrs.set(name, POST_RULES[tag]?.[name] ?? true);
    for (const name of globals) attrs.set(name, true);
    out.set(tag, attrs);
  }
  return out;
}

export const POST_ALLOWED_HTML = build(POST_TAGS, GLOBAL_ATTRIBUTES);
export const DATA_ALLOWED_HTML = build(DATA_TAGS, []);
/** Term and user descriptions (the pre_term_description, pre_user_description contexts): links may also say rel and target. */
export const DESCRIPTION_ALLOWED_HTML = build({ ...DATA_TAGS, a: 'href title rel target' }, []);

/** What one kses run checks against: the allowed elements and the site's uploads origin (PDF rule). */
export interface KsesRules {
  tags: AllowedHtml;
  uploads: UploadsOrigin | null;
}
