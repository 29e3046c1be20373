/**
 * Every filter and ordering the post and page list params offer runs on an index: SQLite's
 * EXPLAIN QUERY PLAN for the page query and the count query never shows a full scan of posts
 * ("SCAN posts" without an index). Lists then stay flat as a site grows (bench/scale.bench.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { FixedOffsetZone } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../runtime/store/open-database.ts';
import type { Database } from '../../runtime/store/schema.ts';
import { listQueries } from '../../runtime/content/query.ts';

let opened: OpenedDatabase;
let db: Kysely<Database>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-plan-'));

beforeAll(async () => {
  opened = await openDatabase(path.join(dir, 'plan.sqlite'));
  db = opened.db;
  // Some rows and fresh statistics, so the planner chooses as it would on a real site.
  const rows = Array.from({ length: 300 }, (_, i) => ({
    author: 1 + (i % 3), type: i % 5 ? 'post' : 'page', status: i % 7 ? 'publish' : 'draft', slug: `s-${i}`, title: `T ${i}`, content: 'c', excerpt: '',
    password: '', parent: 0, menu_order: i % 4, comment_status: 'open', ping_status: 'open', format: 'standard', template: '', mime_type: '', guid: '',
    date: `2024-01-01 00:00:${String(i % 60).padStart(2, '0')}`, date_gmt: '2024-01-01 00:00:00', modified: '2024-01-01 00:00:00', modified_gmt: '2024-01-01 00:00:00', comment_count: 0,
  }));
  await db.insertInto('posts').values(rows).execute();
  await sql`ANALYZE`.execute(db);
});
afterAll(async () => {
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ORDERINGS = ['author', 'date', 'id', 'include', 'modified', 'parent', 'relevance', 'slug', 'include_slugs', 'title', 'menu_order'];
const FILTERS: Record<string, Record<string, unknown>> = {
  none: {},
  include: { include: [1, 2, 3] },
  exclude: { exclude: [1, 2] },
  author: { author: [1] },
  author_exclude: { author_exclude: [2] },
  slug: { slug: ['s-1', 's-2'] },
  parent: { parent: [0] },
  parent_exclude: { parent_exclude: [5] },
  menu_order: { menu_order: 2 },
  format: { format: ['standard'] },
  after: { after: '2024-01-01T00:00:10' },
  before: { before: '2024-01-01T00:00:10' },
  modified_after: { modified_after: '2023-12-01T00:00:00' },
  modified_before: { modified_before: '2025-01-01T00:00:00' },
  search: { search: 'words here' },
  categories: { categories: [1, 2] },
  categories_exclude: { categories_exclude: [1] },
  tags: { tags: [3] },
  tags_exclude: { tags_exclude: [3] },
  categories_and: { categories: { terms: [1, 2], operator: 'AND' } },
  sticky_false: { sticky: false },
};

async function plan(query: { compile: () => { sql: string; parameters: readonly unknown[] } }): Promise<string[]> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
  return (rows as Array<{ detail: string }>).map((r) => r.detail);
}

function fullScans(details: string[]): string[] {
  return details.filter((d) => /^SCAN posts\b/.test(d) && !/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(d));
}

describe('list queries use an index', () => {
  for (const type of ['post', 'page']) {
    for (const [filter, extra] of Object.entries(FILTERS)) {
      if (type === 'page' && /categor|tags|sticky/.test(filter)) continue;
      for (const orderby of ORDERINGS) {
        if (type === 'post' && orderby === 'menu_order') continue;
        for (const order of ['desc', 'asc']) {
          it(`${type}: ${filter}, orderby=${orderby} ${order}`, async () => {
            const params = { ...extra, orderby, order, per_page: 10, page: 1, ...(orderby === 'relevance' && !extra.search ? { search: 'words' } : {}), ...(orderby === 'include' && !extra.include ? { include: [4, 5] } : {}), ...(orderby === 'include_slugs' && !extra.slug ? { slug: ['s-4'] } : {}) };
            const queries = await listQueries(db, { type, params, statuses: ['publish'], zone: FixedOffsetZone.utcInstance, sticky: new Set([7]), anonymous: true });
            expect(queries).not.toBeNull();
            for (const query of [queries!.page, queries!.count]) {
              const details = await plan(query);
              expect(details.length).toBeGreaterThan(0);
              expect(fullScans(details), `${query.compile().sql}\n${details.join('\n')}`).toEqual([]);
              // Unfiltered lists in a column's order walk an index in that order: no sort of every row.
              if (query === queries!.page && filter === 'none' && !/include|relevance/.test(orderby)) {
                expect(details.filter((d) => d.includes('TEMP B-TREE')), details.join('\n')).toEqual([]);
              }
            }
          });
        }
      }
    }
  }
});
