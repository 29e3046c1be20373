/**
 * WordPress's wp_filter_content_tags for images and iframes in rendered content. An image whose
 * class names an attachment (`wp-image-N`) known to the render gets its width and height when it
 * has neither, and a srcset/sizes when its file is one of the attachment's. Then every image gets
 * `decoding="async"`, and `loading="lazy"` when its size is known, unless the markup says
 * otherwise; a lazy image's `sizes` starts with `auto, ` (6.7+). An iframe with src, width and
 * height is lazy too (wp_iframe_tag_add_loading_attr).
 */
import { imageSizes, imageSrcset, srcDimensions, type AttachmentImage } from './attachment-images.ts';
import { escAttr } from './escape-html.ts';

export function filterContentTags(html: string, attachments: AttachmentImage[] = []): string {
  if (html.includes('<iframe')) html = html.replace(/<iframe\s[^>]+>/g, lazyIframe);
  if (!html.includes('<img')) return html;
  return html.replace(/<img\s[^>]*>/gi, (tag) => {
    let out = tag;
    const id = /wp-image-([0-9]+)/i.exec(tag);
    const attachment = id ? attachments.find((a) => a.id === Number(id[1])) : undefined;
    if (attachment) out = withAttachmentSize(out, attachment);
    // WordPress inserts decoding first, then loading in front of it.
    if (!/\sdecoding=/i.test(out)) out = out.replace(/^<img/i, '<img decoding="async"');
    if (!/\sloading=/i.test(out) && /\swidth=/i.test(out) && /\sheight=/i.test(out)) out = out.replace(/^<img/i, '<img loading="lazy"');
    return withAutoSizes(out);
  });
}

/** wp_img_tag_add_width_and_height_attr, then wp_img_tag_add_srcset_and_sizes_attr. */
function withAttachmentSize(tag: string, image: AttachmentImage): string {
  let out = tag;
  const src = (/src="([^"]+)"/.exec(out)?.[1] ?? '').split('?')[0];
  if (!src) return out;
  if (!out.includes(' width=') && !out.includes(' height=')) {
    const size = srcDimensions(src, image);
    if (size && size[0] && size[1]) {
      // A width forced by style scales the height with it.
      const styleWidth = Number(/style="width:\s*(\d+)px;"/.exec(out)?.[1] ?? 0);
      const [w, h] = styleWidth ? [styleWidth, Math.round((size[1] * styleWidth) / size[0])] : size;
      out = out.replace('<img', `<img width="${w}" height="${h}"`);
    }
  }
  if (out.includes(' srcset=') || !Object.keys(image.sizes).length) return out;
  const edit = /-e[0-9]{13}/.exec(image.file);
  if (edit && !src.slice(src.lastIndexOf('/') + 1).includes(edit[0])) return out;
  const width = Number(/ width="([0-9]+)"/.exec(out)?.[1] ?? 0);
  const height = Number(/ height="([0-9]+)"/.exec(out)?.[1] ?? 0);
  const size = width && height ? ([width, height] as [number, number]) : srcDimensions(src, image);
  if (!size) return out;
  const srcset = imageSrcset(image, src, size[0], size[1]);
  if (!srcset) return out;
  const sizes = out.includes(' sizes=') ? '' : ` sizes="${imageSizes(size[0])}"`;
  return out.replace(/<img ([^>]+?)[/ ]*>/, `<img $1 srcset="${escAttr(srcset)}"${sizes} />`);
}

/** wp_img_tag_add_auto_sizes: a lazy-loaded image with sizes gets "auto, " in front of them. */
function withAutoSizes(tag: string): string {
  if (!/\sloading=["']?lazy\b/i.test(tag)) return tag;
  return tag.replace(/(\ssizes=)(["'])([^"']*)\2/i, (whole, name: string, quote: string, value: string) =>
    value.split(',')[0].trim().toLowerCase() === 'auto' || value === '' ? whole : `${name}${quote}auto, ${value}${quote}`);
}

function lazyIframe(tag: string): string {
  if (tag.includes(' loading=') || !tag.includes(' src="') || !tag.includes(' width="') || !tag.includes(' height="')) return tag;
  return tag.replace('<iframe', '<iframe loading="lazy"');
}
