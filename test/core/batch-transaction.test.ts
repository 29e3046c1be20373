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

  it('answers each create of a run exactly as a read of the item in the edit context does', async () => {
    const answers = await batch([
      ...Array.from({ length: 6 }, (_, i) => ({ path: '/core/v2/posts', body: { title: `Alike ${i % 2}`, content: `<p>Words ${i}</p>`, status: 'publish', categories: [1], tags: [] } })),
      { path: '/core/v2/posts?_fields=id,slug,title', body: { title: 'Fields only', status: 'publish' } },
      { path: '/core/v2/pages', body: { title: 'A page', status: 'publish' } },
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201, 201, 201]);
    for (const [i, answer] of answers.entries()) {
      if (i === 6) continue;
      const plural = i === 7 ? 'pages' : 'posts';
      const read = await fetch(`${server.restUrl}/core/v2/${plural}/${answer.body.id}?context=edit`, { headers: server.authHeaders('administrator') });
      expect(answer.body).toEqual(await read.json());
    }
    expect(Object.keys(answers[6]!.body).sort()).toEqual(['id', 'slug', 'title']);
    expect(answers[6]!.body.title).toEqual({ raw: 'Fields only', rendered: 'Fields only' });
  });

  it('shows each create the generated_slug it had when written, whatever later items take', async () => {
    const made = await batch([1, 2, 3].map(() => ({ path: '/core/v2/posts', body: { title: 'Gap', status: 'publish' } })));
    expect(made.map((a) => a.body.slug)).toEqual(['gap', 'gap-2', 'gap-3']);
    // The first item takes gap-4, which WordPress shows it as its own. A draft keeps the slug it
    // is given even when taken: the second item holds gap-4 too, after which the first one's
    // sample would be gap-5.
    const [first, second] = await batch([
      { path: '/core/v2/posts', body: { title: 'Gap', status: 'publish' } },
      { path: '/core/v2/posts', body: { title: 'Other', slug: 'gap-4', status: 'draft' } },
    ]);
    expect(first!.body.slug).toBe('gap-4');
    expect(first!.body.generated_slug).toBe('gap-4');
    expect(second!.body.slug).toBe('gap-4');
    const later = await fetch(`${server.restUrl}/core/v2/posts/${first!.body.id}?context=edit`, { headers: server.authHeaders('administrator') });
    expect(((await later.json()) as { generated_slug: string }).generated_slug).toBe('gap-5');
  });

  it('answers a create as it was before a later item of another kind changed what it shows', async () => {
    const res = await fetch(`${server.restUrl}/core/v2/categories`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ name: 'Short lived' }) });
    const category = ((await res.json()) as { id: number; slug: string }).id;
    const [post, removed, after] = await batch([
      { path: '/core/v2/posts', body: { title: 'Filed', status: 'publish', categories: [category] } },
      { path: `/core/v2/categories/${category}?force=true`, method: 'DELETE' },
      { path: '/core/v2/posts', body: { title: 'Filed after', status: 'publish' } },
    ]);
    expect([post!.status, removed!.status, after!.status]).toEqual([201, 200, 201]);
    // WordPress answers each item when it has run: the category was still there.
    expect(post!.body.categories).toEqual([category]);
    expect(post!.body.class_list).toContain('category-short-lived');
    const now = (await (await fetch(`${server.restUrl}/core/v2/posts/${post!.body.id}?context=edit`, { headers: server.authHeaders('administrator') })).json()) as { categories: number[] };
    expect(now.categories).not.toContain(category);
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
