/**
 * Writers on PostgreSQL run side by side: a write waits only for writes of the same thing
 * (runtime/store/write-guards.ts), and the version rows of the caches are bumped at commit
 * (runtime/cache/version-triggers.ts), not held for a writer's whole transaction. Two `specpress
 * serve` processes share one database; a `pg` client plays a third writer that keeps its
 * transaction open:
 * - while it holds one post's row, both processes create and update other posts, and those
 *   answers arrive before it commits; after its commit both processes show its change;
 * - while it holds a transaction that created and counted a published post in the default
 *   category, both processes create published posts there and answer before it commits (counts
 *   change at COMMIT: runtime/store/postgres/term-counts-at-commit.ts); then the count is right;
 * - concurrent creates of one title from both processes get distinct slugs; concurrent writes of
 *   an option's fields, of the sticky list, and concurrent form views lose nothing; a category's
 *   count after concurrent creates into it is the number of its published posts;
 * - a batch that meets a deadlock (two of its items' categories locked in the other order by the
 *   client) runs again whole instead of failing: every item 201.
 * Always on PostgreSQL: the SQLite run starts a cluster of its own for this file (as
 * test/scale/multi-process.test.ts does); SQLite's single writer is what test/store's other
 * files cover.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe, type ServeProcess } from '../../runtime/testing/serve-process.ts';
import { scratchPostgresDatabase, type ScratchPostgresDatabase } from '../support/scratch-postgres-database.ts';
import { PATIENCE_MS, patient, within } from '../support/patience.ts';

let scratch: ScratchPostgresDatabase | undefined;
let databaseUrl: string;
let root: string;
const servers: ServeProcess[] = [];
let auth: string;

beforeAll(async () => {
  scratch = await scratchPostgresDatabase('parallel', { maxConnections: 60 });
  databaseUrl = scratch.url;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-parallel-'));
  const start = (n: number) => spawnServe({ dataDir: path.join(root, `p${n}`), database: databaseUrl, uploadsDir: path.join(root, 'uploads'), deployment: 'studio', env: { SPECPRESS_PG_POOL_SIZE: '4' } });
  servers.push(await start(0));
  const appPassword = /application password: (.+)\n/.exec(servers[0]!.output())?.[1]?.trim();
  expect(appPassword).toBeTruthy();
  auth = `Basic ${Buffer.from(`admin:${appPassword}`).toString('base64')}`;
  servers.push(await start(1));
}, 400_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await scratch?.drop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

async function api<T = Record<string, unknown>>(server: ServeProcess, route: string, init: { method?: string; body?: unknown; anonymous?: boolean } = {}): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (!init.anonymous) headers.authorization = auth;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.restUrl}${route}`, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), signal: patient() });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

/** A `pg` connection of its own: another writer, outside both processes. */
async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  return c;
}

const [a, b] = [() => servers[0]!, () => servers[1]!];

describe('two processes and a third writer on one PostgreSQL database', () => {
  it("write other posts, and commit, while a transaction holds one post's row; then its change is seen", async () => {
    const held = await api<{ id: number }>(a(), '/core/v2/posts', { method: 'POST', body: { title: 'Held open', status: 'publish' } });
    const other = await api<{ id: number }>(b(), '/core/v2/posts', { method: 'POST', body: { title: 'Edited meanwhile', status: 'publish' } });
    expect([held.status, other.status]).toEqual([201, 201]);
    // Both processes read the post once, so each keeps it in its caches.
    for (const s of [a(), b()]) expect((await api<{ title: { raw: string } }>(s, `/core/v2/posts/${held.body.id}?context=edit`)).body.title.raw).toBe('Held open');

    const writer = await client();
    try {
      await writer.query('BEGIN');
      await writer.query('UPDATE posts SET title = $1 WHERE id = $2', ['Changed by the held transaction', held.body.id]);
      // Creates and updates of other posts on both processes answer while that transaction is open.
      const meanwhile = await within(
        Promise.all([
          api(a(), '/core/v2/posts', { method: 'POST', body: { title: 'Created on A meanwhile', status: 'publish' } }),
          api(b(), '/core/v2/posts', { method: 'POST', body: { title: 'Created on B meanwhile', status: 'publish' } }),
          api(a(), `/core/v2/posts/${other.body.id}`, { method: 'POST', body: { title: 'Updated on A meanwhile' } }),
          api(b(), '/core/v2/posts', { method: 'POST', body: { title: 'A draft on B meanwhile', status: 'draft' } }),
        ]),
        'writes of other posts while one post was held',
      );
      expect(meanwhile.map((r) => r.status)).toEqual([201, 201, 200, 201]);
      // Still open: the other process reads the committed title, not the held one.
      const inFlight = (await api<{ title: { raw: string } }>(b(), `/core/v2/posts/${held.body.id}?context=edit`)).body.title.raw;
      expect(inFlight).toBe('Held open');
      await writer.query('COMMIT');
    } finally {
      await writer.end();
    }
    // Committed: both processes drop what they kept and show it.
    for (const s of [a(), b()]) {
      expect((await api<{ title: { raw: string } }>(s, `/core/v2/posts/${held.body.id}?context=edit`)).body.title.raw).toBe('Changed by the held transaction');
      expect((await api<{ title: { raw: string } }>(s, `/core/v2/posts/${other.body.id}?context=edit`)).body.title.raw).toBe('Updated on A meanwhile');
    }
    const titles = (await api<Array<{ title: { raw: string } }>>(a(), '/core/v2/posts?context=edit&per_page=100&status=publish,draft')).body.map((p) => p.title.raw);
    expect(titles).toEqual(expect.arrayContaining(['Created on A meanwhile', 'Created on B meanwhile', 'A draft on B meanwhile', 'Changed by the held transaction']));
  }, 120_000);

  it('concurrent creates of one title from both processes get distinct slugs; the category counts every one', async () => {
    const title = `Same title ${crypto.randomBytes(3).toString('hex')}`;
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => api<{ id: number; slug: string; categories: number[] }>(i % 2 ? a() : b(), '/core/v2/posts', { method: 'POST', body: { title, status: 'publish' } })));
    expect(answers.map((r) => r.status)).toEqual(Array(16).fill(201));
    expect(new Set(answers.map((r) => r.body.slug)).size).toBe(16);
    // Counted one by one in concurrent transactions, the default category's count is every post it holds.
    const category = answers[0]!.body.categories[0]!;
    const listed = await api(b(), `/core/v2/posts?categories=${category}&per_page=1`);
    const count = (await api<{ count: number }>(a(), `/core/v2/categories/${category}`)).body.count;
    expect(count).toBe(Number(listed.headers.get('x-wp-total')));
  }, 120_000);

  it("creates into the default category answer while another transaction that counted a post there is open; the count is every post", async () => {
    const first = await api<{ id: number; categories: number[] }>(a(), '/core/v2/posts', { method: 'POST', body: { title: 'Finds the default category', status: 'publish' } });
    expect(first.status).toBe(201);
    const category = first.body.categories[0]!;
    const writer = await client();
    try {
      await writer.query('BEGIN');
      // A published post in the default category, counted as a process counts it (store/term-count-notes.ts).
      const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
      const { rows } = await writer.query("INSERT INTO posts (type, status, slug, title, date, date_gmt, modified, modified_gmt) VALUES ('post', 'publish', $1, 'Counted by the held transaction', $2, $2, $2, $2) RETURNING id", [`held-${crypto.randomBytes(3).toString('hex')}`, now]);
      await writer.query('INSERT INTO term_relationships (post_id, term_id) VALUES ($1, $2)', [rows[0].id, category]);
      await writer.query('SELECT note_term_counts($1)', [`${category}:1`]);
      // Both processes create published posts into that category and answer while it is open.
      const meanwhile = await within(
        Promise.all(Array.from({ length: 4 }, (_, i) => api<{ categories: number[] }>(i % 2 ? a() : b(), '/core/v2/posts', { method: 'POST', body: { title: `Into the default category ${i}`, status: 'publish' } }))),
        'creates into the category the held transaction counted a post of',
      );
      expect(meanwhile.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect(meanwhile.map((r) => r.body.categories)).toEqual(Array(4).fill([category]));
      await writer.query('COMMIT');
    } finally {
      await writer.end();
    }
    // Its rows and theirs committed, the count is every published post the category holds.
    const { rows: truth } = await (async () => {
      const c = await client();
      try {
        return await c.query("SELECT count(*)::int AS n FROM term_relationships r JOIN posts p ON p.id = r.post_id WHERE r.term_id = $1 AND p.status = 'publish'", [category]);
      } finally {
        await c.end();
      }
    })();
    const listed = Number((await api(b(), `/core/v2/posts?categories=${category}&per_page=1`)).headers.get('x-wp-total'));
    expect(listed).toBe(truth[0].n);
    for (const s of [a(), b()]) expect((await api<{ count: number }>(s, `/core/v2/categories/${category}`)).body.count).toBe(truth[0].n);
  }, 120_000);

  it('concurrent writes of one option (different fields) and of the sticky list lose nothing', async () => {
    const fields = await Promise.all(Array.from({ length: 20 }, (_, i) => api(i % 2 ? a() : b(), '/pagebuilder-one/v1/settings', { method: 'POST', body: { [`parallel_${i}`]: i } })));
    expect(fields.map((r) => r.status)).toEqual(Array(20).fill(200));
    const stored = (await api(a(), '/pagebuilder-one/v1/settings')).body;
    for (let i = 0; i < 20; i++) expect(stored[`parallel_${i}`]).toBe(i);

    const sticky = await Promise.all(Array.from({ length: 10 }, (_, i) => api<{ id: number }>(i % 2 ? a() : b(), '/core/v2/posts', { method: 'POST', body: { title: `Sticky ${i}`, status: 'publish', sticky: true } })));
    expect(sticky.map((r) => r.status)).toEqual(Array(10).fill(201));
    const stuck = (await api<Array<{ id: number }>>(b(), '/core/v2/posts?sticky=true&per_page=100')).body.map((p) => p.id);
    expect(stuck.sort()).toEqual(sticky.map((r) => r.body.id).sort());
  }, 120_000);

  it('form views from both processes count every hit', async () => {
    const created = await api<{ id: number }>(a(), '/formsuite/v1/create-new-form', { method: 'POST', body: { title: 'Viewed in parallel', status: 'publish', fields: [{ name: 'n', label: 'N', type: 'text' }] } });
    const views = await Promise.all(Array.from({ length: 40 }, (_, i) => api<{ views: number }>(i % 2 ? a() : b(), '/formsuite/v1/forms/track-view', { method: 'POST', body: { form_id: created.body.id }, anonymous: true })));
    expect(views.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(views.map((r) => r.body.views).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  }, 120_000);

  it('a batch that meets a deadlock runs again whole: every item is made, none answered 5xx', async () => {
    const first = (await api<{ id: number }>(a(), '/core/v2/categories', { method: 'POST', body: { name: `First ${crypto.randomBytes(3).toString('hex')}` } })).body.id;
    const second = (await api<{ id: number }>(a(), '/core/v2/categories', { method: 'POST', body: { name: `Second ${crypto.randomBytes(3).toString('hex')}` } })).body.id;
    // Each try of a create takes the next post id, and a rolled-back try does not give its ids back.
    const before = (await api<{ id: number }>(a(), '/core/v2/posts', { method: 'POST', body: { title: 'Made before the batch', status: 'draft' } })).body.id;
    const writer = await client();
    try {
      // The process's backend, waiting first, looks for a cycle first (once, a second into its
      // wait); should it look before this client waits too, this client finds the cycle instead,
      // later, and gives way (the batch then needs no second run, and is made all the same).
      await writer.query("SET deadlock_timeout = '5s'");
      await writer.query('BEGIN');
      await writer.query('UPDATE terms SET count = count WHERE id = $1', [second]);
      // At its commit the batch raises the counts of `first`, then of `second` (in id order), and waits for `second`, held here.
      const batch = api<{ responses: Array<{ status: number; body: { id: number; categories: number[] } }> }>(b(), '/batch/v1', {
        method: 'POST',
        body: { requests: [{ path: '/core/v2/posts', body: { title: 'Batched first', status: 'publish', categories: [first] } }, { path: '/core/v2/posts', body: { title: 'Batched second', status: 'publish', categories: [second] } }] },
      });
      // Once the batch waits for a lock, this transaction asks for `first`: a cycle.
      await waitForLockWaiter(writer);
      const gaveWay = await writer.query('UPDATE terms SET count = count WHERE id = $1', [first]).then(
        () => false,
        (error: { code?: string }) => (error.code === '40P01' ? true : Promise.reject(error)),
      );
      await writer.query(gaveWay ? 'ROLLBACK' : 'COMMIT');
      const answer = await within(batch, 'the batch answer');
      expect(answer.status).toBe(207);
      expect(answer.body.responses.map((r) => r.status)).toEqual([201, 201]);
      expect(answer.body.responses.map((r) => r.body.categories)).toEqual([[first], [second]]);
      // Unless this client gave way, the batch ran twice: its first try took two ids and left them.
      if (!gaveWay) expect(answer.body.responses[0]!.body.id).toBeGreaterThan(before + 2);
    } finally {
      await writer.end();
    }
    // Made once each: the rolled-back attempt left nothing.
    const made = (await api<Array<{ title: { raw: string } }>>(a(), '/core/v2/posts?context=edit&search=Batched&per_page=100')).body.map((p) => p.title.raw).sort();
    expect(made).toEqual(['Batched first', 'Batched second']);
    for (const id of [first, second]) expect((await api<{ count: number }>(a(), `/core/v2/categories/${id}`)).body.count).toBe(1);
  }, 120_000);
});

/** Resolves once another backend of this database waits for a lock (polled, each poll a query); fails after PATIENCE_MS. */
async function waitForLockWaiter(writer: pg.Client): Promise<void> {
  const giveUp = Date.now() + PATIENCE_MS;
  while (Date.now() < giveUp) {
    const { rows } = await writer.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'");
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`waited ${PATIENCE_MS} ms for the batch to wait for the category row held here`);
}
