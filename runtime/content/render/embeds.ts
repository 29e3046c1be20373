/**
 * Embeds in post content as WordPress 6.8 renders them without network access: an address alone
 * on its line or in its own paragraph (autoembed, which is also how the embed block's address
 * becomes a player) and `[embed]URL[/embed]`. An address of a post of this site becomes the
 * post's embed (a quote and a sandboxed iframe, as wp_filter_oembed_result leaves WordPress's own
 * oEmbed html); any other address stays as written (autoembed) or becomes a link (`[embed]`),
 * because WordPress cannot ask its provider either.
 */
import { escAttr, escHtml, escUrl } from './escape-html.ts';
import type { ShortcodeAttrs } from './shortcodes.ts';

export interface LocalEmbed {
  /** The post's link and its embed page. */
  link: string;
  embedUrl: string;
  /** The rendered title, and the site's name. */
  title: string;
  siteName: string;
  /** The two secrets WordPress writes (its oEmbed html's, then the content filter's). */
  secrets: [string, string];
}

/** WordPress's default embed size in content (no theme content width): 500 wide, 16:9 high. */
const WIDTH = 500;
const HEIGHT = 282;

export function localEmbedHtml(e: LocalEmbed): string {
  const [inner, outer] = e.secrets;
  const frameTitle = escAttr(`&#8220;${e.title}&#8221; &#8212; ${e.siteName}`);
  return (
    `<blockquote class="wp-embedded-content" data-secret="${outer}"><a href="${escUrl(e.link)}">${e.title}</a></blockquote>` +
    `<iframe class="wp-embedded-content" sandbox="allow-scripts" security="restricted" style="position: absolute; visibility: hidden;" title="${frameTitle}" ` +
    `src="${escUrl(`${e.embedUrl}#?secret=${inner}#?secret=${outer}`)}" data-secret="${outer}" width="${WIDTH}" height="${HEIGHT}" frameborder="0" marginwidth="0" marginheight="0" scrolling="no"></iframe>`
  );
}

const LINE_BREAK = '<!-- wp-line-break -->';
const OWN_LINE = /^(\s*)(https?:\/\/[^\s<>"]+)(\s*)$/gim;
const OWN_PARAGRAPH = /(<p(?: [^>]*)?>\s*)(https?:\/\/[^\s<>"]+)(\s*<\/p>)/gi;

/** Addresses autoembed would try in `content` (for the data loader). */
export function autoembedCandidates(content: string): string[] {
  const text = protectTagNewlines(content);
  if (!/(^|\s|>)https?:\/\//i.test(text)) return [];
  return [...text.matchAll(OWN_LINE), ...text.matchAll(OWN_PARAGRAPH)].map((m) => m[2]);
}

/** WP_Embed::autoembed: addresses on their own line or paragraph replaced by their embed when known. */
export function autoembed(content: string, embeds: Record<string, LocalEmbed>): string {
  let text = protectTagNewlines(content);
  if (!/(^|\s|>)https?:\/\//i.test(text)) return content;
  const replace = (whole: string, before: string, url: string, after: string) => (embeds[url] ? before + localEmbedHtml(embeds[url]) + after : whole);
  text = text.replace(OWN_LINE, replace).replace(OWN_PARAGRAPH, replace);
  return text.split(LINE_BREAK).join('\n');
}

/** Newlines inside tags and comments would make a line look alone; WordPress hides them first. */
function protectTagNewlines(content: string): string {
  return content.replace(/<!--[\s\S]*?(?:-->|$)|<[^>]*>?/g, (tag) => tag.replace(/\n/g, LINE_BREAK));
}

/** WP_Embed::shortcode: the embed of a post of this site, else a link to the address. */
export function embedShortcode(embeds: Record<string, LocalEmbed>): (attrs: ShortcodeAttrs, content: string | null) => string {
  return (attrs, content) => {
    const url = (content ?? '').trim() || attrs.src || '';
    if (!url) return '';
    if (embeds[url]) return localEmbedHtml(embeds[url]);
    return `<a href="${escUrl(url)}">${escHtml(url)}</a>`;
  };
}
