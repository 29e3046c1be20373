/**
 * Answers embedded by `_embed` kept by the process (runtime/rest/embed.ts) on a server whose
 * answer cache is off: a page of posts embeds its authors and terms from memory the second time,
 * a rename of an embedded term or author shows at the next read, and each reader has its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { processCacheOf } from '../../runtime/cache/process-cache.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio', config: { answerCache: false } });
}, 60_000);
afterAll(() => server.close());

type Embedded = { _embedded: { author: Array<{ name: string }>; 'wp:term': Array<Array<{ name: string }>> } };
const counts = () => ({ ...(processCacheOf(server.app.db as Kysely<unknown>)!.counts.get('embeds') ?? { hits: 0, loads: 0 }) });
const admin = () => ({ ...server.authHeaders('administrator'), 'content-type': 'application/json' });
async function send(method: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.restUrl}${path}`, { method, headers: admin(), body: JSON.stringify(body) });
  expect(res.status).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
}
const embedded = async (headers: Record<string, string> = {}) => (await (await fetch(`${server.restUrl}/core/v2/posts?per_page=3&_embed=1`, { headers })).json()) as Embedded[];

describe('embedded answers kept by the process', () => {
  let category: number;
  beforeAll(async () => {
    category = (await send('POST', '/core/v2/categories', { name: 'Embedded shelf' })).id as number;
    for (let i = 0; i < 3; i++) await send('POST', '/core/v2/posts', { title: `Embedding ${i}`, status: 'publish', categories: [category] });
  });

  it('embeds the same author and terms from memory the second time, byte for byte', async () => {
    const first = JSON.stringify(await embedded());
    const before = counts();
    expect(JSON.stringify(await embedded())).toBe(first);
    const after = counts();
    expect(after.loads).toBe(before.loads);
    // One author (asked once per answer), and per post its categories, tags and replies (asked,
    // then left out as empty, as WordPress 6.8 does): 1 + 3 x 3 embedded answers.
    expect(after.hits - before.hits).toBe(10);
  });

  it('shows a renamed term at the next read', async () => {
    expect((await embedded())[0]!._embedded['wp:term'][0]![0]!.name).toBe('Embedded shelf');
    await send('POST', `/core/v2/categories/${category}`, { name: 'Renamed shelf' });
    expect((await embedded())[0]!._embedded['wp:term'][0]![0]!.name).toBe('Renamed shelf');
  });

  it('keeps what a signed-in reader is embedded apart from what an anonymous one is', async () => {
    await embedded();
    const before = counts();
    await embedded(server.authHeaders('administrator'));
    expect(counts().loads).toBeGreaterThan(before.loads);
  });
});
