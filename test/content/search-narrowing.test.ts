/**
 * Which search terms the full-text index narrows by (runtime/store/sqlite/fulltext.ts): a term
 * most posts hold is left to the exact condition read in the list's order, a rare one goes
 * through the index, several common ones are intersected by the index, a two-character one goes
 * through the trigrams it begins, and a page narrows only where that beats reading in order; what
 * is found is the same whichever way (compared with the index switched off). On PostgreSQL the trigram index has
 * no estimate: every usable term narrows, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { searchIndexOf, useSearchIndex } from '../../runtime/content/search-index.ts';
import { parseSearch } from '../../runtime/content/search.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';
import { DENSE_POSTS } from '../../runtime/store/sqlite/fulltext.ts';
import { testEngine } from '../../runtime/testing/test-database.ts';
import { inScanOrder, keptMatchesKey, listQueries, MAX_KEPT_MATCHES, MAX_KEPT_RANKED, prefixSize } from '../../runtime/content/query.ts';
import { processCacheOf } from '../../runtime/cache/process-cache.ts';
import { CompiledQuery, type Kysely } from 'kysely';
import { Settings } from 'luxon';

let server: TestServer;
// Enough posts holding "common" (and, apart, "frequent") that the index would list too many.
const COMMON = DENSE_POSTS + 50;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  const rows = Array.from({ length: COMMON }, (_, i) => {
    const date = `2024-01-01 ${String(Math.floor(i / 3600) % 24).padStart(2, '0')}:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
    const words = `common ${i % 2 ? 'frequent' : 'usual'} item ${i}${i % 997 === 0 ? ' rarity' : ''}`;
    return { ...BLANK_POST, author: server.users.administrator.id, status: 'publish', slug: `n-${i}`, title: `Entry ${i}`, content: words, date, date_gmt: date, modified: date, modified_gmt: date };
  });
  for (let i = 0; i < rows.length; i += 500) await server.app.db.insertInto('posts').values(rows.slice(i, i + 500)).execute();
}, 120_000);
afterAll(() => server.close());

/** The terms the count narrows by (and, with `wanted`, those the page does). */
const narrowed = async (search: string, wanted = 10) => (await narrowing(search, wanted)).count;
const narrowing = async (search: string, wanted = 10) => {
  const index = searchIndexOf(server.app.db)!;
  const terms = parseSearch(search, false);
  const texts = (list: Array<{ text: string }>) => list.map((t) => t.text);
  if (!index.narrowing) return { count: texts(terms), page: texts(terms) };
  const { count, page } = await index.narrowing(server.app.db, terms, wanted);
  return { count: texts(count), page: texts(page) };
};

async function found(search: string, page = 1, extra: Record<string, string> = {}): Promise<{ ids: number[]; total: string | null }> {
  const res = await fetch(`${server.restUrl}/core/v2/posts?${new URLSearchParams({ search, per_page: '20', page: String(page), ...extra })}`);
  expect(res.status).toBe(200);
  return { ids: ((await res.json()) as Array<{ id: number }>).map((p) => p.id), total: res.headers.get('x-wp-total') };
}

describe('search narrowing', () => {
  it('narrows by rare terms, intersects several common ones, and leaves one common term alone', async () => {
    if (testEngine() === 'postgres') {
      expect(searchIndexOf(server.app.db)!.narrowing).toBeUndefined();
      expect(await narrowed('common rarity')).toEqual(['common', 'rarity']);
      return;
    }
    expect(await narrowed('common')).toEqual([]);
    expect(await narrowed('common rarity')).toEqual(['rarity']);
    expect(await narrowed('frequent usual')).toEqual(['frequent', 'usual']);
    // Two characters: found as the trigrams they begin (every column ends with a mark, so even
    // "Entry 42" holds one); a single character is left to the scan.
    expect(await narrowed('42')).toEqual(['42']);
    expect(await narrowed('zq')).toEqual(['zq']);
    expect(await narrowed('4')).toEqual([]);
    // Few candidates are listed by id (kept with the compiled list); many are left to the index's query.
    const index = searchIndexOf(server.app.db)!;
    const all = ['title', 'content', 'excerpt'] as Array<'title' | 'content' | 'excerpt'>;
    expect(await index.candidateIds!(server.app.db, parseSearch('rarity', false), all)).toHaveLength(Math.floor((COMMON - 1) / 997) + 1);
    expect(await index.candidateIds!(server.app.db, parseSearch('common item', false), all)).toBeUndefined();
  });

  it('narrows a page only when its candidates cost less than the rows read in order before it is full', async () => {
    if (testEngine() === 'postgres') return;
    // Half the posts say "usual": the count lists them, a page of 10 finds its rows within ~20.
    expect(await narrowing('usual')).toEqual({ count: ['usual'], page: [] });
    // Ranked by relevance, a page reads every match: it narrows as the count does.
    expect(await narrowing('usual', Infinity)).toEqual({ count: ['usual'], page: ['usual'] });
    // Six posts say "rarity": both go through the index.
    expect(await narrowing('rarity')).toEqual({ count: ['rarity'], page: ['rarity'] });
    // Several common terms are intersected by the index, but not common two-character ones (each
    // a union of many trigram lists): "co" and "it" are in every post.
    expect(await narrowing('common item')).toEqual({ count: ['common', 'item'], page: ['common', 'item'] });
    expect(await narrowing('co it')).toEqual({ count: [], page: [] });
  });

  it('finds a two-character term nowhere without reading the posts', async () => {
    if (testEngine() === 'postgres') return;
    const index = searchIndexOf(server.app.db)!;
    const { count } = await index.narrowing!(server.app.db, parseSearch('zq', false), 10);
    expect(await index.candidateIds!(server.app.db, count, ['title', 'content', 'excerpt'])).toEqual([]);
  });

  for (const search of ['common', 'common rarity', 'frequent usual', 'common item', 'common 42', 'frequent -rarity', 'rarity', '42', 'zq', 'RA', 'usual', 'y 4', 'co it']) {
    it(`finds for "${search}" what the plain scan finds`, async () => {
      const db = server.app.db;
      const index = searchIndexOf(db);
      const withIndex = await found(search);
      useSearchIndex(db, undefined);
      try {
        expect(withIndex).toEqual(await found(search));
      } finally {
        useSearchIndex(db, index);
      }
    });
  }

  // Other orders and a later page, kept matches (rare and intersected terms) or not.
  for (const search of ['usual', 'rarity item', 'common item', 'common 42']) {
    for (const orderby of ['relevance', 'title', 'date']) {
      it(`finds for "${search}", orderby=${orderby}, page 2, what the plain scan finds`, async () => {
        const db = server.app.db;
        const index = searchIndexOf(db);
        const read = () => {
          processCacheOf(db as Kysely<unknown>)?.forget('answers');
          return found(search, 2, { orderby, order: 'asc', per_page: '3' });
        };
        const withIndex = await read();
        expect(await read()).toEqual(withIndex);
        useSearchIndex(db, undefined);
        try {
          expect(withIndex).toEqual(await read());
        } finally {
          useSearchIndex(db, index);
        }
      });
    }
  }

  it('the searches compared are not empty (except the one meant to be)', async () => {
    expect((await found('common')).total).toBe(String(COMMON));
    expect(Number((await found('rarity')).total)).toBe(Math.floor((COMMON - 1) / 997) + 1);
    expect((await found('frequent usual')).total).toBe('0');
    // "42" ends many a title and content ("Entry 42", "item 42"): the column-end mark finds those.
    expect(Number((await found('42')).total)).toBeGreaterThan(50);
    expect(Number((await found('RA')).total)).toBe(Math.floor((COMMON - 1) / 997) + 1);
  });
});

describe('a page read from the matches its count kept', () => {
  // "usual" is in half the posts: counted through the index, its matches kept in date order.
  it('answers as the plain scan does, reads its page from the kept matches, and follows writes', async () => {
    if (testEngine() === 'postgres') return;
    const db = server.app.db;
    const cache = processCacheOf(db as Kysely<unknown>)!;
    const index = searchIndexOf(db);
    // Whole answers are kept for a second: each read below is answered from the database.
    const read = (search: string, page: number) => {
      cache.forget('answers');
      return found(search, page);
    };
    useSearchIndex(db, undefined);
    const plain = await read('usual', 3);
    const plainFirst = await read('usual', 1);
    useSearchIndex(db, index);
    // The first answer reads the matches and keeps them; the next pages are slices of them.
    expect(await read('usual', 3)).toEqual(plain);
    expect(await read('usual', 1)).toEqual(plainFirst);
    expect(plain.ids).toHaveLength(20);

    // The page really is a slice of what is kept: with the kept list changed, the answer follows it.
    const queries = await listQueries(db, { type: 'post', params: { search: 'usual', per_page: 20, page: 1 }, statuses: ['publish'], zone: Settings.defaultZone, sticky: new Set(), anonymous: true });
    expect(queries?.matches).toBeDefined();
    const matches = queries!.matches!.compile();
    // Read once per data version, but never by walking every post in date order: by id, then sorted.
    const plan = (await db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${matches.sql}`, [...matches.parameters]))).rows as Array<{ detail: string }>;
    const reads = plan.map((r) => r.detail).filter((d) => /^(SCAN|SEARCH) posts\b/.test(d));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/^SEARCH posts USING .*\b(rowid|id)=\?\)$/);
    expect(plan.some((r) => r.detail.includes('TEMP B-TREE FOR ORDER BY'))).toBe(true);
    const key = keptMatchesKey(matches);
    const kept = cache.lookup('posts', key)?.value as number[];
    expect(kept).toHaveLength(Number(plain.total));
    cache.store('posts', key, kept.slice(1), cache.generation('posts'));
    const shifted = await read('usual', 1);
    expect(shifted.ids).toEqual(kept.slice(1, 21));
    expect(Number(shifted.total)).toBe(Number(plain.total) - 1);
    cache.store('posts', key, kept, cache.generation('posts'));
    expect(await read('usual', 1)).toEqual(plainFirst);
    // Past the last match: WordPress's error for a page out of range, as without the kept matches.
    cache.forget('answers');
    const past = await fetch(`${server.restUrl}/core/v2/posts?search=usual&per_page=20&page=${Math.ceil(Number(plain.total) / 20) + 1}`);
    expect(past.status).toBe(400);
    expect(((await past.json()) as { code: string }).code).toBe('rest_post_invalid_page_number');

    // A new post that says it is the next read's first match, and counted.
    const res = await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ title: 'Fresh', content: 'usual words', status: 'publish' }) });
    expect(res.status).toBe(201);
    const created = ((await res.json()) as { id: number }).id;
    const after = await read('usual', 1);
    expect(after.ids[0]).toBe(created);
    expect(Number(after.total)).toBe(Number(plain.total) + 1);
    expect(await read('usual', 1)).toEqual(after);
    // One that stops matching leaves the next read.
    const edit = await fetch(`${server.restUrl}/core/v2/posts/${created}`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ content: 'other words' }) });
    expect(edit.status).toBe(200);
    expect(await read('usual', 1)).toEqual(plainFirst);
  });
});

describe('which matches are kept', () => {
  const kept = async (search: string, orderby = 'date') => {
    const db = server.app.db;
    processCacheOf(db as Kysely<unknown>)!.forget('answers');
    const answer = await found(search, 1, { orderby });
    const queries = await listQueries(db, { type: 'post', params: { search, per_page: 20, page: 1, orderby }, statuses: ['publish'], zone: Settings.defaultZone, sticky: new Set(), anonymous: true });
    const entry = queries?.matches && processCacheOf(db as Kysely<unknown>)!.lookup('posts', keptMatchesKey(queries.matches.compile()));
    return { answer, entry };
  };

  it('keeps a rare term\'s matches in the page\'s order, by relevance too, and not more than MAX_KEPT_MATCHES (MAX_KEPT_RANKED by relevance)', async () => {
    if (testEngine() === 'postgres') return;
    const rare = await kept('rarity');
    expect(rare.entry?.value).toEqual(rare.answer.ids);
    const ranked = await kept('rarity item', 'relevance');
    expect(ranked.entry?.value).toEqual(ranked.answer.ids);
    // "common item" is in every post, more than are kept: its count says so first, and its
    // matches are never read (that query would read and sort every one of them).
    expect(COMMON).toBeGreaterThan(MAX_KEPT_MATCHES);
    const common = await kept('common item');
    expect(common.entry).toBeUndefined();
    // Its page is read in the list's order, not through the index (which would list every match first).
    const queries = await listQueries(server.app.db, { type: 'post', params: { search: 'common item', per_page: 20, page: 1, orderby: 'date' }, statuses: ['publish'], zone: Settings.defaultZone, sticky: new Set(), anonymous: true });
    expect(queries!.page.compile().sql).not.toContain('posts_fts');
    expect(queries!.count.compile().sql).toContain('posts_fts');
    // Ranked by relevance, where a page not kept would read every match on every request, far more are kept.
    expect(COMMON).toBeLessThan(MAX_KEPT_RANKED);
    const rankedCommon = await kept('common item', 'relevance');
    expect(rankedCommon.entry?.value).toHaveLength(COMMON);
    expect((rankedCommon.entry!.value as number[]).slice(0, 20)).toEqual(rankedCommon.answer.ids);
    expect(common.answer.total).toBe(String(COMMON));
    expect(common.answer.ids).toHaveLength(20);
  });
});

describe('a page read from the first matches kept, when the matches are too many to keep', () => {
  const input = (search: string, perPage: number, page: number) => ({ type: 'post', params: { search, per_page: perPage, page }, statuses: ['publish'], zone: Settings.defaultZone, sticky: new Set<number>(), anonymous: true });
  /** Every published post holding each word, newest first: what any page of the search must be a slice of. */
  const holding = async (...words: string[]): Promise<number[]> => {
    const rows = await server.app.db.selectFrom('posts').select(['id', 'date', 'title', 'content', 'excerpt']).where('type', '=', 'post').where('status', '=', 'publish').where('password', '=', '').execute();
    const has = (r: (typeof rows)[number], w: string) => [r.title, r.content, r.excerpt].some((text) => text.toLowerCase().includes(w));
    return rows.filter((r) => words.every((w) => has(r, w))).sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id)).map((r) => r.id);
  };
  const read = (search: string, page: number, perPage: number) => {
    processCacheOf(server.app.db as Kysely<unknown>)!.forget('answers');
    return found(search, page, { per_page: String(perPage) });
  };

  it('sizes the prefix as the smallest power of two holding the page, from 16 up to MAX_KEPT_MATCHES', () => {
    expect([1, 10, 16, 17, 20, 100, 129, 4500, MAX_KEPT_MATCHES].map(prefixSize)).toEqual([16, 16, 16, 32, 32, 128, 256, MAX_KEPT_MATCHES, MAX_KEPT_MATCHES]);
  });

  // "common item" is in every post: more matches than are kept (in date order).
  it('answers every page as the matches in order give it, from a kept prefix up to MAX_KEPT_MATCHES and read in order past it', async () => {
    const db = server.app.db;
    const cache = processCacheOf(db as Kysely<unknown>)!;
    const all = await holding('common', 'item');
    expect(all.length).toBeGreaterThan(MAX_KEPT_MATCHES);
    for (const [page, perPage] of [[1, 20], [3, 20], [2, 100], [50, 100]]) {
      const answer = await read('common item', page, perPage);
      expect(answer.ids, `page ${page} of ${perPage}`).toEqual(all.slice((page - 1) * perPage, page * perPage));
      expect(answer.total).toBe(String(all.length));
      const queries = await listQueries(db, input('common item', perPage, page));
      const prefix = queries!.prefix!(prefixSize(page * perPage)).compile();
      const kept = cache.lookup('posts', keptMatchesKey(prefix))?.value as number[] | undefined;
      expect(kept).toEqual(all.slice(0, prefixSize(page * perPage)));
    }
    // Page 51 of 100 ends past MAX_KEPT_MATCHES: read in order, whatever the longest prefix says.
    const longest = (await listQueries(db, input('common item', 100, 50)))!.prefix!(MAX_KEPT_MATCHES).compile();
    const key = keptMatchesKey(longest);
    const kept = cache.lookup('posts', key)!.value as number[];
    cache.store('posts', key, [...kept].reverse(), cache.generation('posts'));
    expect((await read('common item', 51, 100)).ids).toEqual(all.slice(5_000, 5_100));
    expect((await read('common item', 50, 100)).ids).toEqual([...kept].reverse().slice(4_900, 5_000));
    cache.store('posts', key, kept, cache.generation('posts'));
  });

  it('reads its page from the kept prefix, by id, and follows writes', async () => {
    if (testEngine() === 'postgres') return;
    const db = server.app.db;
    const cache = processCacheOf(db as Kysely<unknown>)!;
    const before = await read('common item', 1, 20);
    const queries = await listQueries(db, input('common item', 20, 1));
    const prefix = queries!.prefix!(prefixSize(20)).compile();
    // The prefix is read in the list's order (the date index), never by listing every match first.
    const plan = (await db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${prefix.sql}`, [...prefix.parameters]))).rows as Array<{ detail: string }>;
    expect(plan.some((r) => r.detail.includes('TEMP B-TREE'))).toBe(false);
    expect(prefix.sql).not.toContain('posts_fts');
    // The page really is a slice of the prefix: with the kept prefix changed, the answer follows it.
    const key = keptMatchesKey(prefix);
    const kept = cache.lookup('posts', key)!.value as number[];
    cache.store('posts', key, kept.slice(1), cache.generation('posts'));
    expect((await read('common item', 1, 20)).ids).toEqual(kept.slice(1, 21));
    cache.store('posts', key, kept, cache.generation('posts'));
    expect(await read('common item', 1, 20)).toEqual(before);

    // A new match is the next read's first; one edited away leaves it.
    const res = await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ title: 'Newest', content: 'a common item too', status: 'publish' }) });
    expect(res.status).toBe(201);
    const created = ((await res.json()) as { id: number }).id;
    const after = await read('common item', 1, 20);
    expect(after.ids).toEqual([created, ...before.ids.slice(0, 19)]);
    expect(Number(after.total)).toBe(Number(before.total) + 1);
    const edit = await fetch(`${server.restUrl}/core/v2/posts/${created}`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ content: 'nothing shared' }) });
    expect(edit.status).toBe(200);
    expect(await read('common item', 1, 20)).toEqual(before);
    expect((await fetch(`${server.restUrl}/core/v2/posts/${created}?force=true`, { method: 'DELETE', headers: server.jsonHeaders('administrator') })).status).toBe(200);
  });
});

describe('a search with few candidates', () => {
  // "rarity" is in 6 posts: its candidates are listed by id, their text tested once per data version.
  it('lists the matches of its candidates, and follows writes that add, change and remove a match', async () => {
    const read = (search: string) => {
      processCacheOf(server.app.db as Kysely<unknown>)?.forget('answers');
      return found(search);
    };
    const before = await read('rarity item');
    expect(before.ids).toHaveLength(6);
    expect(before.total).toBe('6');
    expect(await read('rarity item')).toEqual(before);
    // A candidate of the index whose text does not match every term is not a match: "rarity" alone, no "item".
    const post = (title: string, content: string) =>
      fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ title, content, status: 'publish' }) }).then(async (r) => ((await r.json()) as { id: number }).id);
    const partial = await post('Only one term', 'rarity without the other word');
    expect(await read('rarity item')).toEqual(before);
    const whole = await post('Both terms', 'rarity item, a new one');
    const added = await read('rarity item');
    expect(added.ids[0]).toBe(whole);
    expect(added.total).toBe('7');
    const update = await fetch(`${server.restUrl}/core/v2/posts/${partial}`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ content: 'rarity item after all' }) });
    expect(update.status).toBe(200);
    expect((await read('rarity item')).total).toBe('8');
    for (const id of [partial, whole]) expect((await fetch(`${server.restUrl}/core/v2/posts/${id}?force=true`, { method: 'DELETE', headers: server.jsonHeaders('administrator') })).status).toBe(200);
    expect(await read('rarity item')).toEqual(before);
  });
});

describe('the order a scan checks search terms in', () => {
  const t = (text: string, exclude = false) => ({ text, exclude });
  it('puts narrowed terms first, then terms too short to rate, then common ones, and exclusions last', () => {
    expect(inScanOrder([t('number'), t('42')], []).map((x) => x.text)).toEqual(['42', 'number']);
    expect(inScanOrder([t('river'), t('garden'), t('x', true), t('ab')], [t('garden')]).map((x) => x.text)).toEqual(['garden', 'ab', 'river', 'x']);
    // Without an index every term counts as narrowed: the typed order stays, exclusions last.
    const typed = [t('old', true), t('one'), t('two')];
    expect(inScanOrder(typed, typed).map((x) => x.text)).toEqual(['one', 'two', 'old']);
  });
});
