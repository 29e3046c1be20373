/**
 * Comments, as far as posts' `replies` links need them. This server does not store comments
 * (nothing can create one), so every list is truthfully empty: `[]` with totals of 0, which
 * `_embed` leaves out as WordPress does for a post without comments.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { asResult } from '../rest/answer.ts';

/** Reads none of its params: an empty list whatever they ask. */
export function list<R>(_ctx: HandlerContext<unknown>): HandlerResult<R> {
  return asResult<R>([], { headers: { 'X-WP-Total': '0', 'X-WP-TotalPages': '0' } });
}
