/** `option`: one stored JSON value (per site or per user) with a default; writes merge into it, DELETE resets it. */
import type { OptionBehavior } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { deleteRecord, getRecord, putRecord, scopedKey } from './records.ts';
import { payloadOf } from './payload.ts';

const COLLECTION = 'option';

export async function runOption(ctx: HandlerContext, b: OptionBehavior): Promise<HandlerResult> {
  const key = scopedKey(b.key, ctx.user?.id ?? null, b.scope);
  const stored = await getRecord(ctx.app.db, COLLECTION, key);
  const current = stored ? stored.data.value : structuredClone(b.default ?? {});
  if (ctx.request.method === 'GET' || ctx.request.method === 'HEAD') return { data: current };
  if (ctx.request.method === 'DELETE') {
    // Clearing a value brings back its default (an emptied log, a reset setting).
    await deleteRecord(ctx.app.db, COLLECTION, key);
    return { data: structuredClone(b.default ?? {}) };
  }

  const incoming = payloadOf(ctx);
  const value = b.merge !== false && isPlainObject(current) ? { ...current, ...incoming } : incoming;
  await putRecord(ctx.app.db, COLLECTION, key, { value });
  return { data: value };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
