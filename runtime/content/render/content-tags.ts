/**
 * WordPress's wp_filter_content_tags for images in rendered content: `decoding="async"` on every
 * image, and `loading="lazy"` on those whose size is known (width and height), unless the
 * markup already says otherwise; a lazy image's `sizes` starts with `auto, ` (6.7+). An iframe
 * with src, width and height is lazy too (wp_iframe_tag_add_loading_attr).
 */
export function filterContentTags(html: string): string {
  if (html.includes('<iframe')) html = html.replace(/<iframe\s[^>]+>/g, lazyIframe);
  if (!html.includes('<img')) return html;
  return html.replace(/<img\s[^>]*>/gi, (tag) => {
    // WordPress inserts decoding first, then loading in front of it.
    let out = tag;
    if (!/\sdecoding=/i.test(out)) out = out.replace(/^<img/i, '<img decoding="async"');
    if (!/\sloading=/i.test(tag) && /\swidth=/i.test(tag) && /\sheight=/i.test(tag)) out = out.replace(/^<img/i, '<img loading="lazy"');
    return withAutoSizes(out);
  });
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
