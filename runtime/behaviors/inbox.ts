/**
 * `inbox`: an inbound webhook or event, stored exactly once. Senders retry; the dedupe key
 * (a param, a header, or a hash of the body) makes a retry answer `duplicate: true` instead of
 * storing the event twice. A sender that signs is checked before anything is stored; each
 * channel keeps only its newest `retain` events; a cache notification clears what it names.
 */
import canonicalJson from 'safe-stable-stringify';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { InboxBehavior } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { pagedResponse, pagingOf, payloadOf } from './payload.ts';
import { clearCaches } from '../cache/registry.ts';
import { upstreamEnvName } from '../upstream/base-url.ts';

export const DEFAULT_RETAIN = 1000;

export async function runInbox(ctx: HandlerContext, b: InboxBehavior): Promise<HandlerResult> {
  const db = ctx.app.db;
  if (b.op === 'list') {
    const { page, perPage } = pagingOf(ctx);
    const base = db.selectFrom('inbox').where('channel', '=', b.channel);
    const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const rows = await base.selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
    const items = rows.map((r) => ({ id: r.id, received: r.received, body: JSON.parse(r.body) as unknown }));
    return pagedResponse(items, total, perPage);
  }

  if (b.signature) verifySignature(ctx, b.signature);
  const body = payloadOf(ctx);
  const bodyText = JSON.stringify(body);
  const dedupeKey = dedupeKeyOf(ctx, b, bodyText);
  const headers = JSON.stringify(pickHeaders(ctx.request.headers));
  const inserted = await db
    .insertInto('inbox')
    .values({ channel: b.channel, dedupe_key: dedupeKey, received: new Date().toISOString(), headers, body: bodyText })
    .onConflict((oc) => oc.columns(['channel', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  const duplicate = Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0;
  const row = await db.selectFrom('inbox').select(['id', 'received']).where('channel', '=', b.channel).where('dedupe_key', '=', dedupeKey).executeTakeFirstOrThrow();
  if (!duplicate) await trimChannel(ctx, b.channel, b.retain ?? DEFAULT_RETAIN);
  const cleared = b.clears === 'caches' && !duplicate ? { cleared: await clearCaches(ctx.app.db, cacheNamesOf(body)) } : {};
  return { data: { received: true, duplicate, id: row.id, channel: b.channel, date: row.received, ...cleared } };
}

/** Deletes the channel's events older than its newest `retain`. */
async function trimChannel(ctx: HandlerContext, channel: string, retain: number): Promise<void> {
  const cutoff = await ctx.app.db.selectFrom('inbox').select('id').where('channel', '=', channel).orderBy('id', 'desc').offset(retain).limit(1).executeTakeFirst();
  if (cutoff) await ctx.app.db.deleteFrom('inbox').where('channel', '=', channel).where('id', '<=', cutoff.id).execute();
}

/** Caches an event names (`caches: [...]` or `cache: name`); none named means every cache. */
function cacheNamesOf(body: Record<string, unknown>): string[] | undefined {
  const named = body.caches ?? body.cache;
  if (typeof named === 'string' && named !== '') return [named];
  if (Array.isArray(named)) return named.filter((n): n is string => typeof n === 'string');
  return undefined;
}

/** The signing secret of a sender: server config `upstreams[setting]`, else `SPECPRESS_UPSTREAM_<SETTING>`. */
export function signingSecret(ctx: HandlerContext<unknown>, setting: string): string | undefined {
  return ctx.app.config.upstreams[setting] ?? process.env[upstreamEnvName(setting)];
}

/** HMAC-SHA256 of the raw body, hex (optionally `sha256=` prefixed), compared in constant time. */
function verifySignature(ctx: HandlerContext, sig: NonNullable<InboxBehavior['signature']>): void {
  const secret = signingSecret(ctx, sig.setting);
  if (!secret) throw restError('rest_signature_not_configured', [upstreamEnvName(sig.setting)], { setting: sig.setting });
  const sent = ctx.request.headers[sig.header.toLowerCase()];
  if (!sent) throw restError('rest_signature_required', [sig.header], { header: sig.header });
  const raw = ctx.request.rawBody ?? Buffer.from(ctx.request.body ? JSON.stringify(ctx.request.body) : '');
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(sent.replace(/^sha256=/, ''), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw restError('rest_signature_invalid', [sig.header], { header: sig.header });
}

function dedupeKeyOf(ctx: HandlerContext, b: InboxBehavior, bodyText: string): string {
  if (b.dedupeBy?.startsWith('header:')) {
    const value = ctx.request.headers[b.dedupeBy.slice('header:'.length).toLowerCase()];
    if (value) return value;
  } else if (b.dedupeBy) {
    const value = ctx.params[b.dedupeBy];
    // Only a scalar names a delivery as itself; an object or list id is hashed from its canonical
    // JSON (key order ignored), so distinct object ids never collide and a resent one still dedupes.
    if (typeof value === 'string' || typeof value === 'number') {
      if (value !== '') return String(value);
    } else if (value !== undefined && value !== null && typeof value === 'object') {
      return `id-sha256:${createHash('sha256').update(canonicalJson(value) ?? '').digest('hex')}`;
    }
  }
  return createHash('sha256').update(bodyText).digest('hex');
}

/** Headers worth keeping with an event: signatures and ids, never credentials. */
function pickHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'authorization' || name === 'cookie' || /nonce|token|secret|key|auth|password/.test(name)) continue;
    if (name.startsWith('x-') || name === 'content-type' || name === 'user-agent') kept[name] = value;
  }
  return kept;
}
