/** Default settings per element type of the site kit: a map type -> settings object. */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { deleteRecord, listRecords, putRecord } from '../behaviors/records.ts';
import { asResult } from '../rest/answer.ts';
import { isObjectParam } from '../rest/object-param.ts';

const COLLECTION = 'pagebuilder.kit-defaults';

/** Takes no params: every element type's defaults. */
export async function listKitDefaults<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  const { items } = await listRecords(ctx.app.db, COLLECTION, { limit: 10_000, offset: 0 });
  return asResult<R>(Object.fromEntries(items.map((r) => [r.key, r.data])));
}

/** The element type and its settings (an object). */
export type KitDefaultsSaveParams = { type: string; settings: object };
/** The element type whose defaults go. */
export type KitDefaultsDeleteParams = { type: string };

export async function saveKitDefaults<R>(ctx: HandlerContext<KitDefaultsSaveParams>): Promise<HandlerResult<R>> {
  const type = ctx.params.type;
  const record = await putRecord(ctx.app.db, COLLECTION, type, isObjectParam(ctx.params.settings) ? ctx.params.settings : {});
  return asResult<R>({ [type]: record.data });
}

export async function deleteKitDefaults<R>(ctx: HandlerContext<KitDefaultsDeleteParams>): Promise<HandlerResult<R>> {
  const type = ctx.params.type;
  // One statement: of two concurrent deletes only the one that removed it says so.
  const existed = (await deleteRecord(ctx.app.db, COLLECTION, type)) !== undefined;
  return asResult<R>({ deleted: existed, type });
}
