/**
 * Options and site settings are kept in each serving process's memory (runtime/cache/). A write
 * must be visible to the very next read: in the same process, from another connection to the
 * same database, and across two `specpress serve` processes (plus the CLI) on one data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../runtime/testing/harness.ts';
import SQLite from 'better-sqlite3';
import { databaseFile } from '../../runtime/store/paths.ts';
import { ProcessCache } from '../../runtime/cache/process-cache.ts';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'bin/specpress.js');

describe('process cache', () => {
  it('does not store an answer loaded before a drop, and drops everything when the token moves', async () => {
    let token = 'a';
    const cache = new ProcessCache({ token: async () => token });
    await cache.refresh();
    let release!: () => void;
    const slow = cache.get('options', 'k', () => new Promise<string>((r) => (release = () => r('old'))));
    cache.forget('options');
    release();
    expect(await slow).toBe('old');
    expect(await cache.get('options', 'k', async () => 'new')).toBe('new');
    expect(await cache.get('options', 'k', async () => 'newer')).toBe('new');
    token = 'b';
    await cache.refresh();
    expect(await cache.get('options', 'k', async () => 'after')).toBe('after');
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
      // Behind its back (a plain SQLite connection, as another program would write): the next request sees it.
      const other = new SQLite(databaseFile(server.app.config.dataDir));
      try {
        other.prepare("UPDATE options SET value = '[]' WHERE name = 'sticky_posts'").run();
        expect((await call('GET', `/core/v2/posts/${id}`)).sticky).toBe(false);
        other.prepare('INSERT INTO options (name, value) VALUES (?, ?)').run('site.name', JSON.stringify('Renamed elsewhere'));
        expect((await call('GET', '/')).name).toBe('Renamed elsewhere');
        other.prepare("DELETE FROM options WHERE name = 'site.name'").run();
        expect((await call('GET', '/')).name).not.toBe('Renamed elsewhere');
      } finally {
        other.close();
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

    execFileSync(process.execPath, [cli, 'site', 'set', 'name', 'Changed by the CLI', '--data', dataDir], { cwd: root, stdio: 'pipe' });
    expect((await (await fetch(`${b.restUrl}/`)).json()).name).toBe('Changed by the CLI');
    expect((await (await fetch(`${a.restUrl}/`)).json()).name).toBe('Changed by the CLI');
  }, 180_000);
});
