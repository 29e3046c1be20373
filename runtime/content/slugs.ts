/**
 * Slugs as WordPress makes them (sanitize_title_with_dashes) and keeps them unique
 * (wp_unique_post_slug): `hello-world`, then `hello-world-2`, `hello-world-3`...
 */
import { sql, type Compilable, type Kysely, type SelectQueryBuilder } from 'kysely';
import { isHierarchical, isMediaType } from '../../contract/post-types.ts';
import type { Database } from '../store/schema.ts';
import { escapeLike, plainNumber } from '../store/portable-sql.ts';
import { reusableQuery } from '../store/reusable-query.ts';
import { lockName } from '../store/write-guards.ts';

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

/** An item whose slug is checked; `slug` is what it holds now (sampleSlug needs it to use a counter). */
type SlugItem = { id: number; type: string; status: string; parent: number; slug?: string };

/**
 * A free slug for an item of `type`, reserved for a write: WordPress checks posts of the same
 * type; for hierarchical types (pages) only siblings under the same parent collide. Not one
 * query per candidate (a create slowed down with every post titled alike), and not a sort of
 * every numbered slug either (the same, at thousands alike): a free slug costs one
 * indexed lookup; a taken one, one keyed increment of the scope's counter (`slug_counters`) and
 * a lookup confirming the pick, while the counter knows no number below it is missing. Otherwise
 * (a `slug-3` deleted or renamed, a number given by hand) the numbered slugs are read and the
 * first free number taken, as wp_unique_post_slug fills a gap; the counter then says again what
 * is held.
 *
 * Concurrent writers (PostgreSQL) take turns per slug, not per site: the slug checked is locked by
 * name (store/write-guards.ts) from its check to the commit, whatever the scope (an attachment's
 * scope is every item), and so is a numbered pick before it is confirmed free: an item titled
 * `hello 2` may be taking `hello-2` meanwhile. Locks are taken in growing slug length, so two
 * writers of one slug never wait for each other in a cycle.
 */
export async function uniqueSlug(db: Kysely<Database>, slug: string, item: SlugItem): Promise<string> {
  if (!slug || LOOSE.has(item.status)) return slug;
  await lockName(db, 'slug', slug);
  const scope = scopeOf(db, item);
  if (!(await scope.isTaken(slug))) return slug;

  const key = { scope: scopeKey(item), base: slug };
  const counted = await bumpCounter(db, key);
  // No number below it missing: the next is the first free one, and the counter stays so (migration 150).
  if (counted?.dense && (await claimed(db, scope, `${slug}-${counted.highest}`))) return `${slug}-${counted.highest}`;
  // No counter yet (a database from before the counters, or slugs written by other means), a gap,
  // or its number taken (a slug given by hand, or by a writer of that very slug meanwhile): the
  // first free number from the slugs themselves.
  for (;;) {
    const { next, highest, dense, confirmed } = await firstFreeFromSlugs(scope, slug, (candidate) => claimed(db, scope, candidate));
    if (!confirmed && !(await claimed(db, scope, `${slug}-${next}`))) continue;
    await setCounter(db, key, highest, dense);
    return `${slug}-${next}`;
  }
}

/** Locks `candidate` by name and answers whether it is still free (read after the lock, so after any commit of it). */
async function claimed(db: Kysely<Database>, scope: ReturnType<typeof scopeOf>, candidate: string): Promise<boolean> {
  await lockName(db, 'slug', candidate);
  return !(await scope.isTaken(candidate));
}

/**
 * The slug WordPress's get_sample_permalink shows for an item (generated_slug): `slug` if no
 * other item in scope holds it, else `slug-N` with the first N from 2 that no other item holds,
 * as wp_unique_post_slug counts. The item's own slug never counts against it, so a published
 * `hello-2` shows `hello-2` (not the number the next write would get). A read: nothing is
 * reserved or written.
 */
export async function sampleSlug(db: Kysely<Database>, slug: string, item: SlugItem): Promise<string> {
  if (!slug || LOOSE.has(item.status)) return slug;
  const scope = scopeOf(db, item);
  if (!(await scope.isTaken(slug))) return slug;
  const fromCounter = await sampleFromCounter(db, scope, slug, item);
  if (fromCounter !== undefined) return fromCounter;
  // The number a write would take from the slugs themselves (nothing written here).
  return `${slug}-${(await firstFreeFromSlugs(scope, slug)).next}`;
}

/**
 * sampleSlug from a counter without gaps (every `slug-N` from 2 to its highest H is held): the
 * item's own number if no other item holds it too (the item holds one slug, so every number below
 * its own is someone else's), else H + 1 if free. Undefined when the counter cannot tell.
 */
async function sampleFromCounter(db: Kysely<Database>, scope: ReturnType<typeof scopeOf>, slug: string, item: SlugItem): Promise<string | undefined> {
  if (item.slug === undefined) return undefined;
  const [counter] = await COUNTER(db, scopeKey(item), slug);
  if (!counter || Number(counter.dense) !== 1) return undefined;
  const highest = Number(counter.highest);
  const own = suffixOf(slug, item.slug);
  if (own !== undefined && own >= 2 && own <= highest && !(await scope.isTaken(`${slug}-${own}`))) return `${slug}-${own}`;
  return (await scope.isTaken(`${slug}-${highest + 1}`)) ? undefined : `${slug}-${highest + 1}`;
}

const COUNTER = reusableQuery((db: Kysely<Database>, scope: string, base: string) =>
  db.selectFrom('slug_counters').select(['highest', 'dense']).where('scope', '=', scope).where('base', '=', base),
);

/** The slug reads of an item's scope, each compiled once per scope shape (see scopedQuery). */
function scopeOf(db: Kysely<Database>, item: SlugItem) {
  const isTaken = async (candidate: string) => (await TAKEN(db, item, candidate)).length > 0;
  const plainNumbers = async (slug: string) => {
    const [row] = await PLAIN_NUMBERS(db, item, `${slug}-1`, `${slug}-:`, slug.length + 2, slug.length + 1 + MAX_DIGITS);
    return { count: Number(row?.count ?? 0), highest: row?.highest == null ? undefined : Number(row.highest) };
  };
  return { isTaken, numbered: (slug: string) => NUMBERED(db, item, `${slug}-0`, `${slug}-:`), plainNumbers, like: (pattern: string) => LIKE(db, item, pattern) };
}

type InScope = SelectQueryBuilder<Database, 'posts', { slug: string }>;

/**
 * A read of the slugs `item`'s slug must not equal, narrowed by `narrow`: WordPress compares with
 * posts of the same type; pages only with siblings under the same parent (and attachments
 * there); an attachment with every item, as its page lives at the site root. One compiled
 * statement per shape, the item's values and `narrow`'s arguments bound.
 */
function scopedQuery<A extends unknown[], R = { slug: string }>(narrow: (q: InScope, ...args: A) => Compilable<R>) {
  const base = (db: Kysely<Database>, id: number) => db.selectFrom('posts').select('slug').where('id', '!=', id);
  const siblings = reusableQuery((db: Kysely<Database>, id: number, type: string, parent: number, ...args: A) =>
    narrow(base(db, id).where('type', 'in', [type, 'attachment']).where('parent', '=', parent), ...args),
  );
  const sameType = reusableQuery((db: Kysely<Database>, id: number, type: string, ...args: A) => narrow(base(db, id).where('type', '=', type), ...args));
  const everything = reusableQuery((db: Kysely<Database>, id: number, ...args: A) => narrow(base(db, id), ...args));
  return (db: Kysely<Database>, item: SlugItem, ...args: A): Promise<R[]> => {
    if (isHierarchical(item.type)) return siblings(db, item.id, item.type, item.parent, ...args);
    return isMediaType(item.type) ? everything(db, item.id, ...args) : sameType(db, item.id, item.type, ...args);
  };
}

/** The most digits a slug's number has (2^53 has 16): longer ones are not numbers WordPress counts to. */
const MAX_DIGITS = 15;
const TAKEN = scopedQuery((q, slug: string) => q.where('slug', '=', slug).limit(1));
// `slug-<digit>…` sorts between `slug-0` and `slug-:` byte-wise, so the index serves a range.
const NUMBERED = scopedQuery((q, from: string, to: string) => q.where('slug', '>=', from).where('slug', '<', to));
// How many distinct `slug-N` (N ≥ 2, a plain number) there are, and the highest N: one pass over
// the index range after `slug-1` (`from`, itself left out), in SQLite's or PostgreSQL's own code.
const PLAIN_NUMBERS = scopedQuery((q, from: string, to: string, numberAt: number, longest: number) =>
  q
    .clearSelect()
    .select([sql<number>`count(distinct slug)`.as('count'), sql<number | null>`max(cast(substr(slug, ${numberAt}) as bigint))`.as('highest')])
    .where('slug', '>=', from)
    .where('slug', '<', to)
    .where('slug', '!=', from)
    .where(sql`length(slug)`, '<=', longest)
    .where(plainNumber(sql<string>`substr(slug, ${numberAt})`)),
);
const LIKE = scopedQuery((q, pattern: string) => q.where(sql<boolean>`${sql.ref('slug')} like ${pattern} escape '\\'`));

/** The counter's key part naming what a slug must not collide with (see scopedQuery above). */
function scopeKey(item: SlugItem): string {
  if (isHierarchical(item.type)) return `${item.type}/${item.parent}`;
  return isMediaType(item.type) ? '*' : item.type;
}

type CounterKey = { scope: string; base: string };

/**
 * The next number, taken in one statement (so two writers never get the same one), with whether
 * the counter knew no number below it missing. The update locks the row until the transaction ends.
 */
async function bumpCounter(db: Kysely<Database>, key: CounterKey): Promise<{ highest: number; dense: boolean } | undefined> {
  const [row] = await BUMP(db, key.scope, key.base);
  return row ? { highest: Number(row.highest), dense: Number(row.dense) === 1 } : undefined;
}

const BUMP = reusableQuery((db: Kysely<Database>, scope: string, base: string) =>
  db.updateTable('slug_counters').set({ highest: sql`highest + 1` }).where('scope', '=', scope).where('base', '=', base).returning(['highest', 'dense']),
);

/** Sets the counter to what the slugs now hold (its row was just locked by the increment, or is new). */
async function setCounter(db: Kysely<Database>, key: CounterKey, highest: number, dense: boolean): Promise<void> {
  await db
    .insertInto('slug_counters')
    .values({ ...key, highest, dense: dense ? 1 : 0 })
    .onConflict((oc) => oc.columns(['scope', 'base']).doUpdateSet({ highest: sql`excluded.highest`, dense: sql`excluded.dense` }))
    .execute();
}

/**
 * WordPress's first free `slug-N` (N from 2), the highest number held once it is taken, and
 * whether none below that is missing then. Mostly none is missing (creates count up): one
 * aggregate over the index range answers; a gap reads the numbered slugs. If the pick is taken
 * all the same (a collation that sorts otherwise, PostgreSQL with a locale, left it out of the
 * range), every numbered slug of the scope is read and the counter claims nothing. `isFree`
 * confirms the pick (a write locks it first); `confirmed` says whether the answer passed it.
 */
async function firstFreeFromSlugs(
  scope: ReturnType<typeof scopeOf>,
  slug: string,
  isFree: (candidate: string) => Promise<boolean> = async (candidate) => !(await scope.isTaken(candidate)),
): Promise<{ next: number; highest: number; dense: boolean; confirmed: boolean }> {
  const { count, highest = 1 } = await scope.plainNumbers(slug);
  // `count` numbers are held from 2 to `highest`: with none missing the next is one past it; else
  // the first gap, and none is missing afterwards only when it was the one gap.
  const gapless = count === highest - 1;
  const next = gapless ? highest + 1 : firstFree(slug, await scope.numbered(slug));
  const dense = gapless || count + 1 === highest - 1;
  if (await isFree(`${slug}-${next}`)) return { next, highest: Math.max(highest, next), dense, confirmed: true };
  const fallback = await firstFreeOfAll(scope, slug);
  return { next: fallback, highest: Math.max(highest, fallback), dense: false, confirmed: false };
}

/** The first N from 2 for which no slug in `taken` is `slug-N`. */
function firstFree(slug: string, taken: Array<{ slug: string }>): number {
  const numbers = new Set(taken.map((r) => suffixOf(slug, r.slug)));
  let n = 2;
  while (numbers.has(n)) n++;
  return n;
}

/** firstFree over every `slug-…` in scope, read whatever the collation (no index range). */
async function firstFreeOfAll(scope: ReturnType<typeof scopeOf>, slug: string): Promise<number> {
  return firstFree(slug, await scope.like(`${escapeLike(slug)}-%`));
}


/** N of `slug-N`, or undefined when the rest is not a plain number. */
function suffixOf(slug: string, taken: string): number | undefined {
  const rest = taken.slice(slug.length + 1);
  return /^[1-9]\d{0,14}$/.test(rest) ? Number(rest) : undefined;
}
