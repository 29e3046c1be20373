/**
 * `POST pagebuilder/v1/documents/<id>/media/import`: a document built elsewhere (an imported
 * template, a copied page) still points at images on other sites. Each such image is fetched
 * once through the guarded sideload, stored in this site's media library attached to the
 * document, and the document's element data is rewritten to the new item's address and id.
 * An image that cannot be fetched is reported and left as it was; the others still import.
 */
import { restError, RestError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { fetchRemoteFile } from '../media/sideload.ts';
import { ingestFile } from '../media/ingest.ts';
import { insertStoredFile } from '../media/item-records.ts';
import { publicUrl } from '../media/storage.ts';
import { asResult } from '../rest/answer.ts';

const BUILDER_DATA = '_builder_data';
const SKIPPED_TYPES = new Set(['revision', 'attachment']);

interface Imported {
  from: string;
  id: number;
  url: string;
}

/** The element tree from its meta value: JSON text (as the editor saves it) or already a tree. */
function treeOf(metaValue: string | undefined): { tree: unknown; asText: boolean } {
  if (metaValue === undefined) return { tree: [], asText: true };
  const stored = JSON.parse(metaValue) as unknown;
  if (typeof stored !== 'string') return { tree: stored, asText: false };
  return { tree: stored.trim() ? (JSON.parse(stored) as unknown) : [], asText: true };
}

/** Every `{ url }` object of the tree that points at an image on another site. */
function externalImages(node: unknown, siteUrl: string, found: Array<Record<string, unknown>> = []) {
  if (Array.isArray(node)) for (const child of node) externalImages(child, siteUrl, found);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (typeof o.url === 'string' && /^https?:\/\//i.test(o.url) && !o.url.startsWith(`${siteUrl}/`)) found.push(o);
    for (const value of Object.values(o)) if (value && typeof value === 'object') externalImages(value, siteUrl, found);
  }
  return found;
}

async function importOne(ctx: HandlerContext<unknown>, documentId: number, url: string): Promise<Imported> {
  const incoming = await fetchRemoteFile(ctx.app, url);
  const stored = await ingestFile(ctx.app, { filename: incoming.filename, data: incoming.data, when: ctx.app.now(), generateSubSizes: true, convertFormat: true });
  const title = incoming.filename.replace(/\.[^.]+$/, '');
  const row = await insertStoredFile({ ...ctx, params: {} }, stored, { title, parent: documentId });
  return { from: url, id: row.id, url: publicUrl(ctx.app.config, stored.relative) };
}

/** The document the path names (`id`, which the spec gives no type). */
export type DocumentMediaParams = { id: unknown };

export async function importDocumentMedia<R>(ctx: HandlerContext<DocumentMediaParams>): Promise<HandlerResult<R>> {
  // `id` is untyped in the spec: only an integer names a document (the URL's capture: rest/params.ts merges it last).
  const documentId = typeof ctx.params.id === 'string' || typeof ctx.params.id === 'number' ? Number(ctx.params.id) : Number.NaN;
  if (!Number.isSafeInteger(documentId)) throw restError('rest_post_invalid_id');
  const post = await ctx.app.db.selectFrom('posts').select(['id', 'type']).where('id', '=', documentId).executeTakeFirst();
  if (!post || SKIPPED_TYPES.has(post.type)) throw restError('rest_post_invalid_id');
  const meta = await ctx.app.db.selectFrom('postmeta').select('meta_value').where('post_id', '=', documentId).where('meta_key', '=', BUILDER_DATA).executeTakeFirst();
  let parsed: { tree: unknown; asText: boolean };
  try {
    parsed = treeOf(meta?.meta_value);
  } catch {
    throw restError('rest_builder_data_invalid', [String(documentId)]);
  }

  const imported = new Map<string, Imported>();
  const failed: Array<{ url: string; code: string; message: string }> = [];
  for (const element of externalImages(parsed.tree, ctx.app.config.siteUrl)) {
    const from = element.url as string;
    if (!imported.has(from) && !failed.some((f) => f.url === from)) {
      try {
        imported.set(from, await importOne(ctx, documentId, from));
      } catch (err) {
        if (!(err instanceof RestError)) throw err;
        failed.push({ url: from, code: err.code, message: err.message });
      }
    }
    const done = imported.get(from);
    if (done) Object.assign(element, { url: done.url, id: done.id, source: 'library' });
  }

  if (imported.size) {
    const text = JSON.stringify(parsed.tree);
    await ctx.app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('postmeta').where('post_id', '=', documentId).where('meta_key', '=', BUILDER_DATA).execute();
      await trx.insertInto('postmeta').values({ post_id: documentId, meta_key: BUILDER_DATA, meta_value: JSON.stringify(parsed.asText ? text : parsed.tree) }).execute();
    });
  }
  return asResult<R>({ id: documentId, imported: [...imported.values()], failed });
}
