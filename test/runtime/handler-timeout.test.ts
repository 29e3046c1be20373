/**
 * answerInTime (runtime/http/handler-timeout.ts): one sweeper watches every request in flight.
 * A request past its limit is answered 503 in shape soon after the limit, one within it gets its
 * own answer or error, and nothing stays watched once answered.
 */
import { describe, expect, it } from 'vitest';
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
    const started = performance.now();
    const [slow, ...quick] = await Promise.all([
      answerInTime(80, () => after(2_000, ok(0))),
      ...Array.from({ length: 50 }, (_, i) => answerInTime(80, () => after(i % 20, ok(i + 1)))),
    ]);
    const took = performance.now() - started;
    expect(slow!.status).toBe(503);
    expect(slow!.headers['Retry-After']).toBe('1');
    expect(slow!.body).toMatchObject({ code: 'rest_handler_timeout', data: { status: 503 } });
    // At most a tenth of the limit late, with room for a busy machine.
    expect(took).toBeGreaterThanOrEqual(79);
    expect(took).toBeLessThan(80 + 8 + 200);
    expect(quick.map((r) => (r.body as { n: number }).n)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(watchedRequests()).toBe(0);
  });

  it('a limit of 0 means no limit', async () => {
    expect(await answerInTime(0, () => after(30, ok(7)))).toEqual(ok(7));
  });
});
