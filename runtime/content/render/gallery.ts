/**
 * WordPress 6.8's `[gallery]` shortcode (gallery_shortcode with html5 galleries, as its default
 * theme declares): the images named by `ids` (or attached to the post), each linked to its
 * attachment page (`link="file"`: the file, `link="none"`: no link) with its caption.
 * Rendering stays a pure function: the attachments are looked up before (gallery-data.ts) and
 * handed in as SiteData, which is part of the render memo's key.
 */
import { escAttr, escHtml, escUrl } from './escape-html.ts';
import { shortcodeAttrsOf, type ShortcodeAttrs } from './shortcodes.ts';
import { texturize } from './texturize.ts';
import type { MediaContext } from './media-shortcodes.ts';
import type { LocalEmbed } from './embeds.ts';
import { constrain, imageSizes, imageSrcset, type AttachmentImage } from './attachment-images.ts';

export interface GalleryImage extends AttachmentImage {
  parent: number;
  menuOrder: number;
  title: string;
  date: string;
  /** The caption (post_excerpt). */
  caption: string;
  alt: string;
  /** Attachment page, and the original file's URL. */
  link: string;
  url: string;
}

/**
 * What rendering one post reads from the rest of the site, looked up before (render-data.ts):
 * the post it is rendered in, the images of its galleries, the first audio and video attached
 * to it, the posts of this site its embeds show.
 */
export interface SiteData extends MediaContext {
  images: GalleryImage[];
  /** Address as written in the content → what embedding it shows. */
  embeds?: Record<string, LocalEmbed>;
  /** For each `[playlist]` of the content, in order: whether it names any audio/video attachment. */
  playlists?: boolean[];
}

/** Largest dimensions of the registered sizes, for a size the image does not have. */
const SIZE_LIMITS: Record<string, [number, number]> = { thumbnail: [150, 150], medium: [300, 300], medium_large: [768, 0], large: [1024, 1024] };

/** The gallery attributes each `[gallery]` of `content` names (for the data loader). */
export function galleriesIn(content: string): ShortcodeAttrs[] {
  return shortcodeAttrsOf(content, 'gallery');
}

/** The ids a gallery shows, by `ids`/`include` or else by parent post. */
export function galleryQuery(attrs: ShortcodeAttrs, postId: number): { include: number[] } | { parent: number; exclude: number[] } {
  const list = (v: string | undefined) => (v ?? '').split(/[\s,]+/).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const include = list(attrs.ids || attrs.include);
  if (include.length) return { include };
  return { parent: attrs.id !== undefined ? Math.trunc(Number(attrs.id)) || 0 : postId, exclude: list(attrs.exclude) };
}

export function renderGallery(attrs: ShortcodeAttrs, data: SiteData, instance: number): string {
  const query = galleryQuery(attrs, data.postId);
  const orderby = attrs.orderby || ('include' in query ? 'post__in' : 'menu_order ID');
  const order = (attrs.order ?? 'ASC').toUpperCase() === 'DESC' ? -1 : 1;
  let images = 'include' in query
    ? query.include.map((id) => data.images.find((i) => i.id === id)).filter((i): i is GalleryImage => !!i)
    : data.images.filter((i) => i.parent === query.parent && query.parent > 0 && !query.exclude.includes(i.id));
  images = [...new Map(images.map((i) => [i.id, i])).values()];
  if (orderby !== 'post__in') images.sort((a, b) => order * compareBy(orderby, a, b));
  if (!images.length) return '';
  const size = attrs.size || 'thumbnail';
  const columns = Math.trunc(Number(attrs.columns ?? 3)) || 0;
  const selector = `gallery-${instance}`;
  const galleryId = 'include' in query ? Math.trunc(Number(attrs.id ?? data.postId)) || 0 : query.parent;
  const sizeClass = size.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
  let out = `<div id='${selector}' class='gallery galleryid-${galleryId} gallery-columns-${columns} gallery-size-${sizeClass}'>`;
  for (const image of images) {
    const described = image.caption.trim() ? `${selector}-${image.id}` : undefined;
    const img = attachmentImage(image, size, described);
    const link = attrs.link === 'file' ? image.url : attrs.link === 'none' ? null : image.link;
    const shown = link === null ? img : `<a href='${escUrl(link)}'>${img || escHtml(fileName(image.file))}</a>`;
    const orientation = image.width && image.height ? (image.height > image.width ? 'portrait' : 'landscape') : '';
    out += `<figure class='gallery-item'>\n\t\t\t<div class='gallery-icon ${orientation}'>\n\t\t\t\t${shown}\n\t\t\t</div>`;
    if (described) out += `\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='${described}'>\n\t\t\t\t${texturize(image.caption)}\n\t\t\t\t</figcaption>`;
    out += '</figure>';
  }
  return `${out}\n\t\t</div>\n`;
}

function compareBy(orderby: string, a: GalleryImage, b: GalleryImage): number {
  for (const key of orderby.split(/[\s,]+/)) {
    const d = key === 'menu_order' ? a.menuOrder - b.menuOrder
      : key === 'title' ? a.title.localeCompare(b.title)
      : key === 'date' ? a.date.localeCompare(b.date)
      : key === 'ID' || key === 'id' ? a.id - b.id
      : 0;
    if (d !== 0) return d;
  }
  return 0;
}

function fileName(file: string): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
}

/** wp_get_attachment_image_src: the named size's file, else the original constrained to the size's limits. */
function imageSource(image: GalleryImage, size: string): { src: string; width: number; height: number } | null {
  const sub = image.sizes[size];
  if (sub) return { src: image.baseUrl + sub.file, width: sub.width, height: sub.height };
  if (!image.width || !image.height) return null;
  const limits = SIZE_LIMITS[size];
  const [width, height] = limits ? constrain(image.width, image.height, limits[0], limits[1]) : [image.width, image.height];
  return { src: image.url, width, height };
}

/** wp_get_attachment_image inside the_content (loading attributes come later, from the content filter). */
function attachmentImage(image: GalleryImage, size: string, describedBy: string | undefined): string {
  const source = imageSource(image, size);
  if (!source) return '';
  const attrs: Array<[string, string]> = [
    ['src', source.src],
    ['class', `attachment-${size} size-${size}`],
    ['alt', image.alt.replace(/<[^>]*>/g, '').trim()],
  ];
  if (describedBy) attrs.push(['aria-describedby', describedBy]);
  const srcset = imageSrcset(image, source.src, source.width, source.height);
  if (srcset) attrs.push(['srcset', srcset], ['sizes', imageSizes(source.width)]);
  return `<img width="${source.width}" height="${source.height}"${attrs.map(([k, v]) => ` ${k}="${escAttr(v)}"`).join('')} />`;
}
