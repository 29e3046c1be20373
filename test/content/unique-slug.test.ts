/**
 * Slugs made unique in a fixed number of queries whatever the number of posts titled alike
 * (slug, then one past the highest slug-N); scope as WordPress: same type, pages among siblings,
 * attachments across every type; LIKE wildcards in a slug are literal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { uniqueSlug } from '../../runtime/content/slugs.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';
import type { Database } from '../../runtime/store/schema.ts';

let server: TestServer;
let queries = 0;
let counted: Kysely<Database>;

beforeAll(async () => {
  server = await startTestServer({ users: false });
  counted = server.app.db.withPlugin({ transformQuery: (args) => (queries++, args.node), transformResult: async (args) => args.result });
}, 60_000);
afterAll(() => server.close());

async function insert(slug: string, type = 'post', parent = 0, status = 'publish'): Promise<number> {
  const row = await server.app.db.insertInto('posts').values({ ...BLANK_POST, slug, type, parent, status }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

describe('uniqueSlug', () => {
  it('takes three indexed queries however many posts share the name (one when free), and picks one past the highest', async () => {
    await insert('same');
    for (let n = 2; n <= 300; n++) if (n !== 150) await insert(`same-${n}`);
    await insert('same-thing'); // not a numbered variant
    queries = 0;
    expect(await uniqueSlug(counted, 'same', { id: 0, type: 'post', status: 'publish', parent: 0 })).toBe('same-301');
    expect(queries).toBe(3);
    await insert('same-301');
    await insert('same-2-b'); // not a plain number: skipped
    queries = 0;
    expect(await uniqueSlug(counted, 'same', { id: 0, type: 'post', status: 'publish', parent: 0 })).toBe('same-302');
    expect(queries).toBe(3);
    queries = 0;
    expect(await uniqueSlug(counted, 'never-used', { id: 0, type: 'post', status: 'publish', parent: 0 })).toBe('never-used');
    expect(queries).toBe(1);
  });

  it('keeps an item\'s own slug, and a free one as is', async () => {
    const id = await insert('mine');
    expect(await uniqueSlug(counted, 'mine', { id, type: 'post', status: 'publish', parent: 0 })).toBe('mine');
    expect(await uniqueSlug(counted, 'fresh', { id: 0, type: 'post', status: 'publish', parent: 0 })).toBe('fresh');
  });

  it('scopes: other types do not collide; pages only among siblings; attachments with everything', async () => {
    await insert('scoped', 'post');
    expect(await uniqueSlug(counted, 'scoped', { id: 0, type: 'page', status: 'publish', parent: 0 })).toBe('scoped');
    await insert('child', 'page', 7);
    expect(await uniqueSlug(counted, 'child', { id: 0, type: 'page', status: 'publish', parent: 8 })).toBe('child');
    expect(await uniqueSlug(counted, 'child', { id: 0, type: 'page', status: 'publish', parent: 7 })).toBe('child-2');
    expect(await uniqueSlug(counted, 'scoped', { id: 0, type: 'attachment', status: 'inherit', parent: 0 })).toBe('scoped-2');
  });

  it('treats % and _ in a slug literally', async () => {
    await insert('a_b');
    await insert('axb-2');
    expect(await uniqueSlug(counted, 'a_b', { id: 0, type: 'post', status: 'publish', parent: 0 })).toBe('a_b-2');
    await insert('%d0%bf');
    expect(await uniqueSlug(counted, '%d0%bf', { id: 0, type: 'post', status: 'publish', parent: 0 })).toBe('%d0%bf-2');
  });

  it('leaves drafts as given', async () => {
    expect(await uniqueSlug(counted, 'same', { id: 0, type: 'post', status: 'draft', parent: 0 })).toBe('same');
  });
});
