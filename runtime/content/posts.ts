/**
 * The posts and pages service (WordPress's WP_REST_Posts_Controller for the `post` and `page`
 * types): list, read, create, update, delete. Generated handlers call it in one line, e.g.
 * `return posts.list(ctx, 'post')`. Permission is the spec's rules' (runtime/auth/rules.ts), checked
 * before a service runs; services assume it was granted.
 */
import type { Kysely } from 'kysely';
import { restBaseOf, supports, supportsFeature } from '../../contract/post-types.ts';
import type { Database } from '../store/schema.ts';
import { reusableQuery } from '../store/reusable-query.ts';
import { loadPostFacts } from '../auth/capabilities.ts';
import type { Context } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import type { PostType } from './access.ts';
import { canReadPost } from '../auth/post-access.ts';
import { targetOf } from '../auth/target.ts';
import { metaSchemaOf } from './context.ts';
import { siteZone } from './dates.ts';
import { contentError } from './errors.ts';
import { restError } from '../rest/errors.ts';
import { declaredParams } from '../rest/params.ts';
import { alternateLinkHeader, restBase } from './links.ts';
import { generatedSlug, preparePost, preparePosts, stickyIds, type PostHead, type PostRow } from './prepare.ts';
import type { LaterGroup } from '../rest/later-bodies.ts';
import { listQuery, pageWindow, withStickyFirst } from './query.ts';
import { deletePostForever, publishDue, savePost, trashPost } from './store.ts';
import { prepareChanges, type PostWriteParams } from './write.ts';
import { saveRevisionIfChanged } from './revisions.ts';
import { asResult } from '../rest/answer.ts';

const LISTABLE = ['publish', 'future', 'draft', 'pending', 'private'];
const lastPublishRun = new WeakMap<object, number>();

/** Runs the scheduled publish at most once a second per site. */
export async function publishDueOnce(ctx: HandlerContext): Promise<void> {
  const now = ctx.app.now();
  const last = lastPublishRun.get(ctx.app) ?? 0;
  if (now.getTime() - last < 1000) return;
  lastPublishRun.set(ctx.app, now.getTime());
  await publishDue(ctx.app.db, now);
}

const postById = reusableQuery((db: Kysely<Database>, id: number) => db.selectFrom('posts').selectAll().where('id', '=', id));

export async function findPost(ctx: HandlerContext, id: number, type: string): Promise<PostRow> {
  const [row] = Number.isInteger(id) && id > 0 ? await postById(ctx.app.db, id) : [];
  if (!row || row.type !== type) throw contentError('rest_post_invalid_id');
  return row;
}

/**
 * findPost's head only: a read whose item is kept (item-cache.ts) needs no more of the row. It is
 * the post's facts, which the serving process keeps and the route's rule has just read.
 */
async function findPostHead(ctx: HandlerContext, id: number, type: string): Promise<PostHead> {
  const facts = await loadPostFacts(ctx.app.db, id);
  if (!facts || facts.type !== type) throw contentError('rest_post_invalid_id');
  const { id: postId, status, author, parent, password } = facts;
  return { id: postId, type: facts.type, status, author, parent, password };
}

function contextOf(ctx: HandlerContext): Context {
  return (ctx.params.context as Context) ?? 'view';
}

/**
 * The statuses a list shows. Whether the caller may ask for them is the spec's `read_posts`
 * rule's to say (runtime/auth/rules.ts), before this runs.
 */
function listStatuses(ctx: HandlerContext<PostListParams>): string[] {
  const requested = ctx.params.status ?? ['publish'];
  return requested.includes('any') ? LISTABLE : requested;
}

/**
 * What a posts or pages list reads itself; the list query (query.ts) takes the declared params
 * whole. A spec change to them that no longer fits stops compiling at a handler.
 */
export type PostListParams = {
  status?: string[];
  orderby: string;
  search?: string;
  include?: number[];
  ignore_sticky?: boolean;
  excerpt_length?: number;
  password?: unknown;
};

export async function list<R>(ctx: HandlerContext<PostListParams>, type: PostType): Promise<HandlerResult<R>> {
  const p = declaredParams(ctx.endpoint, ctx.params);
  const statuses = listStatuses(ctx);
  if (p.orderby === 'relevance' && !p.search) throw contentError('rest_no_search_term_defined');
  if (p.orderby === 'include' && !(p.include?.length)) throw contentError('rest_orderby_include_missing_include');
  await publishDueOnce(ctx);

  const db = ctx.app.db;
  const sticky = supports(type, 'sticky') ? await stickyIds(db) : new Set<number>();
  const result = await listQuery(db, { type, params: p, statuses, zone: await siteZone(db), sticky, anonymous: !ctx.user });
  const { page, perPage } = pageWindow(p);
  const totalPages = result.total ? Math.ceil(result.total / perPage) : 0;
  if (page > totalPages && result.total > 0) throw contentError('rest_post_invalid_page_number');

  let rows = result.rows;
  if (supports(type, 'sticky') && p.ignore_sticky === false && page === 1 && !p.search) rows = await withStickyFirst(db, rows, [...sticky]);
  const readable = await Promise.all(rows.map((r) => canReadPost(ctx, r)));
  rows = rows.filter((_r, i) => readable[i]);
  // A list shows each item whose password is the `password` sent (not a list arg: WordPress's
  // prepare_item_for_response reads it from any request).
  const password = typeof ctx.params.password === 'string' && ctx.params.password !== '' ? ctx.params.password : undefined;
  const data = await preparePosts(ctx, rows, { context: contextOf(ctx), excerptLength: p.excerpt_length, password });
  return asResult<R>(data, { headers: { 'X-WP-Total': String(result.total), 'X-WP-TotalPages': String(totalPages) } });
}

/** What a single read takes: the context, the password of a protected item, the excerpt's length. */
export type PostReadParams = { context: Context; password?: string; excerpt_length?: number };

/** Reading (context, password, visibility) was allowed by the spec's `read_post` rule. */
export async function get<R>(ctx: HandlerContext<PostReadParams>, type: PostType): Promise<HandlerResult<R>> {
  await publishDueOnce(ctx);
  const post = await findPostHead(ctx, targetOf(ctx, 'post').id, type);
  const { password, excerpt_length: excerptLength } = ctx.params;
  // A null context (a JSON body may send one) is the default one, as in WordPress.
  const data = await preparePost(ctx, post, { context: contextOf(ctx), password, excerptLength });
  return asResult<R>(data, { headers: alternateLinkHeader(data.link) });
}

/**
 * wp_insert_post's empty check: a type with title, editor and excerpt (posts; pages have no
 * excerpt) may not end up with all three empty. PHP's empty: '' and '0' count as empty.
 */
const EMPTY_CHECKED = ['title', 'editor', 'excerpt'];

function refuseEmpty(type: PostType, changes: { row: Partial<Record<'title' | 'content' | 'excerpt', string>> }, existing?: PostRow): void {
  if (!EMPTY_CHECKED.every((feature) => supportsFeature(type, feature))) return;
  const blank = (field: 'title' | 'content' | 'excerpt') => {
    const value = changes.row[field] ?? existing?.[field] ?? '';
    return value === '' || value === '0';
  };
  if (blank('title') && blank('content') && blank('excerpt')) throw restError('empty_content');
}

export async function create<R>(ctx: HandlerContext<PostWriteParams>, type: PostType): Promise<HandlerResult<R>> {
  const changes = await prepareChanges(ctx, type);
  refuseEmpty(type, changes);
  const zone = await siteZone(ctx.app.db);
  const { id, row, generatedSlug: generated } = await ctx.app.db.transaction().execute((trx) =>
    savePost(trx, {
      type,
      changes,
      authorId: changes.row.author ?? ctx.user?.id ?? 0,
      zone,
      now: ctx.app.now(),
      siteUrl: ctx.app.config.siteUrl,
      metaSchema: metaSchemaOf(ctx, type),
    }),
  );
  // In a batch the item is prepared with the batch's other creates (one query per relation kind);
  // its generated_slug is settled now, as later items could take the number it would show.
  const later = ctx.request.later;
  const data = later
    ? later.add(CREATED_TOGETHER, { ctx, row, generated: generated ?? (await generatedSlug(ctx.app.db, row)) })
    : await preparePost(ctx, row, { context: 'edit', generatedSlugs: generated === undefined ? undefined : new Map([[id, generated]]) });
  const plural = restBaseOf(type);
  return asResult<R>(data, { status: 201, headers: { Location: `${restBase(ctx)}/${plural}/${id}` } });
}

/**
 * A batch's run of creates to one path, answered together. The batch makes them before any other
 * kind of item runs, so each shows what it would have shown at once; they share their request's
 * path, user and app, so the first one's context serves them all.
 */
const CREATED_TOGETHER: LaterGroup<{ ctx: HandlerContext; row: PostRow; generated: string }> = {
  async make(inputs) {
    const generatedSlugs = new Map(inputs.map((i) => [i.row.id, i.generated]));
    const items = await preparePosts(inputs[0]!.ctx, inputs.map((i) => i.row), { context: 'edit', generatedSlugs });
    if (items.length !== inputs.length) throw contentError('rest_post_invalid_id');
    return items;
  },
};

/** Editing was allowed by the spec's `edit_post` rule. */
export async function update<R>(ctx: HandlerContext<PostWriteParams>, type: PostType): Promise<HandlerResult<R>> {
  const existing = await findPost(ctx, targetOf(ctx, 'post').id, type);
  const changes = await prepareChanges(ctx, type, existing);
  refuseEmpty(type, changes, existing);
  const zone = await siteZone(ctx.app.db);
  await ctx.app.db.transaction().execute(async (trx) => {
    await savePost(trx, {
      type,
      changes,
      existing,
      authorId: existing.author,
      zone,
      now: ctx.app.now(),
      siteUrl: ctx.app.config.siteUrl,
      metaSchema: metaSchemaOf(ctx, type),
    });
    await saveRevisionIfChanged(trx, existing.id, ctx.app.now(), zone, ctx.user?.id ?? existing.author, ctx.app.config.siteUrl, Object.keys(metaSchemaOf(ctx, type)));
  });
  const row = await findPost(ctx, existing.id, type);
  return asResult<R>(await preparePost(ctx, row, { context: 'edit' }));
}

/** What deleting takes: `force` to delete for good rather than move to the trash. */
export type PostDeleteParams = { force: boolean };

/** Deleting was allowed by the spec's `delete_post` rule. */
export async function remove<R>(ctx: HandlerContext<PostDeleteParams>, type: PostType): Promise<HandlerResult<R>> {
  const post = await findPost(ctx, targetOf(ctx, 'post').id, type);
  const force = ctx.params.force === true;
  const zone = await siteZone(ctx.app.db);
  if (force) {
    // WordPress answers the previous item's data without its links.
    const { _links: _dropped, ...previous } = await preparePost(ctx, post, { context: 'edit' });
    await ctx.app.db.transaction().execute((trx) => deletePostForever(trx, post));
    return asResult<R>({ deleted: true, previous });
  }
  if (post.status === 'trash') throw contentError('rest_already_trashed');
  await ctx.app.db.transaction().execute(async (trx) => {
    await trashPost(trx, post, ctx.app.now(), zone);
    // Trashing is an update to WordPress (wp_update_post): it stores a revision when the item has
    // none yet or its text changed since the last one.
    await saveRevisionIfChanged(trx, post.id, ctx.app.now(), zone, ctx.user?.id ?? post.author, ctx.app.config.siteUrl, Object.keys(metaSchemaOf(ctx, type)));
  });
  const row = await findPost(ctx, post.id, type);
  return asResult<R>(await preparePost(ctx, row, { context: 'edit' }));
}

