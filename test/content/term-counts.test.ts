/**
 * A term's `count` is the number of published posts it holds. A create adds one to each of its
 * terms when it publishes (runtime/content/terms.ts setNewPostTerms) instead of recounting; every
 * other change recounts. Over HTTP, after creates one by one and in a batch (published, drafts,
 * explicit and default categories, tags), updates of status and terms, trash and delete, each
 * term's count must equal what the posts list reports for it (X-WP-Total of `?categories=`,
 * `?tags=`, which shows published posts to an anonymous reader). On SQLite the recount reads the
 * posts' status from the `posts_id_status` index, not from the rows.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { testEngine } from '../../runtime/testing/test-database.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
}, 60_000);
afterAll(() => server.close());

async function send(method: string, route: string, body?: unknown): Promise<any> {
  const res = await fetch(`${server.restUrl}${route}`, { method, headers: server.jsonHeaders('administrator'), body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.status, `${method} ${route}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json();
}

/** Every category and tag: its stored count, and the published posts the list finds for it. */
async function mismatches(): Promise<string[]> {
  const out: string[] = [];
  for (const [taxonomy, param] of [['categories', 'categories'], ['tags', 'tags']] as const) {
    const terms = (await (await fetch(`${server.restUrl}/core/v2/${taxonomy}?per_page=100&hide_empty=false`)).json()) as Array<{ id: number; count: number; name: string }>;
    for (const term of terms) {
      const listed = Number((await fetch(`${server.restUrl}/core/v2/posts?${param}=${term.id}&per_page=1`)).headers.get('x-wp-total'));
      if (listed !== term.count) out.push(`${taxonomy} ${term.name}: count ${term.count}, listed ${listed}`);
    }
  }
  return out;
}

describe('term counts', () => {
  let red: number;
  let blue: number;
  let tag: number;
  beforeAll(async () => {
    red = (await send('POST', '/core/v2/categories', { name: 'Red shelf' })).id;
    blue = (await send('POST', '/core/v2/categories', { name: 'Blue shelf' })).id;
    tag = (await send('POST', '/core/v2/tags', { name: 'Counted tag' })).id;
  });

  it('equal the published posts listed per term through creates, batches, updates, trash and delete', async () => {
    const before = (await (await fetch(`${server.restUrl}/core/v2/categories/${red}`)).json()).count as number;
    expect(before).toBe(0);
    const one = await send('POST', '/core/v2/posts', { title: 'Counted one', status: 'publish', categories: [red, blue], tags: [tag] });
    const draft = await send('POST', '/core/v2/posts', { title: 'Counted draft', status: 'draft', categories: [red], tags: [tag] });
    await send('POST', '/core/v2/posts', { title: 'Counted default', status: 'publish' });
    expect((await (await fetch(`${server.restUrl}/core/v2/categories/${red}`)).json()).count).toBe(1);
    expect(await mismatches()).toEqual([]);

    const batch = await send('POST', '/batch/v1', {
      requests: Array.from({ length: 12 }, (_, i) => ({
        path: '/core/v2/posts',
        body: { title: `Counted batch ${i}`, status: i % 3 === 0 ? 'draft' : 'publish', ...(i % 2 ? { categories: [blue, blue] } : {}), tags: i % 4 ? [tag] : [] },
      })),
    });
    expect(batch.responses.map((r: { status: number }) => r.status)).toEqual(Array(12).fill(201));
    expect(await mismatches()).toEqual([]);

    await send('POST', `/core/v2/posts/${draft.id}`, { status: 'publish' });
    await send('POST', `/core/v2/posts/${one.id}`, { categories: [blue], tags: [] });
    expect(await mismatches()).toEqual([]);
    await send('DELETE', `/core/v2/posts/${one.id}`);
    await send('DELETE', `/core/v2/posts/${draft.id}?force=true`);
    expect(await mismatches()).toEqual([]);
    expect((await (await fetch(`${server.restUrl}/core/v2/categories/${red}`)).json()).count).toBe(0);
  });

  it('recount can read the status of each post from an index (on SQLite, the plan uses it)', async () => {
    if (testEngine() === 'postgres') {
      const found = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'posts_id_status'`.execute(server.app.db);
      expect(found.rows[0]?.indexdef).toMatch(/\(id, status\)/);
      return;
    }
    const plan = await sql<{ detail: string }>`explain query plan select count(*) as n from term_relationships inner join posts on posts.id = term_relationships.post_id where term_relationships.term_id = ${red} and posts.status = 'publish'`.execute(server.app.db);
    const details = plan.rows.map((r) => r.detail);
    expect(details.some((d) => /posts USING COVERING INDEX posts_id_status/.test(d)), details.join('\n')).toBe(true);
  });
});
