/**
 * Writes of posts and pages inside one transaction: the row, its slug and guid, terms, sticky
 * list, meta and featured image, trash and permanent delete. Callers decide what may be written.
 */
import { isHierarchical, supports } from '../../contract/post-types.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { gmtFromLocal, localFromGmt, gmtNow, ZERO_DATE } from './dates.ts';
import type { Zone } from 'luxon';
import { guidFor, linkFor } from './links.ts';
import { writeMeta, writeNewPostMeta, type MetaSchema } from './meta.ts';
import { getOption, getOptionToChange, setOption } from './options.ts';
import type { PostRow } from './prepare.ts';
import { THUMBNAIL_KEY } from './prepare.ts';
import { decodeSlug, sanitizeTitle, uniqueSlug } from './slugs.ts';
import { defaultCategory, existingTermIds, refreshCounts, setNewPostTerms, setPostTerms, termIdsOfPost } from './terms.ts';
import type { PostChanges } from './write.ts';
import { nextId } from '../store/next-id.ts';
import { reusableQuery } from '../store/reusable-query.ts';

type Db = Kysely<Database> | Transaction<Database>;
const FLOATING = new Set(['draft', 'pending', 'auto-draft']);
const MINUTE_MS = 60_000;

/** Publish ⇄ future by the GMT date, as wp_insert_post does (a minute of tolerance). */
function scheduleStatus(status: string, dateGmt: string, now: Date): string {
  if (dateGmt === ZERO_DATE) return status;
  const delta = Date.parse(dateGmt.replace(' ', 'T') + 'Z') - now.getTime();
  if (status === 'publish' && delta >= MINUTE_MS) return 'future';
  if (status === 'future' && delta < MINUTE_MS) return 'publish';
  return status;
}

/** The dates and status of the row to store, from the changes and what was there. */
function settleDates(changes: PostChanges, existing: PostRow | undefined, zone: Zone, now: Date) {
  const status = changes.row.status ?? existing?.status ?? 'draft';
  const nowGmt = gmtNow(now);
  let date = changes.row.date ?? existing?.date;
  let dateGmt = changes.row.date_gmt ?? existing?.date_gmt;
  // A draft whose date was never set floats: it takes the current time at every save.
  const floating = !changes.editDate && (!existing || existing.date_gmt === ZERO_DATE || changes.clearDate) && FLOATING.has(existing?.status ?? status);
  if (!date || floating) date = localFromGmt(nowGmt, zone);
  if (!dateGmt || dateGmt === ZERO_DATE || (floating && !changes.editDate)) {
    dateGmt = FLOATING.has(status) && !changes.editDate ? ZERO_DATE : gmtFromLocal(date, zone);
  }
  // wp_insert_post: a new item was last modified at its own date (a back-dated post stays old for
  // orderby=modified and modified_after); an update is modified now.
  if (!existing) return { status: scheduleStatus(status, dateGmt, now), date, date_gmt: dateGmt, modified: date, modified_gmt: dateGmt === ZERO_DATE ? gmtFromLocal(date, zone) : dateGmt };
  return { status: scheduleStatus(status, dateGmt, now), date, date_gmt: dateGmt, modified: localFromGmt(nowGmt, zone), modified_gmt: nowGmt };
}

/** Every column an inserted row needs, with WordPress's defaults. */
export const BLANK_POST = {
  author: 0, type: 'post', status: 'draft', slug: '', title: '', content: '', excerpt: '', password: '', parent: 0,
  menu_order: 0, comment_status: 'open', ping_status: 'open', format: 'standard', template: '', mime_type: '', guid: '',
  date: '', date_gmt: '', modified: '', modified_gmt: '', comment_count: 0,
};

/** get_default_comment_status: pages start closed to comments and pings; posts open. */
function defaultDiscussion(type: string): { comment_status: string; ping_status: string } {
  return supports(type, 'comments') ? { comment_status: 'open', ping_status: 'open' } : { comment_status: 'closed', ping_status: 'closed' };
}

export async function setSticky(db: Db, id: number, sticky: boolean): Promise<void> {
  const list = await getOptionToChange<number[]>(db as Kysely<Database>, 'sticky_posts', []);
  const ids = (Array.isArray(list) ? list : []).map(Number).filter((x) => x !== id);
  if (sticky) ids.push(id);
  await setOption(db as Kysely<Database>, 'sticky_posts', ids);
}

async function setThumbnail(db: Db, id: number, media: number): Promise<boolean> {
  await db.deleteFrom('postmeta').where('post_id', '=', id).where('meta_key', '=', THUMBNAIL_KEY).execute();
  if (!media) return true;
  const found = await db.selectFrom('posts').select('id').where('id', '=', media).where('type', '=', 'attachment').executeTakeFirst();
  if (!found) return false;
  await db.insertInto('postmeta').values({ post_id: id, meta_key: THUMBNAIL_KEY, meta_value: JSON.stringify(media) }).execute();
  return true;
}

export interface SaveInput {
  type: string;
  changes: PostChanges;
  existing?: PostRow;
  authorId: number;
  zone: Zone;
  now: Date;
  siteUrl: string;
  metaSchema: MetaSchema;
}

/** Inserts or updates the row and its relations; returns the id and whether the featured media was valid. */
/** The slugs of a page and its ancestors joined by `/`, for its pretty link. */
async function pagePath(db: Db, row: { slug: string; parent: number }): Promise<string> {
  const parts = [row.slug];
  let parent = row.parent;
  for (let depth = 0; parent && depth < 20; depth++) {
    const p = await db.selectFrom('posts').select(['slug', 'parent']).where('id', '=', parent).executeTakeFirst();
    if (!p) break;
    parts.unshift(p.slug);
    parent = p.parent;
  }
  return parts.join('/');
}

const POST_COLUMNS = Object.keys(BLANK_POST) as Array<keyof typeof BLANK_POST>;
const BLANK_KEYS = new Set<string>(POST_COLUMNS);

// Every create runs this insert: compiled once, the id then one value per column in BLANK_POST's order.
const INSERT_POST = reusableQuery((db: Kysely<Database>, id: number, ...values: unknown[]) =>
  db.insertInto('posts').values({ id, ...Object.fromEntries(POST_COLUMNS.map((column, i) => [column, values[i]])) } as never),
);

/**
 * The row as stored. When every column is given with its column's own type, the row is exactly
 * what was given, so it is not read back: RETURNING * cost about a sixth of the insert on SQLite.
 */
async function insertPost(trx: Transaction<Database>, id: number, fields: Record<string, unknown>): Promise<PostRow> {
  const plain = Object.keys(fields).every((k) => BLANK_KEYS.has(k)) && POST_COLUMNS.every((c) => typeof fields[c] === typeof BLANK_POST[c]);
  if (!plain) return (await trx.insertInto('posts').values({ ...fields, id } as never).returningAll().executeTakeFirstOrThrow()) as PostRow;
  await INSERT_POST(trx, id, ...POST_COLUMNS.map((c) => fields[c]));
  return { id, ...Object.fromEntries(POST_COLUMNS.map((c) => [c, fields[c]])) } as PostRow;
}

/** An update: the row, then its slug made unique among its kind if it must change. */
async function updatePost(trx: Transaction<Database>, existing: PostRow, base: Record<string, unknown>): Promise<PostRow> {
  const row = await trx.updateTable('posts').set(base).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
  // Published items get a slug from the title (or the id) that is unique among their kind.
  const wanted = row.slug || (FLOATING.has(row.status) ? '' : sanitizeTitle(row.title) || String(row.id));
  const slug = await uniqueSlug(trx, wanted, row);
  if (slug !== row.slug) await trx.updateTable('posts').set({ slug }).where('id', '=', row.id).execute();
  return { ...row, slug };
}

/**
 * A create in one insert: the id is taken first (nextId), so that the slug (made unique among
 * its kind, or made from the id when the title gives none) and the guid are known before the
 * row is written, not set by an update after it.
 */
async function createPost(trx: Transaction<Database>, input: SaveInput, base: Record<string, unknown>): Promise<{ row: PostRow; generatedSlug?: string }> {
  const { type } = input;
  const fields = { ...BLANK_POST, author: input.authorId, type, ...defaultDiscussion(type), ...base } as typeof BLANK_POST & Record<string, unknown>;
  const id = await nextId(trx, 'posts');
  // Drafts and pending items keep the slug they are given (none, unless given) until published.
  const fromTitle = !fields.slug && !FLOATING.has(fields.status);
  const slug = fields.slug || (fromTitle ? sanitizeTitle(fields.title) || String(id) : '');
  fields.slug = await uniqueSlug(trx, slug, { id, type, status: fields.status, parent: fields.parent });
  // WordPress stores the permalink the item has when it is created as its guid, for good.
  const structure = String((await getOption(trx as Kysely<Database>, 'permalink_structure', '')) ?? '');
  const planned = { ...fields, id } as PostRow;
  const path = isHierarchical(type) ? await pagePath(trx, planned) : fields.slug;
  fields.guid = structure ? linkFor({ structure, siteUrl: input.siteUrl }, planned, path) : guidFor(input.siteUrl, type, id);
  const row = await insertPost(trx, id, fields);
  // A slug just made unique from the title is the one generated_slug shows (the first free
  // number, which nobody else holds), so the answer needs not look for it again.
  return { row, generatedSlug: fromTitle ? decodeSlug(row.slug) : undefined };
}

/**
 * Returns the row as saved, so that the answer needs not read it again, and for a create whose
 * slug came from its title, the generated_slug it shows.
 */
export async function savePost(trx: Transaction<Database>, input: SaveInput): Promise<{ id: number; row: PostRow; generatedSlug?: string }> {
  const { changes, existing, type } = input;
  const dates = settleDates(changes, existing, input.zone, input.now);
  const base = { ...changes.row, ...dates };
  const created = existing ? undefined : await createPost(trx, input, base);
  const saved = created?.row ?? (await updatePost(trx, existing!, base));
  const id = saved.id;

  if (supports(type, 'terms')) {
    if (!existing) {
      const categories = changes.categories ? await existingTermIds(trx, 'category', changes.categories) : [await defaultCategory(trx)];
      const tags = changes.tags ? await existingTermIds(trx, 'post_tag', changes.tags) : [];
      await setNewPostTerms(trx, id, [...categories, ...tags], saved.status === 'publish');
    } else {
      if (changes.categories) await setPostTerms(trx, id, 'category', await existingTermIds(trx, 'category', changes.categories));
      if (changes.tags) await setPostTerms(trx, id, 'post_tag', await existingTermIds(trx, 'post_tag', changes.tags));
    }
    if (existing && existing.status !== saved.status) await refreshCounts(trx, await termIdsOfPost(trx, id));
    if (changes.sticky !== undefined) await setSticky(trx, id, changes.sticky);
  }
  if (changes.meta) await (existing ? writeMeta : writeNewPostMeta)(trx, id, changes.meta, input.metaSchema);
  // An id that is not a media item is ignored, as WordPress 6.1 does (it answers 200, unset).
  if (changes.featuredMedia !== undefined) await setThumbnail(trx, id, changes.featuredMedia);
  return { id, row: saved, generatedSlug: created?.generatedSlug };
}

/** wp_trash_post: remembers the status, marks the slug `__trashed`, sets status trash. */
export async function trashPost(trx: Transaction<Database>, post: PostRow, now: Date, zone: Zone): Promise<void> {
  const meta = [
    { post_id: post.id, meta_key: '_wp_trash_meta_status', meta_value: JSON.stringify(post.status) },
    { post_id: post.id, meta_key: '_wp_trash_meta_time', meta_value: JSON.stringify(Math.floor(now.getTime() / 1000)) },
  ];
  await trx.deleteFrom('postmeta').where('post_id', '=', post.id).where('meta_key', 'in', meta.map((m) => m.meta_key)).execute();
  await trx.insertInto('postmeta').values(meta).execute();
  const slug = post.slug ? `${post.slug}__trashed` : post.slug;
  const nowGmt = gmtNow(now);
  await trx.updateTable('posts').set({ status: 'trash', slug, modified: localFromGmt(nowGmt, zone), modified_gmt: nowGmt }).where('id', '=', post.id).execute();
  await refreshCounts(trx, await termIdsOfPost(trx, post.id));
}

/** Deletes the item with its meta, terms, revisions and autosaves, and unsticks it. */
export async function deletePostForever(trx: Transaction<Database>, post: PostRow): Promise<void> {
  const children = await trx.selectFrom('posts').select('id').where('parent', '=', post.id).where('type', '=', 'revision').execute();
  const ids = [post.id, ...children.map((c) => c.id)];
  const terms = await termIdsOfPost(trx, post.id);
  await trx.deleteFrom('postmeta').where('post_id', 'in', ids).execute();
  await trx.deleteFrom('term_relationships').where('post_id', 'in', ids).execute();
  await trx.deleteFrom('posts').where('id', 'in', ids).execute();
  // Child pages move up to the deleted page's parent, as wp_delete_post does.
  if (isHierarchical(post.type)) await trx.updateTable('posts').set({ parent: post.parent }).where('parent', '=', post.id).where('type', '=', post.type).execute();
  await refreshCounts(trx, terms);
  if (supports(post.type, 'sticky')) await setSticky(trx, post.id, false);
}

/** Future posts whose time has come become published (WordPress's scheduled publish). */
export async function publishDue(db: Kysely<Database>, now: Date): Promise<void> {
  const due = await db.selectFrom('posts').select('id').where('status', '=', 'future').where('date_gmt', '<=', gmtNow(now)).execute();
  if (!due.length) return;
  await db.transaction().execute(async (trx) => {
    const ids = due.map((d) => d.id);
    await trx.updateTable('posts').set({ status: 'publish' }).where('id', 'in', ids).execute();
    for (const id of ids) await refreshCounts(trx, await termIdsOfPost(trx, id));
  });
}
