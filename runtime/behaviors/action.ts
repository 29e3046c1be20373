/**
 * `action`: a named state change on a record (activate a plugin, connect an account), allowed
 * only from the states the spec lists. The record remembers every other param sent with it.
 */
import type { ActionBehavior } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { getRecord, putRecord } from './records.ts';
import { payloadOf } from './payload.ts';

/** Key of the one record of a collection whose action names no record. */
const SINGLETON = '_';

export async function runAction(ctx: HandlerContext, b: ActionBehavior): Promise<HandlerResult> {
  const id = b.idParam ? ctx.params[b.idParam] : SINGLETON;
  if (id === undefined || id === null || id === '') throw restError('rest_missing_callback_param', [b.idParam!], { params: [b.idParam] });
  const key = String(id);
  const existing = await getRecord(ctx.app.db, b.collection, key);
  // A record never acted on is in the spec's initial state, or in none: then it can only take
  // actions that name no starting state.
  const current = existing?.data[b.field] ?? b.initial;
  if (b.from && (current === undefined || !b.from.includes(String(current)))) {
    throw restError('rest_action_not_allowed', [current === undefined ? 'not set' : String(current), b.to], { from: current ?? null, to: b.to });
  }
  const data = { ...(existing?.data ?? {}), ...payloadOf(ctx, b.idParam ? [b.idParam] : []), [b.field]: b.to };
  const record = await putRecord(ctx.app.db, b.collection, key, data);
  return { data: { id: key === SINGLETON ? undefined : key, ...record.data, date_modified: record.modified } };
}
