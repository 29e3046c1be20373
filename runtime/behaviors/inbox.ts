/**
 * `inbox`: an inbound webhook or event, stored exactly once. Senders retry; the dedupe key
 * (a param, a header, or a hash of the body) makes a retry answer `duplicate: true` instead of
 * storing the event twice.
 */
import { createHash } from 'node:crypto';
import type { InboxBehavior } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { pagedResponse, pagingOf, payloadOf } from './payload.ts';

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
  return { data: { received: true, duplicate, id: row.id, channel: b.channel, date: row.received } };
}

function dedupeKeyOf(ctx: HandlerContext, b: InboxBehavior, bodyText: string): string {
  if (b.dedupeBy?.startsWith('header:')) {
    const value = ctx.request.headers[b.dedupeBy.slice('header:'.length).toLowerCase()];
    if (value) return value;
  } else if (b.dedupeBy) {
    const value = ctx.params[b.dedupeBy];
    if (value !== undefined && value !== null && value !== '') return String(value);
  }
  return createHash('sha256').update(bodyText).digest('hex');
}

/** Headers worth keeping with an event: signatures and ids, never credentials. */
function pickHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'authorization' || name === 'cookie') continue;
    if (name.startsWith('x-') || name === 'content-type' || name === 'user-agent') kept[name] = value;
  }
  return kept;
}
