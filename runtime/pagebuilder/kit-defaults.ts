/** Default settings per element type of the site kit: a map type -> settings object. */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { deleteRecord, listRecords, putRecord } from '../behaviors/records.ts';
import { asResult } from '../rest/answer.ts';

const COLLECTION = 'pagebuilder.kit-defaults';

export async function listKitDefaults<R>(ctx: HandlerContext): Promise<HandlerResult<R>> {
  const { items } = await listRecords(ctx.app.db, COLLECTION, { limit: 10_000, offset: 0 });
  return asResult<R>(Object.fromEntries(items.map((r) => [r.key, r.data])));
}

export async function saveKitDefaults<R>(ctx: HandlerContext): Promise<HandlerResult<R>> {
  const type = String(ctx.params.type);
  const record = await putRecord(ctx.app.db, COLLECTION, type, ctx.params.settings as Record<string, unknown>);
  return asResult<R>({ [type]: record.data });
}

export async function deleteKitDefaults<R>(ctx: HandlerContext): Promise<HandlerResult<R>> {
  const type = String(ctx.params.type);
  // One statement: of two concurrent deletes only the one that removed it says so.
  const existed = (await deleteRecord(ctx.app.db, COLLECTION, type)) !== undefined;
  return asResult<R>({ deleted: existed, type });
}
