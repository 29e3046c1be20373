/**
 * Bounds of behaviour writes (issue 14.1): a body no larger than what the endpoint takes (413),
 * and anonymous writes limited per client address (429 with Retry-After). Defaults fit what
 * the endpoints receive: an inbound notification is kilobytes, a settings write a few dozen.
 * The spec's `limits` on a behaviour overrides them. The per-address counts are the site's
 * shared rate counters (runtime/store/rate-counters.ts): a limit holds as one across every
 * process serving the site.
 */
import type { Behavior, WriteLimits } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext } from '../rest/types.ts';
import { countHit } from '../store/rate-counters.ts';

export const DEFAULT_LIMITS = {
  /** Inbound events: notifications, callbacks, feedback. */
  inboxBodyBytes: 16 * 1024,
  /** Every other behaviour write. */
  bodyBytes: 256 * 1024,
  /** Anonymous writes per minute from one address, per endpoint. */
  anonymousPerMinute: 60,
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Throws the 413, or the 429 with its Retry-After; returns when the write may go on. */
export async function enforceWriteLimits(ctx: HandlerContext, behavior: Behavior): Promise<void> {
  if (READS.has(ctx.request.method.toUpperCase()) || behavior.kind === 'index' || behavior.kind === 'catalog') return;
  if (behavior.kind === 'inbox' && behavior.op === 'list') return;
  const limits: WriteLimits = ('limits' in behavior && behavior.limits) || {};
  const maxBytes = limits.maxBodyBytes ?? (behavior.kind === 'inbox' ? DEFAULT_LIMITS.inboxBodyBytes : DEFAULT_LIMITS.bodyBytes);
  // A batch sub-request carries its body parsed: its JSON text is what it weighs.
  const size = ctx.request.rawBody?.length ?? (ctx.request.body ? Buffer.byteLength(JSON.stringify(ctx.request.body)) : Number(ctx.request.headers['content-length'] ?? 0));
  if (size > maxBytes) throw restError('rest_body_too_large', [String(maxBytes)], { max_body_bytes: maxBytes });
  if (ctx.user) return;
  await limitPerAddress(ctx, limits.perMinute ?? DEFAULT_LIMITS.anonymousPerMinute);
}

/** One write of this endpoint from the client's address: throws the 429 (with Retry-After) past `perMinute`. */
export async function limitPerAddress(ctx: HandlerContext<unknown>, perMinute: number): Promise<void> {
  const now = Math.floor(ctx.app.now().getTime() / 1000);
  const { hits, expires } = await countHit(ctx.app.db, `write:${ctx.endpoint.operationId}|${ctx.request.ip ?? 'unknown'}`, now, 60, 'fixed');
  if (hits <= perMinute) return;
  const seconds = Math.max(1, expires - now);
  throw restError('rest_too_many_requests', [String(seconds)], { retry_after: seconds }).withHeaders({ 'Retry-After': String(seconds) });
}
