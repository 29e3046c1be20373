/**
 * WordPress's wp_filter_content_tags for images in rendered content: `decoding="async"` on every
 * image, and `loading="lazy"` on those whose size is known (width and height), unless the
 * markup already says otherwise.
 */
export function filterContentTags(html: string): string {
  if (!html.includes('<img')) return html;
  return html.replace(/<img\s[^>]*>/gi, (tag) => {
    // WordPress inserts decoding first, then loading in front of it.
    let out = tag;
    if (!/\sdecoding=/i.test(out)) out = out.replace(/^<img/i, '<img decoding="async"');
    if (!/\sloading=/i.test(tag) && /\swidth=/i.test(tag) && /\sheight=/i.test(tag)) out = out.replace(/^<img/i, '<img loading="lazy"');
    return out;
  });
}
