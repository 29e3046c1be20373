/**
 * A bound on how long one request's answer may take. Past it the client gets a 503 in the
 * interface's shape with `Retry-After` rather than waiting on; the work itself cannot be
 * stopped halfway (a write finishes or rolls back in its transaction), so the message says the
 * request took too long, not that nothing happened.
 *
 * One sweeper checks the deadlines of every request in flight, a few times per limit, instead of
 * a timer per request: arming and clearing a timer was a measurable part of a cached read. An
 * answer past its time is sent at most a tenth of the limit (and 100 ms) late.
 */
import { restError } from '../rest/errors.ts';
import type { RestResponse } from '../rest/types.ts';

interface InFlight {
  deadline: number;
  limitMs: number;
  answerLate: (response: RestResponse) => void;
}

const inFlight = new Set<InFlight>();
let sweeper: NodeJS.Timeout | undefined;
let sweepEveryMs = 100;

function lateAnswer(limitMs: number): RestResponse {
  return { status: 503, headers: { 'Retry-After': String(Math.max(1, Math.ceil(limitMs / 1000))) }, body: restError('rest_handler_timeout', [String(limitMs)]).toBody() };
}

function sweep(): void {
  const now = performance.now();
  for (const request of inFlight) {
    if (request.deadline > now) continue;
    inFlight.delete(request);
    request.answerLate(lateAnswer(request.limitMs));
  }
  if (inFlight.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

function watch(request: InFlight): void {
  inFlight.add(request);
  const every = Math.min(100, Math.max(5, Math.floor(request.limitMs / 10)));
  if (sweeper && every >= sweepEveryMs) return;
  if (sweeper) clearInterval(sweeper);
  sweepEveryMs = every;
  // Unref'd: requests in flight keep the server open, not the sweeper.
  sweeper = setInterval(sweep, every).unref();
}

export function answerInTime(limitMs: number, work: () => Promise<RestResponse>): Promise<RestResponse> {
  if (!limitMs) return work();
  return new Promise<RestResponse>((resolve, reject) => {
    const request: InFlight = { deadline: performance.now() + limitMs, limitMs, answerLate: resolve };
    watch(request);
    work().then(
      (response) => {
        inFlight.delete(request);
        resolve(response);
      },
      (error: unknown) => {
        inFlight.delete(request);
        reject(error);
      },
    );
  });
}

/** Requests being watched now (for tests: a finished request must not stay watched). */
export function watchedRequests(): number {
  return inFlight.size;
}
