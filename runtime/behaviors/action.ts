/**
 * `action`: a named state change on a record (activate a plugin, connect an account), allowed
 * only from the states the spec lists and only when the record's other fields say it can happen
 * (`requires`: a theme is activated only once installed). The record remembers every other param
 * sent with it, secrets in their stored form; `effect` names what the action does besides.
 */
import type { ActionBehavior } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { getRecordToChange, putRecord } from './records.ts';
import { payloadOf } from './payload.ts';
import { maskSecrets, protectSecrets } from '../secrets/secret-params.ts';
import { clearCaches } from '../cache/registry.ts';

/** Key of the one record of a collection whose action names no record. */
const SINGLETON = '_';

/**
 * Fields the answer takes from the record itself (its key, when it changed): a param of the
 * same name is not stored, so a client cannot make the record answer another key or date.
 */
const RECORD_FIELDS = ['id', 'date_modified'];

export async function runAction(ctx: HandlerContext, b: ActionBehavior): Promise<HandlerResult> {
  const id = b.idParam ? ctx.params[b.idParam] : SINGLETON;
  if (id === undefined || id === null || id === '') throw restError('rest_missing_callback_param', [b.idParam!], { params: [b.idParam] });
  if (typeof id === 'object') throw restError('rest_invalid_param', [b.idParam!], { params: { [b.idParam!]: `${b.idParam} is not of type string.` } });
  const key = String(id);
  const sent = await protectSecrets(ctx.app.config.dataDir, payloadOf(ctx, [...RECORD_FIELDS, ...(b.idParam ? [b.idParam] : [])]), b.secrets);
  // The state is checked and changed in one transaction, the record's key locked from the read
  // to the commit: two concurrent actions from one state cannot both pass the check.
  const record = await ctx.app.db.transaction().execute(async (trx) => {
    const existing = await getRecordToChange(trx, b.collection, key);
    // A record never acted on is in the spec's initial state, or in none: then it can only take
    // actions that name no starting state.
    const current = existing?.data[b.field] ?? b.initial;
    if (b.from && (current === undefined || !b.from.includes(String(current)))) {
      throw restError('rest_action_not_allowed', [current === undefined ? 'not set' : String(current), b.to], { from: current ?? null, to: b.to });
    }
    for (const [field, allowed] of Object.entries(b.requires ?? {})) {
      const value = existing?.data[field];
      if (value === undefined || !allowed.includes(String(value))) {
        throw restError('rest_action_requires', [field, allowed.join(' or ')], { field, required: allowed, actual: value ?? null });
      }
    }
    const data: Record<string, unknown> = { ...(existing?.data ?? {}), ...sent, [b.field]: b.to };
    for (const field of b.clear ?? []) delete data[field];
    return putRecord(trx, b.collection, key, data);
  });
  const extra = b.effect === 'clear-caches' ? { cleared: await clearCaches(ctx.app.db) } : {};
  // Records stored before params of these names were refused may still carry them: the record's own values win.
  const { id: _storedId, date_modified: _storedDate, ...fields } = record.data;
  return { data: maskSecrets({ ...(key === SINGLETON ? {} : { id: key }), ...fields, ...extra, date_modified: record.modified }) };
}
