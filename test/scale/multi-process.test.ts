/**
 * Three `specpress serve` processes on one PostgreSQL database, requests spread round-robin:
 * nothing a request needs lives in one process. A fresh database is migrated by whichever
 * process starts first; writes on one are read on the others at once; concurrent creates of
 * one title get distinct slugs; a process killed with SIGKILL mid-write loses no acknowledged
 * write and the others keep answering.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe, type ServeProcess } from '../../runtime/testing/serve-process.ts';
import { startPostgresCluster, type PostgresCluster } from '../../runtime/testing/postgres-cluster.ts';
import { TEST_PG_URL_ENV, testEngine } from '../../runtime/testing/test-database.ts';
import { CookieJar, hiddenField } from '../auth/http-fixtures.ts';

let ownCluster: PostgresCluster | undefined;
let adminUrl: string;
let databaseName: string;
let databaseUrl: string;
let root: string;
const servers: ServeProcess[] = [];
let auth: string;

beforeAll(async () => {
  // The PostgreSQL run shares its cluster; the SQLite run starts one of its own for this file.
  if (testEngine() === 'postgres') adminUrl = process.env[TEST_PG_URL_ENV]!;
  else adminUrl = (ownCluster = await startPostgresCluster({ maxConnections: 100 })).adminUrl;
  databaseName = `multi_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`); // empty: the servers migrate it
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-multi-'));
  const uploadsDir = path.join(root, 'uploads');
  const start = (n: number) => spawnServe({ dataDir: path.join(root, `p${n}`), database: databaseUrl, uploadsDir, deployment: 'studio', env: { SPECPRESS_PG_POOL_SIZE: '4' } });
  // The first start creates the administrator and prints its credentials; the others find it.
  servers.push(await start(0));
  const appPassword = /application password: (.+)\n/.exec(servers[0]!.output())?.[1]?.trim();
  expect(appPassword).toBeTruthy();
  auth = `Basic ${Buffer.from(`admin:${appPassword}`).toString('base64')}`;
  servers.push(...(await Promise.all([start(1), start(2)])));
  for (const s of servers.slice(1)) expect(s.output()).not.toContain('application password:');
}, 400_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (ownCluster) ownCluster.stop();
  else {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
  }
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

let turn = 0;
/** The next process in round-robin order. */
const next = () => servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null)[turn++ % servers.length] ?? servers[0]!;

function api(server: ServeProcess, route: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('cookie')) headers.set('authorization', auth);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${server.restUrl}${route}`, { ...init, headers });
}

describe('three processes on one PostgreSQL database', () => {
  it('reads a post written on another process at once, and its update', async () => {
    const [a, b, c] = servers as [ServeProcess, ServeProcess, ServeProcess];
    const created = await api(a, '/core/v2/posts', { method: 'POST', body: JSON.stringify({ title: 'Written on A', status: 'publish', content: 'Body from A' }) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const onB = await api(b, `/core/v2/posts/${id}?context=edit`);
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { title: { raw: string } }).title.raw).toBe('Written on A');
    expect((await api(c, `/core/v2/posts/${id}`, { method: 'POST', body: JSON.stringify({ title: 'Edited on C' }) })).status).toBe(200);
    const onA = (await (await api(a, `/core/v2/posts/${id}?context=edit`)).json()) as { title: { raw: string } };
    expect(onA.title.raw).toBe('Edited on C');
  });

  it('reads an option written on another process at once', async () => {
    const [a, b] = servers as [ServeProcess, ServeProcess];
    const value = `v-${Date.now()}`;
    const wrote = await api(a, '/pagebuilder-one/v1/settings', { method: 'POST', body: JSON.stringify({ marker: value }) });
    expect(wrote.status).toBe(200);
    const read = (await (await api(b, '/pagebuilder-one/v1/settings')).json()) as { marker?: string };
    expect(read.marker).toBe(value);
  });

  it('a session opened on one process, its nonce fetched on a second, a write with both on the third', async () => {
    const [a, b, c] = servers as [ServeProcess, ServeProcess, ServeProcess];
    const jar = new CookieJar();
    const form = await (await jar.fetch(`${a.siteUrl}/wp-login.php`)).text();
    const password = /password: (\S+)/.exec(a.output())![1]!;
    const login = await jar.post(`${a.siteUrl}/wp-login.php`, { log: 'admin', pwd: password, redirect_to: hiddenField(form, 'redirect_to'), _csrf: hiddenField(form, '_csrf') });
    expect(login.status).toBe(302);
    const nonceRes = await jar.fetch(`${b.siteUrl}/wp-admin/admin-ajax.php?action=rest-nonce`);
    expect(nonceRes.status).toBe(200);
    const nonce = await nonceRes.text();
    const write = await api(c, '/core/v2/posts', { method: 'POST', headers: { cookie: jar.header(), 'x-wp-nonce': nonce }, body: JSON.stringify({ title: 'By cookie' }) });
    expect(write.status).toBe(201);
    // A made-up nonce is refused on every process alike.
    const bad = await api(c, '/core/v2/posts', { method: 'POST', headers: { cookie: jar.header(), 'x-wp-nonce': '0123456789' }, body: JSON.stringify({ title: 'x' }) });
    expect(bad.status).toBe(403);
  });

  it('20 concurrent creates of one title, spread over the three processes, get 20 distinct slugs', async () => {
    const title = `Same title ${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api(next(), '/core/v2/posts', { method: 'POST', body: JSON.stringify({ title, status: 'publish' }) })),
    );
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ id: number; slug: string }>;
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(bodies.map((b) => b.slug)).size).toBe(20);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(20);
  }, 60_000);

  it('kill -9 of one process during writes loses no acknowledged write; the others keep answering', async () => {
    const victim = servers[2]!;
    const survivors = servers.slice(0, 2);
    const acknowledged: Array<{ id: number; title: string }> = [];
    let n = 0;
    const deadline = Date.now() + 3000;
    const writer = async (server: ServeProcess) => {
      while (Date.now() < deadline && n < 300) {
        const title = `crash write ${n++}`;
        try {
          const res = await api(server, '/core/v2/posts', { method: 'POST', body: JSON.stringify({ title, status: 'publish' }) });
          if (res.status === 201) acknowledged.push({ id: ((await res.json()) as { id: number }).id, title });
        } catch {
          // The connection to the killed process drops: that write was never acknowledged.
          if (server === victim) return;
        }
      }
    };
    const writing = Promise.all([writer(victim), writer(victim), ...survivors.map(writer)]);
    setTimeout(() => victim.child.kill('SIGKILL'), 800);
    await writing;
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThan(5);
    for (const [i, { id, title }] of acknowledged.entries()) {
      const res = await api(survivors[i % 2]!, `/core/v2/posts/${id}?context=edit`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: { raw: string } }).title.raw).toBe(title);
    }
  }, 60_000);
});
