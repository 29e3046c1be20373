/**
 * What a page's head says about it, read as WordPress's url-details controller reads it: the
 * `<title>`, the `<link rel="icon">` (or "shortcut icon"), the description (`<meta name=
 * "description">` or `name="og:description"`, the first in the page) and the Open Graph image
 * (`<meta property="og:image">` or `og:image:url`). Text has its entities decoded and its tags
 * stripped; the icon and image are made absolute against the site's root, as WordPress does
 * (a `data:` icon is kept as it is). Only the head is read: parsing stops at `</head>` or `<body>`.
 */
import { Parser } from 'htmlparser2';

export interface PageDetails {
  title: string;
  icon: string;
  description: string;
  image: string;
}

const ICON_RELS = new Set(['icon', 'shortcut icon', 'icon shortcut']);
const DESCRIPTION_NAMES = new Set(['description', 'og:description']);
const IMAGE_PROPERTIES = new Set(['og:image', 'og:image:url']);

/** Entities decoded by the parser; what looks like tags inside the text is removed. */
function plainText(text: string): string {
  return text.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '').replace(/<[^>]*>/g, '').trim();
}

/** Relative addresses are resolved against `scheme://host/` of the page, as WordPress resolves them. */
function absolute(href: string, pageUrl: string): string {
  if (!href) return '';
  if (/^data:/i.test(href)) return href;
  try {
    const page = new URL(pageUrl);
    return new URL(href, `${page.protocol}//${page.host}/`).toString();
  } catch {
    return href;
  }
}

export function readPageHead(html: string, pageUrl: string): PageDetails {
  let title: string | undefined;
  let titleText: string | null = null;
  let icon = '';
  let description: string | undefined;
  let image: string | undefined;
  let done = false;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (done) return;
      if (name === 'body') {
        done = true;
        parser.pause();
        return;
      }
      if (name === 'title' && title === undefined) titleText = '';
      if (name === 'link' && !icon && attrs.href && ICON_RELS.has(String(attrs.rel ?? '').trim().toLowerCase())) icon = attrs.href;
      if (name === 'meta' && attrs.content !== undefined) {
        if (description === undefined && DESCRIPTION_NAMES.has(String(attrs.name ?? '').toLowerCase())) description = attrs.content;
        if (image === undefined && IMAGE_PROPERTIES.has(String(attrs.property ?? '').toLowerCase())) image = attrs.content;
      }
    },
    ontext(text) {
      if (titleText !== null) titleText += text;
    },
    onclosetag(name) {
      if (name === 'title' && titleText !== null) {
        title = titleText;
        titleText = null;
      }
      if (name === 'head') {
        done = true;
        parser.pause();
      }
    },
  }, { decodeEntities: true });
  parser.write(html);
  if (!done) parser.end();
  return {
    title: plainText(title ?? ''),
    icon: absolute(icon.trim(), pageUrl),
    description: plainText(description ?? ''),
    image: absolute((image ?? '').trim(), pageUrl),
  };
}
