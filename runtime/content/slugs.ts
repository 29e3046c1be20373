/**
 * Slugs as WordPress makes them (sanitize_title_with_dashes) and keeps them unique
 * (wp_unique_post_slug): `hello-world`, then `hello-world-2`, `hello-world-3`...
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** Title → slug: tags and accents removed, lower case, words joined by single hyphens. */
export function sanitizeTitle(title: string): string {
  let s = title.replace(/<[^>]*>/g, '');
  s = s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  // Letters that have no decomposition but that WordPress's remove_accents still spells out.
  s = s.replace(/ß/g, 'ss').replace(/æ/g, 'ae').replace(/Æ/g, 'AE').replace(/ø/g, 'o').replace(/Ø/g, 'O')
    .replace(/œ/g, 'oe').replace(/Œ/g, 'OE').replace(/đ/g, 'd').replace(/Đ/g, 'D').replace(/ł/g, 'l').replace(/Ł/g, 'L')
    .replace(/þ/g, 'th').replace(/Þ/g, 'TH').replace(/ð/g, 'd').replace(/Ð/g, 'D');
  s = s.toLowerCase();
  s = s.replace(/&[a-z0-9#]+;/g, '');
  s = s.replace(/[.\/]/g, '-');
  // Anything else that is not a word character, space or hyphen goes; non-ASCII letters
  // (e.g. CJK) are kept percent-encoded by WordPress: we keep them as encoded octets too.
  s = s.replace(/[^a-z0-9 _\-\u0080-\uffff]/g, '');
  s = s.replace(/[\u0080-\uffff]+/g, (m) => (/\p{L}|\p{N}/u.test(m) ? encodeURIComponent(m).toLowerCase() : ''));
  s = s.replace(/\s+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  return s;
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
  const hierarchical = item.type === 'page';
  const taken = async (candidate: string) => {
    let q = db.selectFrom('posts').select('id').where('slug', '=', candidate).where('id', '!=', item.id);
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
