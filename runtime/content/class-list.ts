/**
 * `class_list`: the CSS classes WordPress's get_post_class gives an item's container, which the
 * REST API publishes since 6.5. Pure: the item and what it is tied to in, the classes out.
 */
import { isMediaType, supports } from '../../contract/post-types.ts';

export interface ClassListInput {
  id: number;
  type: string;
  status: string;
  /** Post format; only types with formats (posts) get a `format-` class. */
  format?: string;
  hasPassword: boolean;
  /** Whether the caller has not unlocked the password (post_password_required). */
  passwordRequired: boolean;
  hasThumbnail: boolean;
  /** Terms by taxonomy, in WordPress's order (by name). */
  categories?: Array<{ id: number; slug: string }>;
  tags?: Array<{ id: number; slug: string }>;
}

/** sanitize_html_class: percent-encoded bytes and anything but letters, digits, `_` and `-` go. */
export function sanitizeHtmlClass(value: string): string {
  return value.replace(/%[a-fA-F0-9]{2}/g, '').replace(/[^A-Za-z0-9_-]/g, '');
}

/** A term's class: its slug, or its id when the slug leaves nothing usable (or only digits). */
function termClass(prefix: string, term: { id: number; slug: string }): string {
  const clean = sanitizeHtmlClass(term.slug);
  return `${prefix}-${clean === '' || /^\d+$/.test(clean) ? term.id : clean}`;
}

export function postClassList(item: ClassListInput): string[] {
  const type = sanitizeHtmlClass(item.type);
  const out = [`post-${item.id}`, type, `type-${type}`, `status-${sanitizeHtmlClass(item.status)}`];
  if (supports(item.type, 'formats')) out.push(`format-${sanitizeHtmlClass(item.format || 'standard')}`);
  if (item.passwordRequired) out.push('post-password-required');
  else if (item.hasPassword) out.push('post-password-protected');
  if (item.hasThumbnail && !isMediaType(item.type) && !item.passwordRequired) out.push('has-post-thumbnail');
  out.push('hentry');
  for (const term of item.categories ?? []) out.push(termClass('category', term));
  for (const term of item.tags ?? []) out.push(termClass('tag', term));
  // A format other than standard is a term of the post_format taxonomy, named as such.
  if (supports(item.type, 'formats') && item.format && item.format !== 'standard') out.push(`post_format-post-format-${sanitizeHtmlClass(item.format)}`);
  return [...new Set(out)];
}
