/**
 * get_default_post_to_edit: opening "Add New" stores an `auto-draft` item at once, titled
 * "Auto Draft", so the editor works on an item with an id from the start (autosaves, uploads
 * attached to it). WordPress removes auto-drafts older than a week; so does `sweepAutoDrafts`.
 */
import type { App } from '../rest/types.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { deletePostForever, savePost } from '../content/store.ts';
import type { PostRow } from '../content/prepare.ts';
import { siteZone } from '../content/dates.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;

export async function createAutoDraft(app: App, user: CurrentUser, type: string): Promise<number> {
  const zone = await siteZone(app.db);
  await sweepAutoDrafts(app);
  const { id } = await app.db.transaction().execute((trx) =>
    savePost(trx, {
      type,
      changes: { row: { status: 'auto-draft', title: 'Auto Draft' }, editDate: false, clearDate: false },
      authorId: user.id,
      zone,
      now: app.now(),
      siteUrl: app.config.siteUrl,
      metaSchema: {},
    }),
  );
  return id;
}

/** wp_delete_auto_drafts: auto-drafts last modified more than a week ago are deleted. */
export async function sweepAutoDrafts(app: App): Promise<void> {
  const cutoff = new Date(app.now().getTime() - WEEK_MS).toISOString().slice(0, 19).replace('T', ' ');
  const old = await app.db.selectFrom('posts').select('id').where('status', '=', 'auto-draft').where('modified_gmt', '<', cutoff).execute();
  if (old.length === 0) return;
  await app.db.transaction().execute(async (trx) => {
    for (const { id } of old) {
      const row = await trx.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirst();
      if (row) await deletePostForever(trx, row as PostRow);
    }
  });
}
