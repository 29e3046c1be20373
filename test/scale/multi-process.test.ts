/**
 * Three `specpress serve` processes on one PostgreSQL database, requests spread round-robin:
 * nothing a request needs lives in one process. A fresh database is migrated by whichever
 * process starts first; writes on one are read on the others at once; concurrent creates of
 * one title get distinct slugs; read-modify-writes outside the post routes (record keys, merged
 * options, form view counters) lose nothing under concurrent requests; rate limits count once
 * for the whole site; an upstream answer cached by one process is reused, and cleared, by all;
 * a process killed with SIGKILL mid-write loses no acknowledged write and the others keep answering.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe, type ServeProcess } from '../../runtime/testing/serve-process.ts';
import { scratchPostgresDatabase, type ScratchPostgresDatabase } from '../support/scratch-postgres-database.ts';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { CookieJar, hiddenField } from '../auth/http-fixtures.ts';
import { patient, within } from '../support/patience.ts';

let scratch: ScratchPostgresDatabase | undefined;
let databaseUrl: string;
let root: string;
const servers: ServeProcess[] = [];
let auth: string;
/** A stand-in upstream service that counts how often it is asked. */
let service: LoopbackServer;
let serviceHits = 0;

beforeAll(async () => {
  scratch = await scratchPostgresDatabase('multi', { maxConnections: 100 }); // empty: the servers migrate it
  databaseUrl = scratch.url;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-multi-'));
  const uploadsDir = path.join(root, 'uploads');
  service = await startLoopbackServer((req, res) => {
    serviceHits++;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=300' }).end(JSON.stringify({ id: 42, hits: serviceHits }));
  });
  const env = { SPECPRESS_PG_POOL_SIZE: '4', SPECPRESS_UPSTREAM_TMPL_LIBRARY_URL: `${service.url}/lib/` };
  const start = (n: number) => spawnServe({ dataDir: path.join(root, `p${n}`), database: databaseUrl, uploadsDir, deployment: 'studio', env });
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
  await service?.close();
  await scratch?.drop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

let turn = 0;
/** The next process in round-robin order. */
const next = () => servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null)[turn++ % servers.length] ?? servers[0]!;

function api(server: ServeProcess, route: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has('cookie')) headers.set('authorization', auth);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${server.restUrl}${route}`, { signal: patient(), ...init, headers });
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

  it('40 concurrent creates of keyless records, spread over the three processes, get 40 distinct keys', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => api(next(), '/pagebuilder/v1/template-library/templates', { method: 'POST', body: JSON.stringify({ title: `T${i}`, type: 'page' }) })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(201));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ id: string; title: string }>;
    expect(new Set(bodies.map((b) => b.id)).size).toBe(40);
    const listed = await api(next(), '/pagebuilder/v1/template-library/templates?per_page=100');
    expect(listed.headers.get('x-wp-total')).toBe('40');
    const titles = ((await listed.json()) as Array<{ title: string }>).map((t) => t.title).sort();
    expect(titles).toEqual(Array.from({ length: 40 }, (_, i) => `T${i}`).sort());
  }, 60_000);

  it('30 concurrent writes of different fields of one option, over the three processes, keep every field', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => api(next(), '/pagebuilder-one/v1/settings', { method: 'POST', body: JSON.stringify({ [`field_${i}`]: i }) })));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    const read = (await (await api(next(), '/pagebuilder-one/v1/settings')).json()) as Record<string, unknown>;
    for (let i = 0; i < 30; i++) expect(read[`field_${i}`]).toBe(i);
  }, 60_000);

  it('60 concurrent views of one form, over the three processes, count exactly 60', async () => {
    const created = await api(next(), '/formsuite/v1/create-new-form', { method: 'POST', body: JSON.stringify({ title: 'Viewed', status: 'publish', fields: [{ name: 'n', label: 'N', type: 'text' }] }) });
    const formId = ((await created.json()) as { id: number }).id;
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => fetch(`${next().restUrl}/formsuite/v1/forms/track-view`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ form_id: formId }) })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(200));
    const counts = ((await Promise.all(answers.map((r) => r.json()))) as Array<{ views: number }>).map((b) => b.views).sort((x, y) => x - y);
    // Each view saw the count after its own increment: 1..60, none lost, none twice.
    expect(counts).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  }, 60_000);

  it('an anonymous write limit of 30 a minute holds for the site: 45 concurrent writes over three processes, 30 pass', async () => {
    const answers = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        fetch(`${next().restUrl}/tmpl-library/v1/logo-generation/callback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: i }) }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const limited = answers.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 60_000);

  it("the forms' per-address limit holds for the site: 3 a minute, 9 submissions over three processes, 3 stored", async () => {
    const created = await api(next(), '/formsuite/v1/create-new-form', { method: 'POST', body: JSON.stringify({ title: 'Limited', status: 'publish', fields: [{ name: 'your_name', label: 'Name', type: 'text' }] }) });
    const formId = ((await created.json()) as { id: number }).id;
    expect((await api(next(), '/formsuite/v1/global-settings', { method: 'POST', body: JSON.stringify({ rate_limit_per_minute: 3 }) })).status).toBe(200);
    try {
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          fetch(`${next().restUrl}/formsuite/v1/submit-form`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ form_id: formId, your_name: `P${i}` }) }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 429)).toHaveLength(6);
      const entries = (await (await api(next(), `/formsuite/v1/entries/list?form_id=${formId}&per_page=100`)).json()) as unknown[];
      expect(entries).toHaveLength(3);
    } finally {
      await api(next(), '/formsuite/v1/global-settings', { method: 'POST', body: JSON.stringify({ rate_limit_per_minute: 0 }) });
    }
  }, 60_000);

  it('an upstream answer cached by one process is reused by the others, and a cache clear on one reaches all', async () => {
    const [a, b, c] = servers as [ServeProcess, ServeProcess, ServeProcess];
    const before = serviceHits;
    const first = await api(a, '/tmpl-library/v1/items/42');
    expect(first.status).toBe(200);
    expect(serviceHits).toBe(before + 1);
    for (const s of [b, c]) {
      const again = await api(s, '/tmpl-library/v1/items/42');
      expect(again.headers.get('x-specpress-cache')).toBe('hit');
      expect(await again.json()).toEqual({ id: 42, hits: before + 1 });
    }
    expect(serviceHits).toBe(before + 1);
    const cleared = await api(b, '/pagebuilder/v1/cache', { method: 'DELETE' });
    expect(((await cleared.json()) as { cleared: string[] }).cleared).toContain('upstream');
    const afterClear = await api(c, '/tmpl-library/v1/items/42');
    expect(afterClear.headers.get('x-specpress-cache')).toBeNull();
    expect(await afterClear.json()).toEqual({ id: 42, hits: before + 2 });
  }, 60_000);

  it('kill -9 of one process during writes loses no acknowledged write; the others keep answering', async () => {
    const victim = servers[2]!;
    const survivors = servers.slice(0, 2);
    const acknowledged: Array<{ id: number; title: string }> = [];
    // Counts, not times (a busy machine acknowledges fewer writes per second): the kill comes once
    // KILL_AFTER writes were acknowledged, with every writer's next one in flight, and each
    // survivor then acknowledges AFTER_KILL writes it began after the kill.
    const KILL_AFTER = 10;
    const AFTER_KILL = 5;
    let n = 0;
    let killed = false;
    let killTime!: () => void;
    const enoughWritten = new Promise<void>((resolve) => (killTime = resolve));
    const afterKill = new Map<ServeProcess, number>(survivors.map((s) => [s, 0]));
    const writer = async (server: ServeProcess) => {
      while (n < 300 && (server === victim || !killed || afterKill.get(server)! < AFTER_KILL)) {
        const title = `crash write ${n++}`;
        const beganAfterKill = killed;
        try {
          const res = await api(server, '/core/v2/posts', { method: 'POST', body: JSON.stringify({ title, status: 'publish' }) });
          if (res.status !== 201) continue;
          acknowledged.push({ id: ((await res.json()) as { id: number }).id, title });
          if (acknowledged.length === KILL_AFTER) killTime();
          if (beganAfterKill && server !== victim) afterKill.set(server, afterKill.get(server)! + 1);
        } catch {
          // The connection to the killed process drops: that write was never acknowledged.
          if (server === victim) return;
        }
      }
    };
    const writing = Promise.all([writer(victim), writer(victim), ...survivors.map(writer)]);
    await within(Promise.race([enoughWritten, writing]), `${KILL_AFTER} acknowledged writes`);
    const exited = new Promise((resolve) => victim.child.once('exit', resolve));
    victim.child.kill('SIGKILL');
    await within(exited, 'the killed process to exit');
    killed = true;
    await writing;
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect([...afterKill.values()]).toEqual([AFTER_KILL, AFTER_KILL]);
    for (const [i, { id, title }] of acknowledged.entries()) {
      const res = await api(survivors[i % 2]!, `/core/v2/posts/${id}?context=edit`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { title: { raw: string } }).title.raw).toBe(title);
    }
  }, 60_000);
});
