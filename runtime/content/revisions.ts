/**
 * Revisions of posts and pages (WordPress's WP_REST_Revisions_Controller): a revision is stored
 * after an update whenever title, content or excerpt differ from the latest one (and on the first
 * update, when there is none yet); list, read and delete (`force` must be true).
 */
import { sql, type Transaction } from 'kysely';
import type { Zone } from 'luxon';
import type { Context } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { targetOf } from '../auth/target.ts';
import type { Database } from '../store/schema.ts';
import type { PostType } from './access.ts';
import { gmtNow, localFromGmt } from './dates.ts';
import { contentError } from './errors.ts';
import { guidFor } from './links.ts';
import { BLANK_POST } from './store.ts';
import type { PostRow } from './prepare.ts';
import { isAutosave, prepareOneRevision, prepareRevisions } from './revision-shape.ts';
import { copyMeta } from './meta.ts';
import { parseSearch, relevanceRank, searchCondition } from './search.ts';
import { positionInList } from '../store/portable-sql.ts';
import { asResult } from '../rest/answer.ts';

const FIELDS = ['title', 'content', 'excerpt'] as const;
const normalize = (s: string) => s.replace(/\r\n?/g, '\n').replace(/\s+/g, ' ').trim();

export function differs(a: Pick<PostRow, 'title' | 'content' | 'excerpt'>, b: Pick<PostRow, 'title' | 'content' | 'excerpt'>): boolean {
  return FIELDS.some((f) => normalize(a[f]) !== normalize(b[f]));
}

/** Copies the post's title/content/excerpt into a revision or autosave row. */
export async function insertRevisionRow(trx: Transaction<Database>, post: PostRow, kind: 'revision' | 'autosave', authorId: number, now: Date, zone: Zone, siteUrl: string, metaKeys: string[], fields?: Partial<Pick<PostRow, 'title' | 'content' | 'excerpt'>>): Promise<number> {
  const nowGmt = gmtNow(now);
  const { id } = await trx
    .insertInto('posts')
    .values({
      ...BLANK_POST,
      author: authorId,
      type: 'revision',
      status: 'inherit',
      slug: `${post.id}-${kind}-v1`,
      title: fields?.title ?? post.title,
      content: fields?.content ?? post.content,
      excerpt: fields?.excerpt ?? post.excerpt,
      parent: post.id,
      date: kind === 'revision' ? post.modified : localFromGmt(nowGmt, zone),
      date_gmt: kind === 'revision' ? post.modified_gmt : nowGmt,
      modified: localFromGmt(nowGmt, zone),
      modified_gmt: nowGmt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('posts').set({ guid: guidFor(siteUrl, 'post', id) }).where('id', '=', id).execute();
  // The registered meta travels with the revision, as WordPress 6.4+ keeps it.
  await copyMeta(trx, post.id, id, metaKeys);
  return id;
}

/** After an update: store the post's new state as a revision if it changed (WordPress 6.4+ rule). */
export async function saveRevisionIfChanged(trx: Transaction<Database>, postId: number, now: Date, zone: Zone, authorId: number, siteUrl: string, metaKeys: string[]): Promise<void> {
  const post = await trx.selectFrom('posts').selectAll().where('id', '=', postId).executeTakeFirstOrThrow();
  const latest = await trx
    .selectFrom('posts')
    .selectAll()
    .where('parent', '=', postId)
    .where('type', '=', 'revision')
    .where('slug', 'not like', '%-autosave-v1')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest && !differs(latest, post)) return;
  await insertRevisionRow(trx, post, 'revision', authorId, now, zone, siteUrl, metaKeys);
}

/** The parent post of a revision route (`parent` capture), of the route's type. */
export async function findParent(ctx: HandlerContext<unknown>, type: PostType, id: number): Promise<PostRow> {
  const row = id > 0 ? await ctx.app.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
  if (!row || row.type !== type) throw contentError('rest_post_invalid_parent');
  return row;
}

async function findRevision(ctx: HandlerContext<unknown>, parent: PostRow, id: number): Promise<PostRow> {
  const row = await ctx.app.db.selectFrom('posts').selectAll().where('id', '=', id).where('type', '=', 'revision').executeTakeFirst();
  if (!row) throw contentError('rest_revision_invalid_id');
  if (row.parent !== parent.id) throw contentError('rest_revision_parent_id_mismatch');
  return row;
}

const ORDER: Record<string, 'date' | 'id' | 'slug' | 'title'> = { date: 'date', id: 'id', slug: 'slug', title: 'title' };

/**
 * What a revisions list reads: the list args of every `/<type>/<parent>/revisions` route (posts,
 * pages, synced patterns). A spec change to them that no longer fits stops compiling at a handler.
 */
export type RevisionListParams = {
  context: Context;
  include?: number[];
  exclude?: number[];
  search?: string;
  page: number;
  per_page?: number;
  offset?: number;
  orderby: string;
  order: 'asc' | 'desc';
};

export async function list<R>(ctx: HandlerContext<RevisionListParams>, type: PostType): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const { include, exclude } = p;
  const parent = await findParent(ctx, type, targetOf(ctx, 'parent').id);
  if (p.orderby === 'relevance' && !p.search) throw contentError('rest_no_search_term_defined');
  if (p.orderby === 'include' && !include?.length) throw contentError('rest_orderby_include_missing_include');
  // Autosaves are listed among the revisions, as wp_get_post_revisions returns every revision row.
  let q = ctx.app.db.selectFrom('posts').selectAll().where('parent', '=', parent.id).where('type', '=', 'revision');
  if (include?.length) q = q.where('id', 'in', include);
  if (exclude?.length) q = q.where('id', 'not in', exclude);
  if (p.search) {
    const terms = parseSearch(String(p.search), false);
    if (terms.length) q = q.where((eb) => searchCondition(eb, terms, []));
  }
  const count = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(count?.n ?? 0);
  const perPage = p.per_page ? Number(p.per_page) : 0;
  const page = Number(p.page ?? 1);
  const offset = p.offset ? Number(p.offset) : perPage ? (page - 1) * perPage : 0;
  const totalPages = total ? (perPage ? Math.ceil(total / perPage) : 1) : 0;
  if (total > 0) {
    if (p.offset && offset >= total) throw contentError('rest_revision_invalid_offset_number');
    if (!p.offset && page > totalPages) throw contentError('rest_revision_invalid_page_number');
  }
  const dir = p.order === 'asc' ? 'asc' : 'desc';
  const orderby = String(p.orderby ?? 'date');
  if (orderby === 'include' && include?.length) {
    q = q.orderBy(positionInList('posts.id', include));
  } else if (orderby === 'relevance' && p.search) {
    q = q.orderBy(relevanceRank(String(p.search), parseSearch(String(p.search), false))).orderBy('date', dir).orderBy('id', dir);
  } else {
    q = q.orderBy(ORDER[orderby] ?? 'date', dir).orderBy('id', dir);
  }
  if (perPage) q = q.limit(perPage);
  if (offset) q = perPage ? q.offset(offset) : q.limit(-1).offset(offset);
  const rows = await q.execute();
  const context = (p.context as Context) ?? 'view';
  const data = await prepareRevisions(ctx, rows, parent, context, 'revision');
  return asResult<R>(data, { headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(totalPages) } });
}

/** What reading one revision takes: its id (a capture) and the context. */
export type RevisionReadParams = { id: number; context: Context };

export async function get<R>(ctx: HandlerContext<RevisionReadParams>, type: PostType): Promise<HandlerResult<R>> {
  const parent = await findParent(ctx, type, targetOf(ctx, 'parent').id);
  const revision = await findRevision(ctx, parent, ctx.params.id);
  return asResult<R>(await prepareOneRevision(ctx, revision, parent, ctx.params.context, isAutosave(revision) ? 'autosave' : 'revision'));
}

/** What deleting a revision takes: `force`, which must be true (revisions have no trash). */
export type RevisionDeleteParams = { force: boolean };

export async function remove<R>(ctx: HandlerContext<RevisionDeleteParams>, type: PostType): Promise<HandlerResult<R>> {
  const parent = await findParent(ctx, type, targetOf(ctx, 'parent').id);
  const revision = await findRevision(ctx, parent, targetOf(ctx, 'child').id);
  if (ctx.params.force !== true) throw contentError('rest_revision_trash_not_supported', ['force=true']);
  const { _links: _dropped, ...previous } = await prepareOneRevision(ctx, revision, parent, 'edit', 'revision');
  await ctx.app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('postmeta').where('post_id', '=', revision.id).execute();
    await trx.deleteFrom('posts').where('id', '=', revision.id).execute();
  });
  return asResult<R>({ deleted: true, previous });
}
