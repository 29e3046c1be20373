/**
 * Counters no kept answer shows (a form's view count: runtime/cache/change-map.ts) are written
 * on public requests, so they must not empty the caches that make reads fast, while every content
 * write is still seen by the next read: in one process, through a second connection, and across
 * two `serve` processes on one data folder (on the engine under test, SQLite or PostgreSQL).
 *
 * Whether a read came from memory is seen from outside with a change made behind the caches'
 * back: a raw connection changes a post and puts the version rows back in the same transaction,
 * so only a process that dropped its caches shows the change.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { processCacheOf } from '../../runtime/cache/process-cache.ts';
import { isPostgresUrl } from '../../runtime/store/open-database.ts';
import { databaseFile } from '../../runtime/store/paths.ts';
import { childEnv, openTestDatabase, testDatabaseFor } from '../../runtime/testing/test-database.ts';
import { spawnServe, type ServeProcess } from '../../runtime/testing/serve-process.ts';
import { FORM_VIEWS_META } from '../../runtime/forms/view-counter.ts';
import { countView } from '../../runtime/forms/view-batches.ts';
import { patient, PATIENCE_MS } from '../support/patience.ts';

type Versions = Record<string, number>;

/** A connection of the engine's own driver (no Kysely, no plugins), as another program would write. */
interface RawConnection {
  exec: (statement: string) => Promise<void>;
  versions: () => Promise<Versions>;
  /** Runs `statement` and puts the version rows back, in one transaction: no process learns of it. */
  unseen: (statement: string) => Promise<void>;
  close: () => Promise<void>;
}

async function rawConnection(target: string): Promise<RawConnection> {
  const byName = (rows: Array<{ name: string; version: number | string }>) => Object.fromEntries(rows.map((r) => [r.name, Number(r.version)]));
  if (isPostgresUrl(target)) {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    const versions = async () => byName((await client.query('SELECT name, version FROM cache_versions')).rows);
    return {
      exec: async (statement) => void (await client.query(statement)),
      versions,
      unseen: async (statement) => {
        await client.query('BEGIN');
        const before = await versions();
        await client.query(statement);
        // The version rows move at COMMIT (cache/version-triggers.ts): made to move now, then put back.
        await client.query('SET CONSTRAINTS ALL IMMEDIATE');
        for (const [name, version] of Object.entries(before)) await client.query('UPDATE cache_versions SET version = $1 WHERE name = $2', [version, name]);
        await client.query('COMMIT');
      },
      close: () => client.end(),
    };
  }
  const sqlite = new SQLite(target, { timeout: PATIENCE_MS });
  const versions = () => byName(sqlite.prepare('SELECT name, version FROM cache_versions').all() as Array<{ name: string; version: number }>);
  const putBack = sqlite.prepare('UPDATE cache_versions SET version = ? WHERE name = ?');
  return {
    exec: async (statement) => void sqlite.exec(statement),
    versions: async () => versions(),
    unseen: async (statement) =>
      sqlite.transaction(() => {
        const before = versions();
        sqlite.exec(statement);
        for (const [name, version] of Object.entries(before)) putBack.run(version, name);
      })(),
    close: async () => void sqlite.close(),
  };
}

/** The two statements form-store.ts incrementViews runs, as another process would run them. */
const viewCountWrite = (form: number, views: number) => [
  `DELETE FROM postmeta WHERE post_id = ${form} AND meta_key = '${FORM_VIEWS_META}'`,
  `INSERT INTO postmeta (post_id, meta_key, meta_value) VALUES (${form}, '${FORM_VIEWS_META}', '${views}')`,
];

interface Site {
  restUrl: string;
  admin: Record<string, string>;
}

async function call(site: Site, method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${site.restUrl}${route}`, {
    method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: patient(),
  });
  return { status: res.status, body: await res.json() };
}

async function createForm(site: Site, title: string): Promise<number> {
  const res = await call(site, 'POST', '/formsuite/v1/create-new-form', { title, status: 'publish', fields: [] }, site.admin);
  expect(res.status).toBe(201);
  return res.body.id;
}

async function createPost(site: Site, title: string): Promise<number> {
  const res = await call(site, 'POST', '/core/v2/posts', { title, status: 'publish' }, site.admin);
  expect(res.status).toBe(201);
  return res.body.id;
}

async function trackView(site: Site, form: number): Promise<number> {
  const res = await call(site, 'POST', '/formsuite/v1/forms/track-view', { form_id: form });
  expect(res.status).toBe(200);
  return res.body.views;
}

/** An anonymous read of one post: its title and featured media. */
async function read(site: Site, post: number): Promise<{ title: string; featured_media: number }> {
  const res = await call(site, 'GET', `/core/v2/posts/${post}`);
  expect(res.status).toBe(200);
  return { title: res.body.title.rendered, featured_media: res.body.featured_media };
}

describe('views counted in batches', () => {
  it('counts the views of one window in one transaction, each numbered in arrival order', async () => {
    const { db, close } = await openTestDatabase();
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const transactions = vi.spyOn(db, 'transaction');
      const views = [countView(db, 1), countView(db, 1), countView(db, 2), countView(db, 1)];
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await Promise.all(views)).toEqual([1, 2, 1, 3]);
      expect(transactions).toHaveBeenCalledTimes(1);
      const next = countView(db, 1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(await next).toBe(4);
      expect(transactions).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
      await close();
    }
  });
});

describe('in one process, and through a second connection', () => {
  let server: TestServer;
  let site: Site;
  let raw: RawConnection;
  beforeAll(async () => {
    server = await startTestServer({ deployment: 'studio' });
    site = { restUrl: server.restUrl, admin: server.authHeaders('administrator') };
    raw = await rawConnection(server.app.config.database ?? databaseFile(server.app.config.dataDir));
  }, PATIENCE_MS);
  afterAll(async () => {
    await raw?.close();
    await server?.close();
  });

  const counts = (name: 'answers' | 'items') => ({ hits: 0, loads: 0, ...processCacheOf(server.app.db as Kysely<unknown>)!.counts.get(name) });

  it('a form view moves no version row, and the next read is answered from the caches', async () => {
    const form = await createForm(site, 'Contact');
    const post = await createPost(site, 'Read between views');
    const list = `/core/v2/posts?include=${post}`;
    expect((await call(site, 'GET', list)).status).toBe(200);
    const versions = await raw.versions();
    const [answers, items] = [counts('answers'), counts('items')];
    for (let n = 1; n <= 3; n++) expect(await trackView(site, form)).toBe(n);
    expect(await raw.versions()).toEqual(versions);
    expect((await call(site, 'GET', list)).status).toBe(200);
    // From the answer cache, or (its second gone) the item cache: the post was not prepared again.
    expect(counts('items').loads).toBe(items.loads);
    expect(counts('answers').hits + counts('items').hits).toBe(answers.hits + items.hits + 1);

    // A content write through the API after the views: seen by the very next read.
    expect((await call(site, 'POST', `/core/v2/posts/${post}`, { title: 'Retitled after views' }, site.admin)).status).toBe(200);
    expect((await read(site, post)).title).toBe('Retitled after views');
    expect((await call(site, 'GET', list)).body[0].title.rendered).toBe('Retitled after views');
  });

  it('views arriving together are each answered with their own number, none lost', async () => {
    const form = await createForm(site, 'Busy');
    const numbers = await Promise.all(Array.from({ length: 8 }, () => trackView(site, form)));
    expect([...numbers].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await trackView(site, form)).toBe(9);
  });

  it('a view count written by another connection keeps the caches; a shown row of the same table does not', async () => {
    const form = await createForm(site, 'Newsletter');
    const post = await createPost(site, 'Kept in memory');
    expect((await read(site, post)).title).toBe('Kept in memory');
    await raw.unseen(`UPDATE posts SET title = 'Changed behind the caches' WHERE id = ${post}`);
    expect((await read(site, post)).title).toBe('Kept in memory');

    const versions = await raw.versions();
    for (const statement of viewCountWrite(form, 41)) await raw.exec(statement);
    expect(await raw.versions()).toEqual(versions);
    expect((await read(site, post)).title).toBe('Kept in memory');
    expect(await trackView(site, form)).toBe(42);

    // `_thumbnail_id` is a postmeta row too, shown as featured_media: the caches go.
    await raw.exec(`INSERT INTO postmeta (post_id, meta_key, meta_value) VALUES (${post}, '_thumbnail_id', '4242')`);
    expect((await raw.versions()).answers).toBeGreaterThan(versions.answers!);
    expect(await read(site, post)).toEqual({ title: 'Changed behind the caches', featured_media: 4242 });
  });
});

describe('two serve processes on one data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-counter-writes-'));
  const running: ServeProcess[] = [];
  let raw: RawConnection | undefined;
  afterAll(async () => {
    await raw?.close();
    for (const serve of running) await serve.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, PATIENCE_MS);

  it('views counted by either keep both caches, and a content write through one is seen by the other', async () => {
    const database = await testDatabaseFor(dataDir);
    try {
      // One after the other: the first start creates the administrator.
      const a = await spawnServe({ dataDir, deployment: 'studio', env: childEnv(database) });
      running.push(a);
      const b = await spawnServe({ dataDir, deployment: 'studio', env: childEnv(database) });
      running.push(b);
      const password = /application password: (.+)\n/.exec(a.output())![1]!.trim();
      const admin = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` };
      const [siteA, siteB] = [{ restUrl: a.restUrl, admin }, { restUrl: b.restUrl, admin }];
      raw = await rawConnection(database.target);

      const form = await createForm(siteA, 'Quote request');
      const post = await createPost(siteA, 'Shared post');
      for (const site of [siteA, siteB]) expect((await read(site, post)).title).toBe('Shared post');
      await raw.unseen(`UPDATE posts SET title = 'Changed behind the caches' WHERE id = ${post}`);

      const versions = await raw.versions();
      for (let n = 1; n <= 6; n++) expect(await trackView(n % 2 ? siteA : siteB, form)).toBe(n);
      // At once through both: each process counts its own in a batch, and no view is lost.
      const together = await Promise.all(Array.from({ length: 8 }, (_, n) => trackView(n % 2 ? siteA : siteB, form)));
      expect([...together].sort((x, y) => x - y)).toEqual([7, 8, 9, 10, 11, 12, 13, 14]);
      expect(await raw.versions()).toEqual(versions);
      // Both still answer from memory.
      for (const site of [siteA, siteB]) expect((await read(site, post)).title).toBe('Shared post');

      // A content write through A: B's next read sees it (and what was changed behind its back).
      expect((await call(siteA, 'POST', `/core/v2/posts/${post}`, { excerpt: 'Edited through A' }, admin)).status).toBe(200);
      const seen = (await call(siteB, 'GET', `/core/v2/posts/${post}`)).body;
      expect(seen.excerpt.raw ?? seen.excerpt.rendered).toContain('Edited through A');
      expect(seen.title.rendered).toBe('Changed behind the caches');

      // A shown postmeta row written by another program: both see it.
      await raw.exec(`INSERT INTO postmeta (post_id, meta_key, meta_value) VALUES (${post}, '_thumbnail_id', '777')`);
      for (const site of [siteA, siteB]) expect((await read(site, post)).featured_media).toBe(777);
    } finally {
      await raw?.close();
      raw = undefined;
      for (const serve of running.splice(0)) await serve.stop();
      await database.drop();
    }
  }, 3 * PATIENCE_MS);
});
