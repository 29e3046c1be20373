/**
 * `option`: one stored JSON value (per site or per user) with a default; writes merge into it,
 * DELETE resets it. Each write is bounded by its body (write-limits.ts), but merging lets a
 * value grow with every write, so the value as it would be stored is bounded too
 * (OPTION_BOUNDS): past them the write is refused with a 400 and nothing changes.
 */
import type { Kysely } from 'kysely';
import type { OptionBehavior } from '../../contract/model.ts';
import type { Database } from '../store/schema.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { deleteRecord, getRecord, getRecordToChange, putRecord, scopedKey } from './records.ts';
import { payloadOf } from './payload.ts';
import { maskSecrets, protectSecrets } from '../secrets/secret-params.ts';

const COLLECTION = 'option';
type Db = Kysely<Database>;

/**
 * What one stored value may hold, as JSON text and as top-level fields. A user's value (progress,
 * choices, preferences: a few flags) is written by any signed-in user, subscribers included, so
 * it is kept small; a site value is written by administrators and may hold whole settings.
 */
export const OPTION_BOUNDS = {
  user: { bytes: 64 * 1024, keys: 200 },
  site: { bytes: 1024 * 1024, keys: 2000 },
} as const;

/** The stored value of an option (or its default), secrets in their stored form: for other modules' reads. */
export async function readOption(ctx: HandlerContext<unknown>, b: Pick<OptionBehavior, 'key' | 'scope' | 'default'>, db: Db = ctx.app.db): Promise<unknown> {
  const stored = await getRecord(db, COLLECTION, scopedKey(b.key, ctx.user?.id ?? null, b.scope));
  return stored ? stored.data.value : structuredClone(b.default ?? {});
}

/** readOption for a write that merges into the value: other writers of the key wait for this transaction. */
async function readOptionToChange(ctx: HandlerContext, b: OptionBehavior, trx: Db): Promise<unknown> {
  const stored = await getRecordToChange(trx, COLLECTION, scopedKey(b.key, ctx.user?.id ?? null, b.scope));
  return stored ? stored.data.value : structuredClone(b.default ?? {});
}

export async function runOption(ctx: HandlerContext, b: OptionBehavior): Promise<HandlerResult> {
  const key = scopedKey(b.key, ctx.user?.id ?? null, b.scope);
  if (ctx.request.method === 'GET' || ctx.request.method === 'HEAD') return { data: maskSecrets(await withIncluded(ctx, await readOption(ctx, b), b.include)) };
  if (ctx.request.method === 'DELETE') {
    // Clearing a value brings back its default (an emptied log, a reset setting).
    await deleteRecord(ctx.app.db, COLLECTION, key);
    return { data: structuredClone(b.default ?? {}) };
  }

  const incoming = { ...(await protectSecrets(ctx.app.config.dataDir, payloadOf(ctx), b.secrets)), ...(b.set ?? {}) };
  // Read (the record's key locked until the commit) and merged in one transaction: two
  // processes writing different fields at once both keep theirs.
  const value = await ctx.app.db.transaction().execute(async (trx) => {
    const current = await readOptionToChange(ctx, b, trx);
    const merged = b.merge !== false && isPlainObject(current) ? { ...current, ...incoming } : incoming;
    checkBounds(merged, OPTION_BOUNDS[b.scope === 'user' ? 'user' : 'site']);
    await putRecord(trx, COLLECTION, key, { value: merged });
    return merged;
  });
  return { data: maskSecrets(value) };
}

/** The value plus the singleton records the spec includes (each without its own timestamps). */
async function withIncluded(ctx: HandlerContext, value: unknown, include: Record<string, string> | undefined): Promise<unknown> {
  if (!include || !isPlainObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [name, collection] of Object.entries(include)) out[name] = (await getRecord(ctx.app.db, collection, '_'))?.data ?? null;
  return out;
}

/** Throws the 400 when `value` would outgrow `bounds` (thrown inside the write's transaction, so nothing is stored). */
function checkBounds(value: Record<string, unknown>, bounds: { bytes: number; keys: number }): void {
  const keys = Object.keys(value).length;
  if (keys > bounds.keys) throw restError('rest_option_too_many_keys', [String(keys), String(bounds.keys)], { max_keys: bounds.keys });
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > bounds.bytes) throw restError('rest_option_too_large', [String(bytes), String(bounds.bytes)], { max_bytes: bounds.bytes });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
