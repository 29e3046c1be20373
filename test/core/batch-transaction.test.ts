/**
 * `POST /batch/v1` of core writes runs its items in one transaction, each in a savepoint
 * (runtime/rest/batch.ts): over HTTP, a batch of 25 creates whose 13th fails stores the other
 * 24, answers each item as it would alone, and everything it reports as created is there for the
 * very next read; a failing update in the middle leaves the item it targeted as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
}, 60_000);
afterAll(() => server.close());

async function batch(requests: unknown[]): Promise<Array<{ status: number; body: Record<string, any> }>> {
  const res = await fetch(`${server.restUrl}/batch/v1`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ requests }) });
  expect(res.status).toBe(207);
  return ((await res.json()) as { responses: Array<{ status: number; body: Record<string, any> }> }).responses;
}

describe('a batch in one transaction', () => {
  it('stores 24 of 25 creates when the 13th fails, each answered as alone', async () => {
    const requests = Array.from({ length: 25 }, (_, i) => ({
      path: '/core/v2/posts',
      // The 13th has nothing in title, content or excerpt: WordPress refuses it (empty_content).
      body: i === 12 ? { status: 'publish' } : { title: `Unit ${i}`, content: `<p>Body ${i}</p>`, status: 'publish' },
    }));
    const answers = await batch(requests);
    expect(answers.map((a) => a.status)).toEqual(requests.map((_, i) => (i === 12 ? 400 : 201)));
    expect(answers[12]!.body.code).toBe('empty_content');
    const ids = answers.filter((a) => a.status === 201).map((a) => a.body.id as number);
    expect(new Set(ids).size).toBe(24);
    // Slugs were reserved one after another inside the one transaction.
    expect(answers[0]!.body.slug).toBe('unit-0');

    const listed = (await (await fetch(`${server.restUrl}/core/v2/posts?per_page=100&search=Unit`)).json()) as Array<{ id: number; title: { rendered: string } }>;
    expect(listed.map((p) => p.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('leaves the target of a failing update as it was, and keeps the items around it', async () => {
    const [created] = await batch([{ path: '/core/v2/posts', body: { title: 'Target', status: 'publish' } }]);
    const id = created!.body.id as number;
    const answers = await batch([
      { path: '/core/v2/posts', body: { title: 'Before the failure', status: 'publish' } },
      // An author that does not exist: this item is refused and writes nothing.
      { path: `/core/v2/posts/${id}`, method: 'PUT', body: { title: 'Should not stick', author: 987654 } },
      { path: '/core/v2/posts', body: { title: 'After the failure', status: 'publish' } },
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 400, 201]);
    const target = (await (await fetch(`${server.restUrl}/core/v2/posts/${id}`)).json()) as { title: { rendered: string } };
    expect(target.title.rendered).toBe('Target');
  });
});
