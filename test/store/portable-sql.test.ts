/**
 * The expressions SQLite and PostgreSQL spell differently, checked on whichever engine this
 * run uses (SPECPRESS_TEST_DATABASE): both runs of the suite must give the same answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely, RootOperationNode } from 'kysely';
import type { Database } from '../../runtime/store/schema.ts';
import { containsText, positionInList, LONG_LIST, PortableSqlPlugin } from '../../runtime/store/portable-sql.ts';
import { sqliteDialect } from '../../runtime/store/sqlite/dialect.ts';
import { engineOf } from '../../runtime/store/engine.ts';
import { UnstorableTextError } from '../../runtime/store/errors.ts';
import { openTestDatabase, testEngine } from '../../runtime/testing/test-database.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';

let db: Kysely<Database>;
let close: () => Promise<void>;
const ids: number[] = [];
const when = '2026-01-01 00:00:00';

beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
  for (const [slug, title] of [['alpha', 'Fifty % off_now'], ['beta', 'BETA Release'], ['gamma', 'plain title']]) {
    const { id } = await db.insertInto('posts').values({ ...BLANK_POST, slug: slug!, title: title!, date: when, date_gmt: when, modified: when, modified_gmt: when }).returning('id').executeTakeFirstOrThrow();
    ids.push(id);
  }
});
afterAll(() => close());

const slugsWhere = (q: ReturnType<typeof base>) => q.select('slug').orderBy('id').execute().then((rows) => rows.map((r) => r.slug));
const base = () => db.selectFrom('posts');

describe(`portable SQL on ${testEngine()}`, () => {
  it('runs on the engine the run asked for', () => {
    expect(engineOf(db)).toBe(testEngine());
  });

  it('containsText matches literally (no wildcards) and ignores ASCII case', async () => {
    expect(await slugsWhere(base().where(containsText('title', '% off_'))))
      .toEqual(['alpha']);
    expect(await slugsWhere(base().where(containsText('title', 'beta release')))).toEqual(['beta']);
    expect(await slugsWhere(base().where(containsText('title', '_')))).toEqual(['alpha']);
    expect(await slugsWhere(base().where(containsText('title', 'x'.repeat(60_000))))).toEqual([]);
  });

  it('containsText finds what a literal, ASCII-case-blind substring search finds, wildcards and escapes included', async () => {
    const texts = ['100% pure_cotton', 'C:\\Temp\\new', 'Straße über Äpfel', 'emoji 🎉 party', 'a_b%c\\d', 'UPPER lower MiXeD', "it's \"quoted\""];
    const rows = await db.insertInto('posts').values(texts.map((title, i) => ({ ...BLANK_POST, slug: `contains-${i}`, title, date: when, date_gmt: when, modified: when, modified_gmt: when }))).returning(['id', 'title']).execute();
    const mine = rows.map((r) => r.id);
    const needles = ['%', '_', '\\', '\\T', '0% p', 'e_c', '%c\\', 'über', 'Äpfel', '🎉', 'upper LOWER mixed', "'s \"", '', 'a_b%c', 'zz%', '__'];
    for (const needle of needles) {
      const found = (await db.selectFrom('posts').select('id').where('id', 'in', mine).where(containsText('title', needle)).orderBy('id').execute()).map((r) => r.id);
      const expected = rows.filter((r) => r.title.toLowerCase().includes(needle.toLowerCase())).map((r) => r.id);
      expect(found, JSON.stringify(needle)).toEqual(expected);
    }
    await db.deleteFrom('posts').where('id', 'in', mine).execute();
  });

  it('copies no query that holds nothing to rewrite, and rewrites one that does', () => {
    const plugin = new PortableSqlPlugin(sqliteDialect);
    // Built without the installed plugins, which toOperationNode() would otherwise apply already.
    const raw = db.withoutPlugins();
    const from = () => raw.selectFrom('posts');
    const rewritten = (node: RootOperationNode) => plugin.transformQuery({ node, queryId: { queryId: 'q' } }) !== node;
    const plain = raw.insertInto('posts').values({ ...BLANK_POST, slug: 'x', date: when, date_gmt: when, modified: when, modified_gmt: when }).toOperationNode();
    expect(rewritten(plain)).toBe(false);
    expect(rewritten(from().select('id').where('id', 'in', [1, 2, 3]).where('slug', '=', 'x').toOperationNode())).toBe(false);
    expect(rewritten(from().select('id').where(containsText('title', 'x')).toOperationNode())).toBe(true);
    expect(rewritten(from().select('id').where((eb) => eb.exists(eb.selectFrom('terms').select('id').where(containsText('name', 'x')))).toOperationNode())).toBe(true);
    expect(rewritten(from().select('id').orderBy(positionInList('posts.id', [1, 2])).toOperationNode())).toBe(true);
    expect(rewritten(from().select('id').where('id', 'not in', Array.from({ length: LONG_LIST + 1 }, (_, i) => i)).toOperationNode())).toBe(true);
    // A tree seen before (a statement compiled once and run again) gets the same answer again.
    const needing = from().select('id').where(containsText('title', 'y')).toOperationNode();
    expect([rewritten(needing), rewritten(needing)]).toEqual([true, true]);
    expect(rewritten(plain)).toBe(false);
  });

  it('positionInList orders by a list of ids or slugs, absent ones last', async () => {
    const byId = await base().select('slug').orderBy(positionInList('posts.id', [ids[2], ids[0], ids[1]])).execute();
    expect(byId.map((r) => r.slug)).toEqual(['gamma', 'alpha', 'beta']);
    const bySlug = await base().select('slug').orderBy(positionInList('posts.slug', ['beta', 'gamma'])).orderBy('id').execute();
    // NULL (absent) sorts first in SQLite and last in PostgreSQL: callers coalesce; here only the listed order counts.
    expect(bySlug.map((r) => r.slug).filter((s) => s !== 'alpha')).toEqual(['beta', 'gamma']);
  });

  it('IN and NOT IN with lists far longer than bound parameters allow, of mixed types', async () => {
    const many = Array.from({ length: 40_000 }, (_, i) => i + 1_000_000);
    expect(many.length).toBeGreaterThan(LONG_LIST);
    expect(await slugsWhere(base().where('id', 'in', [...many, ids[1]!]))).toEqual(['beta']);
    expect(await slugsWhere(base().where('id', 'not in', [...many, ids[1]!]))).toEqual(['alpha', 'gamma']);
    const mixed = [...many.map(String), 'abc', '1.5', String(ids[2])];
    expect(await slugsWhere(base().where('id', 'in', mixed as unknown as number[]))).toEqual(['gamma']);
    expect(await slugsWhere(base().where('slug', 'in', ['gamma', ...many.map((n) => `s${n}`)]))).toEqual(['gamma']);
  });

  it('an empty IN list is false and an empty NOT IN true', async () => {
    expect(await slugsWhere(base().where('id', 'in', []))).toEqual([]);
    expect(await slugsWhere(base().where('id', 'not in', []))).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('an integer column compared with text, a fraction or a huge number is simply false', async () => {
    for (const odd of ['abc', '1.5', 1.5, 1e300, '999999999999999999999', -1e20]) {
      expect(await slugsWhere(base().where('id', '=', odd as number))).toEqual([]);
      expect(await slugsWhere(base().where('id', 'in', [odd as number, ids[0]!]))).toEqual(['alpha']);
    }
    expect(await slugsWhere(base().where('id', '!=', 'abc' as unknown as number))).toEqual(['alpha', 'beta', 'gamma']);
    expect(await slugsWhere(base().where('id', '=', String(ids[1]) as unknown as number))).toEqual(['beta']);
  });

  it('a negative OFFSET reads from the start and a negative LIMIT means no limit', async () => {
    expect(await base().select('slug').orderBy('id').limit(2).offset(-5).execute()).toHaveLength(2);
    expect(await base().select('slug').orderBy('id').limit(-1).execute()).toHaveLength(3);
  });

  it('ids and counts come back as numbers', async () => {
    const row = await base().select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('id').as('m')]).executeTakeFirstOrThrow();
    expect(row.n).toBe(3);
    expect(row.m).toBe(ids[2]);
    expect(typeof ids[0]).toBe('number');
  });

  it('text with a NUL character: stored on SQLite, refused up front on PostgreSQL', async () => {
    const write = () => db.updateTable('posts').set({ excerpt: 'a\u0000b' }).where('id', '=', ids[0]!).execute();
    if (testEngine() === 'postgres') await expect(write()).rejects.toBeInstanceOf(UnstorableTextError);
    else {
      await write();
      expect((await base().select('excerpt').where('id', '=', ids[0]!).executeTakeFirstOrThrow()).excerpt).toBe('a\u0000b');
    }
  });
});
