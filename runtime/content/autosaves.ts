/**
 * Autosaves (WordPress's WP_REST_Autosaves_Controller). The author autosaving their own draft
 * updates the draft itself; anyone else (or any non-draft) gets one autosave per user per post,
 * created or replaced, and an autosave equal to the post is removed rather than kept.
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
import { prepareChanges } from './write.ts';

function autosavesOf(ctx: HandlerContext, parentId: number) {
  return ctx.app.db.selectFrom('posts').selectAll().where('parent', '=', parentId).where('type', '=', 'revision').where('slug', 'like', '%-autosave-v1');
}

export async function list(ctx: HandlerContext, type: PostType): Promise<HandlerResult> {
  const parent = await findParent(ctx, type, targetOf(ctx, 'parent').id);
  const rows = await autosavesOf(ctx, parent.id).orderBy('date', 'desc').orderBy('id', 'desc').execute();
  const context = (ctx.params.context as Context) ?? 'view';
  return { data: await prepareRevisions(ctx, rows, parent, context, 'autosave') };
}

export async function get(ctx: HandlerContext, type: PostType): Promise<HandlerResult> {
  const parent = await findParent(ctx, type, targetOf(ctx, 'parent').id);
  const row = await autosavesOf(ctx, parent.id).where('id', '=', Number(ctx.params.id)).executeTakeFirst();
  if (!row) throw contentError('rest_post_no_autosave');
  return { data: await prepareOneRevision(ctx, row, parent, (ctx.params.context as Context) ?? 'view', 'autosave') };
}

export async function create(ctx: HandlerContext, type: PostType): Promise<HandlerResult> {
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
    return savedId === null ? null : ((await trx.selectFrom('posts').selectAll().where('id', '=', savedId).executeTakeFirstOrThrow()) as PostRow);
  });
  async function saveAutosave(trx: Transaction<Database>): Promise<number | null> {
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
    const old = await trx.selectFrom('posts').selectAll().where('parent', '=', post.id).where('type', '=', 'revision')
      .where('slug', 'like', '%-autosave-v1').where('author', '=', userId).executeTakeFirst();
    if (old) {
      if (!differs({ ...post, ...sent }, post)) {
        // The stale autosave goes, and the caller is told there was nothing to save.
        await trx.deleteFrom('posts').where('id', '=', old.id).execute();
        return null;
      }
      const nowGmt = gmtNow(now);
      await trx.updateTable('posts').set({ ...sent, date: localFromGmt(nowGmt, zone), date_gmt: nowGmt, modified: localFromGmt(nowGmt, zone), modified_gmt: nowGmt }).where('id', '=', old.id).execute();
      return old.id;
    }
    return insertRevisionRow(trx, post, 'autosave', userId, now, zone, ctx.app.config.siteUrl, Object.keys(metaSchemaOf(ctx, type)), fields);
  }

  if (row === null) throw contentError('rest_autosave_no_changes');
  const parent = row.id === post.id ? row : post;
  return { data: await prepareOneRevision(ctx, row, parent, 'edit', isAutosave(row) || row.id === post.id ? 'autosave' : 'revision') };
}
