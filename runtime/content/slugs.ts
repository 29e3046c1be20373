/**
 * Slugs as WordPress makes them (sanitize_title_with_dashes) and keeps them unique
 * (wp_unique_post_slug): `hello-world`, then `hello-world-2`, `hello-world-3`...
 */
import { isHierarchical } from '../../contract/post-types.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** Letters WordPress's remove_accents spells out that have no Unicode decomposition. */
const SPELLED: Record<string, string> = {
  ß: 's', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', œ: 'oe', Œ: 'OE', đ: 'd', Đ: 'D', ł: 'l', Ł: 'L', þ: 'th', Þ: 'TH',
  ð: 'd', Ð: 'D', ĳ: 'ij', Ĳ: 'IJ', ŉ: 'n', ſ: 's', ŀ: 'l', Ŀ: 'L', ĸ: 'k', ŋ: 'n', Ŋ: 'N', ħ: 'h', Ħ: 'H',
  ŧ: 't', Ŧ: 'T', ı: 'i', '×': 'x',
};
/** Non-ASCII punctuation WordPress drops from slugs, and the dashes and spaces it turns into hyphens. */
const DROPPED = /[¡¿«»‹›‘’“”‚‛„‟•©®°…™´ˊ\u0300\u0301\u0304\u030c\u0341\u200b-\u200f\u202a-\u202e\ufeff\ufffc]/g;
const HYPHENS = /[\u00a0\u2011\u2013\u2014]/g;

/** Accents off Latin letters only (Greek or Cyrillic marks stay, as remove_accents leaves them). */
function removeLatinAccents(text: string): string {
  return text
    .replace(/[\u00c0-\u024f\u1e00-\u1eff]/g, (ch) => SPELLED[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))
    .replace(/[ß×]/g, (ch) => SPELLED[ch]);
}

/**
 * Title → slug as WordPress stores it (sanitize_title_with_dashes): tags and Latin accents
 * removed, lower case, words joined by single hyphens, other letters kept percent-encoded
 * (`привет` → `%d0%bf...`). `decodeSlug` gives the readable form (generated_slug).
 */
export function sanitizeTitle(title: string): string {
  let s = title.replace(/<[^>]*>/g, '');
  s = removeLatinAccents(s).toLowerCase();
  s = s.replace(/&[a-z0-9#]+;/g, '');
  s = s.replace(HYPHENS, '-').replace(DROPPED, '');
  s = s.replace(/[.\/]/g, '-');
  s = s.replace(/[^a-z0-9 _\-\u0080-\u{10ffff}]/gu, '');
  s = s.replace(/[\u0080-\u{10ffff}]+/gu, (m) => encodeURIComponent(m).toLowerCase());
  s = s.replace(/\s+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  return s;
}

export function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/** Statuses whose slug WordPress leaves as given (not yet unique): drafts and pending posts. */
const LOOSE = new Set(['draft', 'pending', 'auto-draft']);

/**
 * The first free slug for an item of `type`: WordPress checks posts of the same type; for
 * hierarchical types (pages) only siblings under the same parent collide.
 */
export async function uniqueSlug(
  db: Kysely<Database>,
  slug: string,
  item: { id: number; type: string; status: string; parent: number },
): Promise<string> {
  if (!slug || LOOSE.has(item.status)) return slug;
  const hierarchical = isHierarchical(item.type);
  const taken = async (candidate: string) => {
    let q = db.selectFrom('posts').select('id').where('slug', '=', candidate).where('id', '!=', item.id);
    // An attachment's slug is unique across every type (its page lives at the site root).
    if (item.type === 'attachment') return (await q.limit(1).executeTakeFirst()) !== undefined;
    if (hierarchical) q = q.where('type', 'in', ['page', 'attachment']).where('parent', '=', item.parent);
    else q = q.where('type', '=', item.type);
    return (await q.limit(1).executeTakeFirst()) !== undefined;
  };
  if (!(await taken(slug))) return slug;
  for (let n = 2; ; n++) {
    const candidate = `${slug}-${n}`;
    if (!(await taken(candidate))) return candidate;
  }
}
