/** `option`: one stored JSON value (per site or per user) with a default; writes merge into it, DELETE resets it. */
import type { Kysely } from 'kysely';
import type { OptionBehavior } from '../../contract/model.ts';
import type { Database } from '../store/schema.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { deleteRecord, getRecord, putRecord, scopedKey } from './records.ts';
import { payloadOf } from './payload.ts';
import { maskSecrets, protectSecrets } from '../secrets/secret-params.ts';

const COLLECTION = 'option';
type Db = Kysely<Database>;

/** The stored value of an option (or its default), secrets in their stored form: for other modules' reads. */
export async function readOption(ctx: HandlerContext, b: Pick<OptionBehavior, 'key' | 'scope' | 'default'>, db: Db = ctx.app.db): Promise<unknown> {
  const stored = await getRecord(db, COLLECTION, scopedKey(b.key, ctx.user?.id ?? null, b.scope));
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
  // Read and merged in one write transaction (the site's write lock on PostgreSQL): two
  // processes writing different fields at once both keep theirs.
  const value = await ctx.app.db.transaction().execute(async (trx) => {
    const current = await readOption(ctx, b, trx);
    const merged = b.merge !== false && isPlainObject(current) ? { ...current, ...incoming } : incoming;
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

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
