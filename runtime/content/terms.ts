/**
 * Categories and tags: the terms table, the post↔term relationships, per-term published counts
 * and the default category ("Uncategorized", option `default_category`) that posts get when
 * they are created without one.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TermsTable } from '../store/schema.ts';
import { getOption, setOption } from './options.ts';
import { sanitizeTitle } from './slugs.ts';
import { reusableQuery } from '../store/reusable-query.ts';
import { batchWritesOf } from '../store/batch-writes.ts';
import { lockName, lockRows } from '../store/write-guards.ts';
import { countsAtCommit, noteTermCounts } from '../store/term-count-notes.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type Taxonomy = 'category' | 'post_tag';

export type TermRow = Selectable<TermsTable>;

/** The default category's id, creating "Uncategorized" on a fresh site. */
export async function defaultCategory(db: Db): Promise<number> {
  // A batch's run of creates finds it once (only an item of another kind could remove it).
  const pending = batchWritesOf(db as Kysely<Database>);
  const found = pending?.remembered<number>('default_category');
  if (found) return found;
  const id = Number(await getOption(db as Kysely<Database>, 'default_category', 0));
  if (id && (await CATEGORY_BY_ID(db as Kysely<Database>, id)).length) {
    pending?.remember('default_category', id);
    return id;
  }
  // Two first posts at once must not make two "Uncategorized": the making takes turns.
  await lockName(db as Kysely<Database>, 'default_category');
  const existing = await db.selectFrom('terms').select('id').where('taxonomy', '=', 'category').where('slug', '=', 'uncategorized').executeTakeFirst();
  const termId = existing?.id ?? (await addTerm(db, { taxonomy: 'category', name: 'Uncategorized' })).id;
  await setOption(db as Kysely<Database>, 'default_category', termId);
  return termId;
}

export async function addTerm(
  db: Db,
  input: { taxonomy: Taxonomy; name: string; slug?: string; parent?: number; description?: string },
): Promise<TermRow> {
  const base = sanitizeTitle(input.slug || input.name) || 'term';
  // Writers of one term slug take turns from its check to the commit (store/write-guards.ts);
  // each candidate is locked before it is checked, as another term may be named `base 2`.
  const taken = async (candidate: string) => {
    await lockName(db as Kysely<Database>, 'term', input.taxonomy, candidate);
    return Boolean(await db.selectFrom('terms').select('id').where('taxonomy', '=', input.taxonomy).where('slug', '=', candidate).executeTakeFirst());
  };
  let slug = base;
  for (let n = 2; await taken(slug); n++) slug = `${base}-${n}`;
  const row = { taxonomy: input.taxonomy, name: input.name, slug, description: input.description ?? '', parent: input.parent ?? 0, count: 0 };
  const { id } = await db.insertInto('terms').values(row).returning('id').executeTakeFirstOrThrow();
  return { id, ...row };
}

export async function listTerms(db: Db, taxonomy?: Taxonomy): Promise<TermRow[]> {
  let q = db.selectFrom('terms').selectAll().orderBy('taxonomy').orderBy('name');
  if (taxonomy) q = q.where('taxonomy', '=', taxonomy);
  return q.execute();
}

// Every create without categories checks its default category: compiled once.
const CATEGORY_BY_ID = reusableQuery((db: Kysely<Database>, id: number) => db.selectFrom('terms').select('id').where('id', '=', id).where('taxonomy', '=', 'category'));

/** The ids among `ids` that are terms of `taxonomy`; WordPress drops the others silently. */
export async function existingTermIds(db: Db, taxonomy: Taxonomy, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('terms').select('id').where('taxonomy', '=', taxonomy).where('id', 'in', ids).execute();
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => found.has(id));
}

/** `ids` plus every descendant category (include_children). */
export async function withDescendants(db: Db, ids: number[]): Promise<number[]> {
  const all = new Set(ids);
  let frontier = ids;
  while (frontier.length) {
    const rows = await db.selectFrom('terms').select('id').where('parent', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((id) => !all.has(id));
    frontier.forEach((id) => all.add(id));
  }
  return [...all];
}

/** Replaces the post's terms of one taxonomy and refreshes the counts of the terms touched. */
export async function setPostTerms(db: Db, postId: number, taxonomy: Taxonomy, ids: number[]): Promise<void> {
  const before = await db
    .selectFrom('term_relationships')
    .innerJoin('terms', 'terms.id', 'term_relationships.term_id')
    .select('terms.id')
    .where('term_relationships.post_id', '=', postId)
    .where('terms.taxonomy', '=', taxonomy)
    .execute();
  const old = before.map((r) => r.id);
  if (old.length) await db.deleteFrom('term_relationships').where('post_id', '=', postId).where('term_id', 'in', old).execute();
  if (ids.length) await db.insertInto('term_relationships').values(ids.map((term_id) => ({ post_id: postId, term_id }))).execute();
  await refreshCounts(db, [...old, ...ids]);
}

/**
 * The terms of a post created in this transaction, which held none before: each term's count
 * goes up by one if the post is published, instead of a recount (a count over every post of the
 * term, which grows with the category and would be paid by every create). Every other change of
 * terms or status recounts, which also settles a count that drifted.
 */
export async function setNewPostTerms(db: Db, postId: number, ids: number[], published: boolean): Promise<void> {
  // A statement per term, each compiled once: a create has one term (its default category) or a few.
  // In id order: on SQLite each increment locks its term's row until the commit, and two writers
  // that lock rows in one order never wait for each other in a cycle.
  const pending = batchWritesOf(db as Kysely<Database>);
  const atCommit = countsAtCommit(db as Kysely<Database>);
  for (const termId of [...new Set(ids)].sort((a, b) => a - b)) {
    // In a batch, written with the other creates' at once (store/batch-writes.ts).
    if (pending) {
      pending.relate(postId, termId);
      if (published) pending.countOneMore(termId);
      continue;
    }
    await RELATE_ONE(db as Kysely<Database>, postId, termId);
    if (published && !atCommit) await COUNT_ONE_MORE(db as Kysely<Database>, termId);
  }
  // PostgreSQL raises them at COMMIT (store/term-count-notes.ts): the rows are not held till then.
  if (published && atCommit && !pending) await noteTermCounts(db as Kysely<Database>, [...new Set(ids)].map((termId) => ({ termId, more: 1 })));
}

const RELATE_ONE = reusableQuery((db: Kysely<Database>, postId: number, termId: number) => db.insertInto('term_relationships').values({ post_id: postId, term_id: termId }));
const COUNT_ONE_MORE = reusableQuery((db: Kysely<Database>, termId: number) => db.updateTable('terms').set((eb) => ({ count: eb('count', '+', 1) })).where('id', '=', termId));

/**
 * A term's count is the number of published posts it holds, as WordPress counts it. The terms'
 * rows are locked first (in id order), then counted: a writer counting the same term meanwhile
 * has committed by then, and the count, read after the wait, includes what it wrote. PostgreSQL
 * does the same at COMMIT (store/term-count-notes.ts), so the rows are held only while committing.
 */
export async function refreshCounts(db: Db, termIds: number[]): Promise<void> {
  const ids = [...new Set(termIds)].sort((a, b) => a - b);
  if (countsAtCommit(db as Kysely<Database>)) return noteTermCounts(db as Kysely<Database>, ids.map((termId) => ({ termId, recount: true })));
  await lockRows(db as Kysely<Database>, 'terms', ids);
  for (const id of ids) {
    const row = await db
      .selectFrom('term_relationships')
      .innerJoin('posts', 'posts.id', 'term_relationships.post_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('term_relationships.term_id', '=', id)
      .where('posts.status', '=', 'publish')
      .executeTakeFirst();
    await db.updateTable('terms').set({ count: Number(row?.n ?? 0) }).where('id', '=', id).execute();
  }
}

export async function termIdsOfPost(db: Db, postId: number): Promise<number[]> {
  const rows = await db.selectFrom('term_relationships').select('term_id').where('post_id', '=', postId).execute();
  return rows.map((r) => r.term_id);
}

/** Category and tag ids of many posts at once (one query for a whole list page). */
export async function termsOfPosts(db: Db, postIds: number[]): Promise<Map<number, { category: number[]; post_tag: number[] }>> {
  const map = new Map<number, { category: number[]; post_tag: number[] }>();
  for (const id of postIds) map.set(id, { category: [], post_tag: [] });
  if (!postIds.length) return map;
  const rows = postIds.length === 1 ? await TERMS_OF_ONE(db as Kysely<Database>, postIds[0]!) : await termsOf(db).where('term_relationships.post_id', 'in', postIds).execute();
  for (const r of rows) {
    const entry = map.get(r.post_id);
    if (entry && (r.taxonomy === 'category' || r.taxonomy === 'post_tag')) entry[r.taxonomy].push(r.term_id);
  }
  return map;
}

const termsOf = (db: Db) =>
  db
    .selectFrom('term_relationships')
    .innerJoin('terms', 'terms.id', 'term_relationships.term_id')
    .select(['term_relationships.post_id as post_id', 'terms.id as term_id', 'terms.taxonomy as taxonomy'])
    .orderBy('terms.id');
// One post's terms (every answer about a single post): compiled once.
const TERMS_OF_ONE = reusableQuery((db: Kysely<Database>, postId: number) => termsOf(db).where('term_relationships.post_id', '=', postId));
