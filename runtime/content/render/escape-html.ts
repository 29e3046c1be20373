/**
 * WordPress's esc_attr / esc_html for rendered markup: < > " ' become entities and a bare &
 * becomes &amp;, while an & that already starts an entity is kept (no double encoding).
 */
export function escAttr(text: string): string {
  return text
    .replace(/&(?!#\d+;|#x[0-9a-fA-F]+;|[a-zA-Z][a-zA-Z0-9]*;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

export const escHtml = escAttr;

/** esc_url for a URL written into markup: its & become &#038; (the rest is kept as given). */
export function escUrl(url: string): string {
  return url.trim().replace(/ /g, '%20').replace(/&(?!#038;)/g, '&#038;').replace(/'/g, '&#039;').replace(/"/g, '&quot;');
}
