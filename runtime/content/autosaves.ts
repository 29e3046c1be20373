/**
 * Autosaves (WordPress's WP_REST_Autosaves_Controller). The author autosaving their own draft
 * updates the draft itself; anyone else (or any non-draft) gets one autosave per user per post,
 * created or replaced; an autosave equal to the post leaves the kept one as it was.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { Context } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { targetOf } from '../auth/target.ts';
import type { PostType } from './access.ts';
import { metaSchemaOf } from './context.ts';
import { gmtNow, localFromGmt, siteZone } from './dates.ts';
import { contentError } from './errors.ts';
import type { PostRow } from './prepare.ts';
import { findParent, differs, insertRevisionRow } from './revisions.ts';
import { isAutosave, prepareOneRevision, prepareRevisions } from './revision-shape.ts';
import { savePost } from './store.ts';
import { prepareChanges, type PostWriteParams } from './write.ts';
import { lockName } from '../store/write-guards.ts';
import { asResult } from '../rest/answer.ts';

function autosavesOf(ctx: HandlerContext, parentId: number) {
  return ctx.app.db.selectFrom('posts').selectAll().where('parent', '=', parentId).where('type', '=', 'revision').where('slug', 'like', '%-autosave-v1');
}

/** What listing a post's autosaves takes: the context. */
export type AutosaveListParams = { context: Context };

export async function list<R>(ctx: HandlerContext<AutosaveListParams>, type: PostType): Promise<HandlerResult<R>> {
  const parent = await findParent(ctx, type, targetOf(ctx, 'parent').id);
  const rows = await autosavesOf(ctx, parent.id).orderBy('date', 'desc').orderBy('id', 'desc').execute();
  return asResult<R>(await prepareRevisions(ctx, rows, parent, ctx.params.context, 'autosave'));
}

/** What reading one autosave takes: its id (a capture) and the context. */
export type AutosaveReadParams = { id: number; context: Context };

export async function get<R>(ctx: HandlerContext<AutosaveReadParams>, type: PostType): Promise<HandlerResult<R>> {
  const parent = await findParent(ctx, type, targetOf(ctx, 'parent').id);
  // The autosave the id names; for any other id, the post's latest autosave, as WordPress 6.8
  // answers every id (wp_get_post_autosave reads the parent only). 404 only when there is none.
  const row =
    (await autosavesOf(ctx, parent.id).where('id', '=', ctx.params.id).executeTakeFirst()) ??
    (await autosavesOf(ctx, parent.id).orderBy('date', 'desc').orderBy('id', 'desc').executeTakeFirst());
  if (!row) throw contentError('rest_post_no_autosave');
  return asResult<R>(await prepareOneRevision(ctx, row, parent, ctx.params.context, 'autosave'));
}

export async function create<R>(ctx: HandlerContext<PostWriteParams>, type: PostType): Promise<HandlerResult<R>> {
  // The route's id names the item autosaved; its rule (edit_post) judged that item.
  const post = await findParent(ctx, type, targetOf(ctx, 'post').id);
  const userId = ctx.user?.id ?? 0;
  const changes = await prepareChanges(ctx, type, post);
  const zone = await siteZone(ctx.app.db);
  const now = ctx.app.now();
  const ownDraft = (post.status === 'draft' || post.status === 'auto-draft') && post.author === userId;

  // The saved row is read back inside the transaction: a concurrent autosave of the same post
  // may replace this one the moment it commits (another process, or the pool's next connection).
  const row = await ctx.app.db.transaction().execute(async (trx) => {
    const savedId = await saveAutosave(trx);
    return (await trx.selectFrom('posts').selectAll().where('id', '=', savedId).executeTakeFirstOrThrow()) as PostRow;
  });
  async function saveAutosave(trx: Transaction<Database>): Promise<number> {
    if (ownDraft) {
      // The draft itself is saved; no revision is made for an autosave.
      await savePost(trx, { type, changes, existing: post, authorId: post.author, zone, now, siteUrl: ctx.app.config.siteUrl, metaSchema: metaSchemaOf(ctx, type) });
      return post.id;
    }
    // What the request sent of the revisioned fields. WordPress makes a new autosave from the
    // request alone (a field left out is saved empty), but updates an existing one like
    // wp_update_post (a field left out keeps the autosave's value), and calls it unchanged when
    // every sent field equals the post's.
    const sent: Partial<Record<'title' | 'content' | 'excerpt', string>> = {};
    for (const field of ['title', 'content', 'excerpt'] as const) if (changes.row[field] !== undefined && changes.row[field] !== null) sent[field] = changes.row[field];
    const fields = { title: sent.title ?? '', content: sent.content ?? '', excerpt: sent.excerpt ?? '' };
    // One autosave per post and user: concurrent autosaves of it take turns from this read to the commit.
    await lockName(trx, 'autosave', String(post.id), String(userId));
    const old = await trx.selectFrom('posts').selectAll().where('parent', '=', post.id).where('type', '=', 'revision')
      .where('slug', 'like', '%-autosave-v1').where('author', '=', userId).executeTakeFirst();
    if (old) {
      // Nothing new to save: WordPress 6.8 answers the autosave already kept, as it was.
      if (!differs({ ...post, ...sent }, post)) return old.id;
      const nowGmt = gmtNow(now);
      await trx.updateTable('posts').set({ ...sent, date: localFromGmt(nowGmt, zone), date_gmt: nowGmt, modified: localFromGmt(nowGmt, zone), modified_gmt: nowGmt }).where('id', '=', old.id).execute();
      return old.id;
    }
    return insertRevisionRow(trx, post, 'autosave', userId, now, zone, ctx.app.config.siteUrl, Object.keys(metaSchemaOf(ctx, type)), fields);
  }

  const parent = row.id === post.id ? row : post;
  return asResult<R>(await prepareOneRevision(ctx, row, parent, 'edit', isAutosave(row) || row.id === post.id ? 'autosave' : 'revision'));
}
