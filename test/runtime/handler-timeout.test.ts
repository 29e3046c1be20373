/**
 * answerInTime (runtime/http/handler-timeout.ts): one sweeper watches every request in flight.
 * A request past its limit is answered 503 in shape soon after the limit, one within it gets its
 * own answer or error, and nothing stays watched once answered.
 */
import { describe, expect, it, vi } from 'vitest';
import { answerInTime, watchedRequests } from '../../runtime/http/handler-timeout.ts';
import type { RestResponse } from '../../runtime/rest/types.ts';

const ok = (n: number): RestResponse => ({ status: 200, headers: {}, body: { n } });
const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('answerInTime', () => {
  it('passes a quick answer and a quick error through, and watches nothing afterwards', async () => {
    expect(await answerInTime(1_000, async () => ok(1))).toEqual(ok(1));
    await expect(answerInTime(1_000, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(watchedRequests()).toBe(0);
  });

  it('answers 503 with Retry-After soon after the limit, while the others in flight get their own answers', async () => {
    // On a fake clock: how late the sweeper answers is then its own doing, not a busy machine's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'], shouldClearNativeTimers: true });
    let finishSlow: ((response: RestResponse) => void) | undefined;
    try {
      const quick = Promise.all(Array.from({ length: 50 }, (_, i) => answerInTime(80, () => after(i % 20, ok(i + 1)))));
      // The slow one comes 1 ms after the sweeper started, so its deadline falls between two sweeps.
      await vi.advanceTimersByTimeAsync(1);
      let slow: RestResponse | undefined;
      void answerInTime(80, () => new Promise<RestResponse>((resolve) => (finishSlow = resolve))).then((response) => (slow = response));
      await vi.advanceTimersByTimeAsync(79);
      expect(slow).toBeUndefined(); // not before the limit
      expect((await quick).map((r) => (r.body as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      await vi.advanceTimersByTimeAsync(1 + 8); // at most a tenth of the limit late
      expect(slow?.status).toBe(503);
      expect(slow!.headers['Retry-After']).toBe('1');
      expect(slow!.body).toMatchObject({ code: 'rest_handler_timeout', data: { status: 503 } });
      expect(watchedRequests()).toBe(0);
    } finally {
      finishSlow?.(ok(0));
      vi.useRealTimers();
    }
  });

  it('a limit of 0 means no limit', async () => {
    expect(await answerInTime(0, () => after(30, ok(7)))).toEqual(ok(7));
  });
});
