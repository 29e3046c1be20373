/**
 * A batch of creates writes its posts' terms, term counts and meta once per table
 * (runtime/store/batch-writes.ts), and each item still answers exactly as the same create sent
 * alone: the same 25 creates (categories, tags, meta, titles alike, a refused item, an item its
 * handler refuses) go to one fresh server as a batch and to another one by one, over HTTP, and
 * every answer and every content row is compared. The batch's statements are counted per table
 * through a Kysely plugin on the server's database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { withSavepoints } from '../../runtime/store/savepoints.ts';
import { attachBatchWrites, BatchWrites } from '../../runtime/store/batch-writes.ts';
import { setNewPostTerms } from '../../runtime/content/terms.ts';
import type { Database } from '../../runtime/store/schema.ts';
import { testEngine } from '../../runtime/testing/test-database.ts';

/** Counts the writes the server's code issues, by kind and table (`insert posts`, `update terms`...). */
class WriteCounter implements KyselyPlugin {
  counting = false;
  readonly counts = new Map<string, number>();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node as any;
    const table =
      node.kind === 'InsertQueryNode' ? `insert ${node.into?.table?.identifier?.name}`
      : node.kind === 'UpdateQueryNode' ? `update ${node.table?.table?.identifier?.name}`
      : node.kind === 'DeleteQueryNode' ? `delete ${node.from?.froms?.[0]?.table?.identifier?.name}`
      : node.kind === 'RawNode' && (node.sqlFragments as string[]).join('?').includes('note_term_counts(') ? 'note term counts'
      : undefined;
    if (this.counting && table) this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

let batched: TestServer;
let single: TestServer;
const counter = new WriteCounter();

/** The same categories and tags on a fresh server: the same ids on both. */
async function addTerms(server: TestServer): Promise<{ categories: number[]; tags: number[] }> {
  const make = async (base: string, name: string) => {
    const res = await fetch(`${server.restUrl}/core/v2/${base}`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ name }) });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  return { categories: [await make('categories', 'Recipes'), await make('categories', 'Travel')], tags: [await make('tags', 'Quick'), await make('tags', 'Slow')] };
}

beforeAll(async () => {
  [batched, single] = await Promise.all([startTestServer({ deployment: 'studio' }), startTestServer({ deployment: 'studio' })]);
  // Every statement the batched server's code sends goes through the counter (write plugins see each run).
  (batched.app as { db: Kysely<Database> }).db = batched.app.db.withPlugin(counter);
}, 120_000);
afterAll(async () => {
  await Promise.all([batched?.close(), single?.close()]);
});

/** The 25 creates: terms, meta, titles alike (slug suffixes), statuses, and two refused items. */
function creates(terms: { categories: number[]; tags: number[] }): Array<Record<string, unknown>> {
  const [recipes, travel] = terms.categories;
  const [quick, slow] = terms.tags;
  return Array.from({ length: 25 }, (_, i) => {
    if (i === 7) return { title: 'Refused by validation', status: 'nonsense' };
    if (i === 15) return { title: 'Refused by its handler', status: 'publish', author: 987654, categories: [recipes], meta: { footnotes: '[]' } };
    return {
      title: i % 4 === 0 ? 'Same title' : `Item ${i}`,
      content: `<!-- wp:paragraph -->\n<p>Body ${i}<sup data-fn="n${i}" class="fn"><a href="#n${i}" id="n${i}-link">1</a></sup></p>\n<!-- /wp:paragraph -->`,
      status: i === 5 ? 'draft' : i === 9 ? 'private' : 'publish',
      ...(i % 3 === 0 ? { categories: i % 2 ? [recipes, travel] : [travel] } : {}),
      ...(i % 5 === 1 ? { tags: [quick, slow] } : i % 5 === 2 ? { tags: [slow] } : {}),
      ...(i % 2 === 0 ? { meta: { footnotes: JSON.stringify([{ id: `n${i}`, content: `Note <em>${i}</em>` }]) } } : {}),
    };
  });
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string | undefined>;
}

/** What may differ between two servers for the same answer: their origin and the moment of writing. */
function comparable(server: TestServer, answer: Answer): unknown {
  const { date: _d, date_gmt: _dg, modified: _m, modified_gmt: _mg, ...body } = answer.body;
  const origin = new URL(server.siteUrl).origin;
  const text = JSON.stringify({ status: answer.status, body, location: answer.headers.Location, allow: answer.headers.Allow });
  return JSON.parse(text.split(origin).join('SITE'));
}

/** The content rows both servers hold, without what a moment or a server names differently. */
async function contentRows(server: TestServer): Promise<unknown> {
  const db = server.app.db;
  return {
    posts: await db.selectFrom('posts').select(['id', 'type', 'status', 'slug', 'title', 'content', 'author', 'parent']).orderBy('id').execute(),
    postmeta: await db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value']).orderBy('post_id').orderBy('meta_key').execute(),
    term_relationships: await db.selectFrom('term_relationships').select(['post_id', 'term_id']).orderBy('post_id').orderBy('term_id').execute(),
    terms: await db.selectFrom('terms').select(['id', 'taxonomy', 'slug', 'count']).orderBy('id').execute(),
    slug_counters: await db.selectFrom('slug_counters').select(['scope', 'base', 'highest', 'dense']).orderBy('scope').orderBy('base').execute(),
  };
}

describe('a batch of creates written in sets', () => {
  it('answers every item as the same create sent alone, and stores the same rows', async () => {
    const [termsA, termsB] = await Promise.all([addTerms(batched), addTerms(single)]);
    expect(termsA).toEqual(termsB);
    const items = creates(termsA);

    counter.counting = true;
    const res = await fetch(`${batched.restUrl}/batch/v1`, {
      method: 'POST',
      headers: batched.jsonHeaders('administrator'),
      body: JSON.stringify({ validation: 'normal', requests: items.map((body) => ({ path: '/core/v2/posts', body })) }),
    });
    counter.counting = false;
    expect(res.status).toBe(207);
    const inBatch = ((await res.json()) as { responses: Answer[] }).responses;

    const alone: Answer[] = [];
    for (const body of items) {
      const r = await fetch(`${single.restUrl}/core/v2/posts`, { method: 'POST', headers: single.jsonHeaders('administrator'), body: JSON.stringify(body) });
      alone.push({ status: r.status, body: (await r.json()) as Record<string, unknown>, headers: { Location: r.headers.get('location') ?? undefined, Allow: r.headers.get('allow') ?? undefined } });
    }

    expect(inBatch.map((a) => a.status)).toEqual(items.map((_, i) => (i === 7 || i === 15 ? 400 : 201)));
    expect([inBatch[7]!.body.code, inBatch[15]!.body.code]).toEqual(['rest_invalid_param', 'rest_invalid_author']);
    // Titles alike took numbered slugs one after another, as alone.
    expect(inBatch.filter((_, i) => i % 4 === 0).map((a) => a.body.slug)).toEqual(['same-title', 'same-title-2', 'same-title-3', 'same-title-4', 'same-title-5', 'same-title-6', 'same-title-7']);
    for (const [i, answer] of inBatch.entries()) expect(comparable(batched, answer), `item ${i}`).toEqual(comparable(single, alone[i]!));

    // The refused items left nothing: every content row (terms' counts, slug counters included) is the same on both servers.
    expect(await contentRows(batched)).toEqual(await contentRows(single));

    // One statement per table for what the creates add beside their posts; terms: one per term
    // counted (SQLite), or one note of them all that the database applies at commit (PostgreSQL).
    const published = items.filter((b, i) => i !== 7 && i !== 15 && b.status === 'publish');
    const countedTerms = new Set(published.flatMap((b) => [...((b.categories as number[] | undefined) ?? [1]), ...((b.tags as number[] | undefined) ?? [])]));
    expect(counter.counts.get('insert term_relationships')).toBe(1);
    expect(counter.counts.get('insert postmeta')).toBe(1);
    if (testEngine() === 'postgres') {
      expect(counter.counts.get('update terms')).toBeUndefined();
      expect(counter.counts.get('note term counts')).toBe(1);
    } else expect(counter.counts.get('update terms')).toBe(countedTerms.size);
    expect(counter.counts.get('insert posts')).toBe(23);
  }, 120_000);

  it('drops the pending rows of an item rolled back to its savepoint', async () => {
    const db = single.app.db;
    const make = async (path: string, body: unknown) => {
      const res = await fetch(`${single.restUrl}/core/v2/${path}`, { method: 'POST', headers: single.jsonHeaders('administrator'), body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      return (await res.json()) as { id: number; count?: number };
    };
    const term = await make('tags', { name: 'Rolled back' });
    const post = await make('posts', { title: 'Holds no tag', status: 'publish' });
    const before = (await db.selectFrom('term_relationships').select('post_id').where('term_id', '=', term.id).execute()).length;
    await db.transaction().execute(async (trx) => {
      const writes = new BatchWrites();
      const handle = withSavepoints(trx, writes);
      attachBatchWrites(handle, writes);
      // A unit that adds its term then fails: nothing of it may be written.
      await expect(handle.transaction().execute(async (unit) => {
        await setNewPostTerms(unit, post.id, [term.id], true);
        throw new Error('refused after adding');
      })).rejects.toThrow('refused after adding');
      // The next unit's rows are written, once, at the flush.
      await handle.transaction().execute((unit) => setNewPostTerms(unit, post.id, [term.id], true));
      await writes.flush(handle);
    });
    const after = (await db.selectFrom('term_relationships').select('post_id').where('term_id', '=', term.id).execute()).length;
    const [again] = await db.selectFrom('terms').select(['count']).where('id', '=', term.id).execute();
    expect([before, after, again!.count]).toEqual([0, 1, 1]);
  }, 60_000);
});
