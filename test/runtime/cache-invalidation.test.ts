/**
 * Options and site settings are kept in each serving process's memory (runtime/cache/). A write
 * must be visible to the very next read: in the same process, from another connection to the
 * same database, and across two `specpress serve` processes (plus the CLI) on one data folder.
 * And a write drops only the caches the change map gives it (runtime/cache/change-map.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../runtime/testing/harness.ts';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl } from '../../runtime/store/open-database.ts';
import { databaseFile } from '../../runtime/store/paths.ts';
import { sql, type Kysely } from 'kysely';
import { attachProcessCache, ProcessCache } from '../../runtime/cache/process-cache.ts';
import { versionRowSignal } from '../../runtime/cache/version-row-signal.ts';
import { addTerm } from '../../runtime/content/terms.ts';
import { openTestDatabase } from '../../runtime/testing/test-database.ts';
import { incrementViews, writeMeta } from '../../runtime/forms/form-store.ts';
import { FORM_VIEWS_META } from '../../runtime/forms/view-counter.ts';

/** A connection that bypasses specpress entirely (no Kysely, no plugins): better-sqlite3 or pg. */
async function rawConnection(target: string): Promise<{ exec: (statement: string) => Promise<void>; close: () => Promise<void> }> {
  if (isPostgresUrl(target)) {
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    return { exec: async (statement) => void (await client.query(statement)), close: () => client.end() };
  }
  const sqlite = new SQLite(target);
  return { exec: async (statement) => void sqlite.exec(statement), close: async () => void sqlite.close() };
}

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'bin/specpress.js');

describe('process cache', () => {
  it('does not store an answer loaded before a drop, and drops a table when its version moves', async () => {
    let version = 1;
    const cache = new ProcessCache({ versions: async () => new Map([['options', version], ['posts', 7]]) });
    await cache.refresh();
    let release!: () => void;
    const slow = cache.get('options', 'k', () => new Promise<string>((r) => (release = () => r('old'))));
    cache.forget('options');
    release();
    expect(await slow).toBe('old');
    expect(await cache.get('options', 'k', async () => 'new')).toBe('new');
    expect(await cache.get('options', 'k', async () => 'newer')).toBe('new');
    expect(await cache.get('posts', 'n', async () => 1)).toBe(1);
    version = 2;
    await cache.refresh();
    expect(await cache.get('options', 'k', async () => 'after')).toBe('after');
    // Only the table whose version moved is dropped.
    expect(await cache.get('posts', 'n', async () => 2)).toBe(1);
    expect(await cache.get('options', 'missing', async () => undefined)).toBeUndefined();
    expect(await cache.get('options', 'missing', async () => 'loaded again')).toBeUndefined();
  });

  it('drops the followers of a table with it, and bounds by size what requests can make large', async () => {
    let version = 1;
    const cache = new ProcessCache({ versions: async () => new Map([['answers', version]]) });
    await cache.refresh();
    expect(await cache.get('items', 'post 1', async () => 'kept')).toBe('kept');
    expect(await cache.get('queries', 'list', async () => 'kept')).toBe('kept');
    version = 2;
    await cache.refresh();
    // `items` and `queries` follow `answers`: both dropped when its version moves.
    expect(await cache.get('items', 'post 1', async () => 'again')).toBe('again');
    expect(await cache.get('queries', 'list', async () => 'again')).toBe('again');
    // Three 20 MB compiled lists do not all stay (32 MB for the table): the oldest goes.
    for (const key of ['a', 'b', 'c']) await cache.get('queries', key, async () => key, { bytes: () => 20 * 1024 * 1024 });
    expect(await cache.get('queries', 'a', async () => 'reloaded')).toBe('reloaded');
  });
});

describe('a write reaches only the caches the change map gives it', () => {
  it('a view count, written by this process or another connection, keeps every cache; another key of its table drops answers and what follows them', async () => {
    const { db, close } = await openTestDatabase();
    const names = ['options', 'posts', 'answers', 'items', 'embeds', 'queries'] as const;
    try {
      const cache = attachProcessCache(db as Kysely<unknown>, versionRowSignal(db));
      await cache.refresh();
      for (const name of names) await cache.get(name, 'k', async () => 'kept');
      // What each cache answers at the start of the next request.
      const next = async () => {
        await cache.refresh();
        return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await cache.get(name, 'k', async () => 'loaded')])));
      };
      const allKept = Object.fromEntries(names.map((name) => [name, 'kept']));

      // Through this process's write watch, as the track-view route counts.
      await db.transaction().execute((trx) => incrementViews(trx, 1));
      expect(await next()).toEqual(allKept);
      // Plain SQL the write watch cannot read: only the database's triggers decide.
      const elsewhere = db.withoutPlugins();
      await sql`DELETE FROM postmeta WHERE post_id = 1 AND meta_key = ${FORM_VIEWS_META}`.execute(elsewhere);
      await sql`INSERT INTO postmeta (post_id, meta_key, meta_value) VALUES (1, ${FORM_VIEWS_META}, '9')`.execute(elsewhere);
      expect(await next()).toEqual(allKept);

      await writeMeta(db, 1, '_formsuite_settings', {});
      expect(await next()).toEqual({ ...allKept, answers: 'loaded', items: 'loaded', embeds: 'loaded', queries: 'loaded' });
    } finally {
      await close();
    }
  });
});

describe('a write is visible to the very next read', () => {
  it('in one process, and when another connection to the same database writes', async () => {
    const server = await startTestServer({ deployment: 'studio' });
    const call = async (method: string, route: string, body?: unknown) => {
      const headers = { ...(body ? server.authHeaders('administrator') : {}), 'content-type': 'application/json' };
      const res = await fetch(`${server.restUrl}${route}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
      return res.json();
    };
    try {
      const { id } = await call('POST', '/core/v2/posts', { title: 'Cached?', status: 'publish' });
      expect((await call('GET', `/core/v2/posts/${id}`)).sticky).toBe(false);
      // Through the API (same process): the option sticky_posts changes.
      await call('POST', `/core/v2/posts/${id}`, { sticky: true });
      expect((await call('GET', `/core/v2/posts/${id}`)).sticky).toBe(true);
      // Behind its back (a plain connection of the engine's own driver, as another program would write): the next request sees it.
      const other = await rawConnection(server.app.config.database ?? databaseFile(server.app.config.dataDir));
      try {
        await other.exec("UPDATE options SET value = '[]' WHERE name = 'sticky_posts'");
        expect((await call('GET', `/core/v2/posts/${id}`)).sticky).toBe(false);
        await other.exec(`INSERT INTO options (name, value) VALUES ('site.name', '"Renamed elsewhere"')`);
        expect((await call('GET', '/')).name).toBe('Renamed elsewhere');
        await other.exec("DELETE FROM options WHERE name = 'site.name'");
        expect((await call('GET', '/')).name).not.toBe('Renamed elsewhere');

        // List totals (X-WP-Total) are remembered too: a post or a category link added elsewhere counts at once.
        const total = async (query: string) => Number((await fetch(`${server.restUrl}/core/v2/posts?${query}`)).headers.get('x-wp-total'));
        const before = await total('per_page=1');
        expect(before).toBe(await total('per_page=1'));
        await other.exec(`INSERT INTO posts (author, type, status, slug, title, content, excerpt, password, parent, menu_order, comment_status, ping_status, format, template, mime_type, guid, date, date_gmt, modified, modified_gmt, comment_count)
          VALUES (1, 'post', 'publish', 'from-elsewhere', 'From elsewhere', '', '', '', 0, 0, 'open', 'open', 'standard', '', '', '', '2024-01-01 00:00:00', '2024-01-01 00:00:00', '2024-01-01 00:00:00', '2024-01-01 00:00:00', 0)`);
        expect(await total('per_page=1')).toBe(before + 1);
        const { id: category } = await addTerm(server.app.db, { taxonomy: 'category', name: 'Counted' });
        expect(await total(`categories=${category}`)).toBe(0);
        await other.exec(`INSERT INTO term_relationships (post_id, term_id) VALUES (${id}, ${category})`);
        expect(await total(`categories=${category}`)).toBe(1);
      } finally {
        await other.close();
      }
    } finally {
      await server.close();
    }
  });
});

interface Served {
  child: ChildProcess;
  output: () => string;
  restUrl: string;
}

function serve(dataDir: string): Promise<Served> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data', dataDir, '--deployment', 'studio'], { cwd: root });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner:\n${out}`)), 60_000);
    child.stdout!.on('data', () => {
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/wp-json)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, output: () => out, restUrl: m[1]! });
      }
    });
    child.on('exit', () => reject(new Error(`exited early:\n${out}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('two serve processes on one data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-two-processes-'));
  const running: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of running) await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a write through one (or the CLI) is seen by the other on its next request', async () => {
    const a = await serve(dataDir);
    running.push(a.child);
    const b = await serve(dataDir);
    running.push(b.child);
    const password = /application password: (.+)\n/.exec(a.output())![1]!.trim();
    const headers = { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`, 'content-type': 'application/json' };

    const created = await (await fetch(`${a.restUrl}/core/v2/posts`, { method: 'POST', headers, body: JSON.stringify({ title: 'Shared', status: 'publish' }) })).json();
    // B reads first, so it holds sticky_posts and the site name in memory.
    expect((await (await fetch(`${b.restUrl}/core/v2/posts/${created.id}`)).json()).sticky).toBe(false);
    const nameBefore = (await (await fetch(`${b.restUrl}/`)).json()).name;
    expect(nameBefore).not.toBe('Changed by the CLI');

    expect((await fetch(`${a.restUrl}/core/v2/posts/${created.id}`, { method: 'POST', headers, body: JSON.stringify({ sticky: true }) })).status).toBe(200);
    expect((await (await fetch(`${b.restUrl}/core/v2/posts/${created.id}`)).json()).sticky).toBe(true);

    // Not execFileSync: a blocked event loop would keep fetch from noticing the servers closing idle keep-alive sockets.
    await promisify(execFile)(process.execPath, [cli, 'site', 'set', 'name', 'Changed by the CLI', '--data', dataDir], { cwd: root });
    expect((await (await fetch(`${b.restUrl}/`)).json()).name).toBe('Changed by the CLI');
    expect((await (await fetch(`${a.restUrl}/`)).json()).name).toBe('Changed by the CLI');
  }, 180_000);
});
