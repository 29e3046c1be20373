/**
 * Post search through the engine's index (SQLite's FTS5, PostgreSQL's pg_trgm) finds exactly what WordPress's LIKE search finds, in
 * the same order: every query below is answered over HTTP with the index and again with it
 * switched off (the plain `instr(lower(...))` scan that mirrors WordPress's LIKE), and the
 * answers must be identical, relevance order included. The index follows inserts, updates
 * and deletes.
 */
import { CompiledQuery } from 'kysely';
import { FixedOffsetZone } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { searchIndexOf, useSearchIndex } from '../../runtime/content/search-index.ts';
import { listQueries } from '../../runtime/content/query.ts';
import { parseSearch } from '../../runtime/content/search.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';
import { testEngine } from '../../runtime/testing/test-database.ts';

let server: TestServer;

const POSTS: Array<[title: string, content: string, excerpt: string]> = [
  ['Apple pie recipe', 'Bake the apple pie for an hour.', ''],
  ['APPLE crumble', 'A crumble, not a pie.', ''],
  ['Orchard notes', 'We picked apples and pears.', 'Apple season'],
  ['Pie charts explained', 'Charts of every kind: pie, bar and line.', ''],
  ['Café crème', 'Un café au lait, s\'il vous plaît.', ''],
  ['CAFÉ CRÈME upper', 'Shouting about coffee.', ''],
  ['Über alles', 'über and ÜBER differ in case outside ASCII.', ''],
  ['Go and Rust', 'Go is short; so is C.', ''],
  ['Quotes "inside" a title', 'She said "hello world" twice.', ''],
  ['hello world', 'The classic first program.', 'hello'],
  ['Dash-separated words', 'Well-known dash-separated tokens.', ''],
  ['Percent 100% sure', 'Underscores_and_percents% are literal.', ''],
  ['Numbers 42 and 420', 'Post number 42 of many; number 4200 too.', ''],
  ['Nothing relevant', 'Lorem ipsum dolor sit amet.', 'Nothing'],
  ['Apple apple apple', 'Repeated words in the title.', 'apple'],
];

const SEARCHES: Array<Record<string, string>> = [
  { search: 'apple' },
  { search: 'Apple pie' },
  { search: 'apple -crumble' },
  { search: '"apple pie"' },
  { search: 'pie', search_columns: 'post_title' },
  { search: 'pie', search_columns: 'post_content' },
  { search: 'apple', search_columns: 'post_excerpt' },
  { search: 'apple', search_columns: 'post_title,post_excerpt' },
  { search: 'hello world', search_semantics: 'exact' },
  { search: 'hello world' },
  { search: 'café' },
  { search: 'CAFÉ' },
  { search: 'über' },
  { search: 'go' },
  { search: 'go rust' },
  { search: 'C' },
  { search: 'dash-separated' },
  { search: '100%' },
  { search: 'underscores_and' },
  { search: 'number 42' },
  { search: '42' },
  { search: 'pl' },
  { search: 'the apple' },
  { search: 'zzzz nothing matches' },
];

async function search(params: Record<string, string>, orderby: string): Promise<number[]> {
  const query = new URLSearchParams({ ...params, orderby, per_page: '100' });
  const res = await fetch(`${server.restUrl}/core/v2/posts?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ id: number }>).map((p) => p.id);
}

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  const rows = POSTS.map(([title, content, excerpt], i) => {
    const date = `2024-02-${String(i + 1).padStart(2, '0')} 10:00:00`;
    return { ...BLANK_POST, author: server.users.administrator.id, status: 'publish', slug: `p-${i}`, title, content, excerpt, date, date_gmt: date, modified: date, modified_gmt: date };
  });
  await server.app.db.insertInto('posts').values(rows).execute();
});
afterAll(() => server.close());

describe('full-text search keeps WordPress matching', () => {
  for (const params of SEARCHES) {
    for (const orderby of ['relevance', 'date']) {
      it(`${JSON.stringify(params)} by ${orderby}`, async () => {
        const db = server.app.db;
        const index = searchIndexOf(db);
        expect(index).toBeDefined();
        const withIndex = await search(params, orderby);
        useSearchIndex(db, undefined);
        try {
          expect(withIndex).toEqual(await search(params, orderby));
        } finally {
          useSearchIndex(db, index);
        }
      });
    }
  }

  it('finds something for the searches meant to match (the comparison is not of empty lists)', async () => {
    expect(await search({ search: 'apple' }, 'relevance')).toHaveLength(4);
    // Relevance: the phrase in the title first, then the newest.
    const ranked = await search({ search: 'apple pie' }, 'relevance');
    const titles = await Promise.all(ranked.map(async (id) => (await (await fetch(`${server.restUrl}/core/v2/posts/${id}`)).json()).title.rendered));
    expect(titles[0]).toBe('Apple pie recipe');
  });

  it('runs on the engine\'s index (query plan: FTS5 on SQLite, pg_trgm GIN on PostgreSQL)', async () => {
    const queries = await listQueries(server.app.db, { type: 'post', params: { search: 'apple pie', per_page: 10, page: 1 }, statuses: ['publish'], zone: FixedOffsetZone.utcInstance, sticky: new Set(), anonymous: true });
    // The query that reads through the index: the one that reads the matches kept for the pages
    // (this is a serving database), which a page in list order then leaves alone.
    const compiled = queries!.matches!.compile();
    if (testEngine() === 'postgres') {
      // The index's own condition, alone: with a handful of rows a scan is cheaper, so scans are
      // forbidden to see that the trigram indexes can answer it at all.
      const index = searchIndexOf(server.app.db)!;
      const narrowed = server.app.db.selectFrom('posts').select('id').where((eb) => index.candidates(eb, parseSearch('apple pie', false), ['title', 'content'])!).compile();
      const plan = await server.app.db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
        return trx.executeQuery(CompiledQuery.raw(`EXPLAIN ${narrowed.sql}`, [...narrowed.parameters]));
      });
      expect(compiled.sql).toContain('like lower(');
      expect((plan.rows as Array<{ 'QUERY PLAN': string }>).map((r) => r['QUERY PLAN']).join('\n')).toMatch(/posts_title_trgm/);
      return;
    }
    // SQLite: few candidates, so the index was read while the list was built and its ids are in
    // the query that reads the matches (kept for the pages: this is a serving database), which
    // looks the posts up by id.
    const index = searchIndexOf(server.app.db)!;
    const ids = await index.candidateIds!(server.app.db, parseSearch('apple pie', false), ['title', 'content', 'excerpt']);
    expect(ids!.length).toBeGreaterThan(0);
    expect(compiled.parameters).toEqual(expect.arrayContaining(ids!));
    const { rows } = await server.app.db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
    expect((rows as Array<{ detail: string }>).map((r) => r.detail).join('\n')).toMatch(/SEARCH posts USING (INTEGER PRIMARY KEY|.*\bid=\?)/);
    // The index's own query, as a list uses it when the candidates are many.
    const narrowed = server.app.db.selectFrom('posts').select('id').where((eb) => index.candidates(eb, parseSearch('apple pie', false), ['title', 'content'])!).compile();
    const plan = await server.app.db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${narrowed.sql}`, [...narrowed.parameters]));
    expect((plan.rows as Array<{ detail: string }>).map((r) => r.detail).join('\n')).toMatch(/posts_fts VIRTUAL TABLE INDEX/);
  });

  it('follows updates and deletes', async () => {
    const headers = { ...server.authHeaders('administrator'), 'content-type': 'application/json' };
    const [id] = await search({ search: 'Orchard' }, 'date');
    expect(id).toBeGreaterThan(0);
    await fetch(`${server.restUrl}/core/v2/posts/${id}`, { method: 'POST', headers, body: JSON.stringify({ title: 'Vineyard notes' }) });
    expect(await search({ search: 'Orchard' }, 'date')).toEqual([]);
    expect(await search({ search: 'vineyard' }, 'date')).toEqual([id]);
    await fetch(`${server.restUrl}/core/v2/posts/${id}?force=true`, { method: 'DELETE', headers });
    expect(await search({ search: 'vineyard' }, 'date')).toEqual([]);
  });
});
