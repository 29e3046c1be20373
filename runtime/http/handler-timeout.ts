/**
 * A bound on how long one request's answer may take. Past it the client gets a 503 in the
 * interface's shape with `Retry-After` rather than waiting on; the work itself cannot be
 * stopped halfway (a write finishes or rolls back in its transaction), so the message says the
 * request took too long, not that nothing happened.
 */
import { restError } from '../rest/errors.ts';
import type { RestResponse } from '../rest/types.ts';

export async function answerInTime(limitMs: number, work: () => Promise<RestResponse>): Promise<RestResponse> {
  if (!limitMs) return work();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<RestResponse>((resolve) => {
    timer = setTimeout(() => resolve({ status: 503, headers: { 'Retry-After': String(Math.max(1, Math.ceil(limitMs / 1000))) }, body: restError('rest_handler_timeout', [String(limitMs)]).toBody() }), limitMs);
  });
  try {
    return await Promise.race([work(), late]);
  } finally {
    clearTimeout(timer);
  }
}
