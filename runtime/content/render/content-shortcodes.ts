/**
 * The shortcodes WordPress registers, as 6.8 renders them in a post: `[caption]` (and the old
 * `[wp_caption]`) as an HTML5 figure (6.8's default theme declares html5 captions), `[embed]`
 * as embeds.ts renders it, `[gallery]` from the attachments looked up before rendering
 * (gallery.ts), `[audio]`/`[video]` as players (media-shortcodes.ts). `[playlist]` renders
 * nothing when it names no attachment, as in WordPress; a playlist of real files is not rendered
 * here: it stays as written, untouched by texturize and out of paragraphs.
 */
import { escAttr } from './escape-html.ts';
import { embedShortcode } from './embeds.ts';
import { renderGallery, type SiteData } from './gallery.ts';
import { mediaPlayers } from './media-shortcodes.ts';
import { doShortcodes, type ShortcodeAttrs, type ShortcodeHandler } from './shortcodes.ts';

/** sanitize_html_class: percent-encoded octets and anything but A-Z a-z 0-9 _ - removed. */
function sanitizeHtmlClass(name: string): string {
  return name.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
}

/** PHP's (int) cast of a string: leading digits (with sign), else 0. */
function toInt(value: string | undefined): number {
  const m = /^\s*([+-]?\d+)/.exec(value ?? '');
  return m ? Number(m[1]) : 0;
}

const IMAGE_THEN_CAPTION = /((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)/i;

/** img_caption_shortcode with html5 captions. */
function caption(attrs: ShortcodeAttrs, content: string | null): string {
  let inner = content ?? '';
  let text = attrs.caption;
  if (text === undefined) {
    const m = IMAGE_THEN_CAPTION.exec(inner);
    if (m) {
      inner = m[1];
      text = m[2].trim();
    }
  }
  const width = toInt(attrs.width);
  if (width < 1 || !text || text === '0') return inner;
  const id = attrs.id ? sanitizeHtmlClass(attrs.id) : '';
  let captionId = attrs.caption_id ? sanitizeHtmlClass(attrs.caption_id) : '';
  if (!captionId && id) captionId = `caption-${id.replace(/_/g, '-')}`;
  const classes = `wp-caption ${attrs.align ?? 'alignnone'} ${attrs.class ?? ''}`.trim();
  const idAttr = id ? `id="${escAttr(id)}" ` : '';
  const described = captionId ? `aria-describedby="${escAttr(captionId)}" ` : '';
  const captionIdAttr = captionId ? `id="${escAttr(captionId)}" ` : '';
  return `<figure ${idAttr}${described}style="width: ${width}px" class="${escAttr(classes)}">${doShortcodes(inner, CAPTION_INNER)}<figcaption ${captionIdAttr}class="wp-caption-text">${text}</figcaption></figure>`;
}

const nothing: ShortcodeHandler = () => '';

const CAPTION_INNER: Record<string, ShortcodeHandler> = { caption, wp_caption: caption, embed: nothing };

/**
 * Shortcodes run at the_content priority 11 (after autop). Galleries are numbered in the order
 * they render (WordPress counts per request; one render here is one post's request).
 */
export function postShortcodes(gallery: SiteData | null): Record<string, ShortcodeHandler> {
  let instance = 0;
  let playlist = 0;
  return {
    ...CAPTION_INNER,
    // A playlist of nothing renders nothing, as in WordPress; a real one is not rendered here (stays as written).
    ...(gallery?.playlists ? { playlist: () => (gallery.playlists![playlist++] === false ? '' : null) } : {}),
    // [embed] has run before (embedShortcodes); what is left here WordPress renders as nothing.
    ...(gallery ? { gallery: (attrs: ShortcodeAttrs) => renderGallery(attrs, gallery, ++instance), ...mediaPlayers(gallery) } : {}),
  };
}

/** WP_Embed::run_shortcode: [embed] alone, before every other filter (priority 8). */
export function embedShortcodes(site: SiteData | null): Record<string, ShortcodeHandler> {
  return { embed: embedShortcode(site?.embeds ?? {}) };
}
