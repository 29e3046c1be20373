/**
 * runtime/store/rate-counters.ts and runtime/cache/shared-cache.ts on whichever engine this run
 * uses (SPECPRESS_TEST_DATABASE): concurrent hits all counted, fixed and sliding windows, blocks
 * never shortened, long keys stored; shared answers expire and are cleared by prefix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../runtime/store/schema.ts';
import { blockedFor, blockUntil, countHit, forgetCounters } from '../../runtime/store/rate-counters.ts';
import { forgetShared, keepShared, readShared } from '../../runtime/cache/shared-cache.ts';
import { openTestDatabase } from '../../runtime/testing/test-database.ts';

let db: Kysely<Database>;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
});
afterAll(() => close());

const T = 1_800_000_000;

describe('rate counters', () => {
  it('counts 50 concurrent hits on one key as 1..50, each exactly once', async () => {
    const hits = await Promise.all(Array.from({ length: 50 }, () => countHit(db, 'concurrent', T, 60, 'fixed')));
    expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(hits.map((h) => h.expires))).toEqual(new Set([T + 60]));
  });

  it('a fixed window keeps its end and starts again at 1 once it is over', async () => {
    expect(await countHit(db, 'fixed', T, 60, 'fixed')).toEqual({ hits: 1, expires: T + 60 });
    expect(await countHit(db, 'fixed', T + 59, 60, 'fixed')).toEqual({ hits: 2, expires: T + 60 });
    expect(await countHit(db, 'fixed', T + 60, 60, 'fixed')).toEqual({ hits: 1, expires: T + 120 });
  });

  it('a sliding window moves its end with every hit', async () => {
    expect(await countHit(db, 'sliding', T, 60, 'sliding')).toEqual({ hits: 1, expires: T + 60 });
    expect(await countHit(db, 'sliding', T + 50, 60, 'sliding')).toEqual({ hits: 2, expires: T + 110 });
    expect(await countHit(db, 'sliding', T + 100, 60, 'sliding')).toEqual({ hits: 3, expires: T + 160 });
  });

  it('a block is the longest one set, ends with its window, and is forgotten on demand', async () => {
    await countHit(db, 'blocked', T, 600, 'sliding');
    await blockUntil(db, 'blocked', T + 100);
    await blockUntil(db, 'blocked', T + 30);
    expect(await blockedFor(db, ['blocked', 'unknown'], T)).toBe(100);
    expect(await blockedFor(db, ['blocked'], T + 100)).toBe(0);
    // Past the counter's window nothing blocks, whatever was set.
    await blockUntil(db, 'blocked', T + 10_000);
    expect(await blockedFor(db, ['blocked'], T + 600)).toBe(0);
    await forgetCounters(db, ['blocked']);
    expect(await countHit(db, 'blocked', T, 600, 'sliding')).toMatchObject({ hits: 1 });
  });

  it('counts a key longer than the column under its hash, apart from its prefix', async () => {
    const long = `name:${'x'.repeat(400)}`;
    expect((await countHit(db, long, T, 60, 'fixed')).hits).toBe(1);
    expect((await countHit(db, long, T, 60, 'fixed')).hits).toBe(2);
    expect((await countHit(db, `${long}y`, T, 60, 'fixed')).hits).toBe(1);
    await blockUntil(db, long, T + 5);
    expect(await blockedFor(db, [long], T)).toBe(5);
  });
});

describe('shared cache', () => {
  const now = new Date(T * 1000);
  it('answers a kept value until it expires, then nothing', async () => {
    await keepShared(db, 'test:a', { v: 1 }, 10, now);
    expect(await readShared(db, 'test:a', now)).toEqual({ v: 1 });
    await keepShared(db, 'test:a', { v: 2 }, 10, now);
    expect(await readShared(db, 'test:a', new Date((T + 9) * 1000))).toEqual({ v: 2 });
    expect(await readShared(db, 'test:a', new Date((T + 10) * 1000))).toBeUndefined();
  });

  it('forgets the keys of one prefix only, including ones with pattern characters', async () => {
    await keepShared(db, 'pre%_:1', 1, 60, now);
    await keepShared(db, 'pre%_:2', 2, 60, now);
    await keepShared(db, 'preXY:3', 3, 60, now);
    await forgetShared(db, 'pre%_:');
    expect(await readShared(db, 'pre%_:1', now)).toBeUndefined();
    expect(await readShared(db, 'pre%_:2', now)).toBeUndefined();
    expect(await readShared(db, 'preXY:3', now)).toBe(3);
  });
});
