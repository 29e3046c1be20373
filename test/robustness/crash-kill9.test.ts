/**
 * A real `specpress serve` child process killed with SIGKILL while posts and uploads are being
 * written concurrently, then started again on the same data folder, three times over (each kill
 * lands on a new set of writes in flight, and each start sweeps what the last crash left): every write it acknowledged
 * is there, every acknowledged upload's file is served, and no public file is left that no
 * attachment refers to (the start-up sweep moved any such file out of reach).
 * Prints: requests, acknowledged writes, lost writes, orphans, partial files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { spawnServe, type ServeProcess } from '../../runtime/testing/serve-process.ts';
import { ORPHANS_FOLDER } from '../../runtime/media/sweep-leftovers.ts';
import { PARTIAL_PREFIX } from '../../runtime/media/storage.ts';
import { testDatabaseFor, testEngine } from '../../runtime/testing/test-database.ts';
import { patient, PATIENCE_MS, within } from '../support/patience.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-crash-'));
// Short limits so that the restart's sweep may touch what the killed process left: it spares
// files younger than the longest a request may take, these two together (runtime/server.ts).
// The handler's limit leaves a busy machine room to acknowledge writes (past it: a 503).
const env = { SPECPRESS_REQUEST_TIMEOUT_MS: '1500', SPECPRESS_HANDLER_TIMEOUT_MS: '6000' };
const GRACE_MS = Number(env.SPECPRESS_REQUEST_TIMEOUT_MS) + Number(env.SPECPRESS_HANDLER_TIMEOUT_MS);
// Three crashes, each once this many writes of the round were acknowledged, under this many
// concurrent writers (a count, not a time: a busy machine acknowledges fewer per second).
const ROUNDS = 3;
const WRITERS = 10;
const KILL_AFTER_ACKS = 30;
// The site's database: SQLite under the data folder, or this run's PostgreSQL.
const testDatabase = await testDatabaseFor(dataDir);
const database = testEngine() === 'postgres' ? testDatabase.target : undefined;
let running: ServeProcess | undefined;

afterAll(async () => {
  await running?.stop();
  await testDatabase.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function credentialsOf(output: string): string {
  const login = /login:\s+(\S+)/.exec(output)?.[1];
  const appPassword = /application password:\s+(.+)/.exec(output)?.[1]?.trim();
  if (!login || !appPassword) throw new Error(`no first-start credentials in:\n${output}`);
  return `Basic ${Buffer.from(`${login}:${appPassword}`).toString('base64')}`;
}

/** Every regular file under the uploads folder outside dot folders, uploads-relative. */
function publicFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((p) => p.split(path.sep).join('/'))
    .filter((p) => !p.split('/').some((part) => part.startsWith('.')) && fs.statSync(path.join(root, p)).isFile());
}

/** Sets every file below root (dot folders included) `ms` into the past, as the sweep reads age. */
function ageFiles(root: string, ms: number): void {
  if (!fs.existsSync(root)) return;
  const past = new Date(Date.now() - ms);
  for (const p of fs.readdirSync(root, { recursive: true }) as string[]) {
    const full = path.join(root, p);
    if (fs.statSync(full).isFile()) fs.utimesSync(full, past, past);
  }
}

describe('kill -9 during concurrent writes', () => {
  it('keeps every acknowledged write and leaves no orphan file', async () => {
    running = await spawnServe({ dataDir, database, deployment: 'studio', env });
    const auth = credentialsOf(running.output());
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();

    const ackPosts: Array<{ id: number; title: string }> = [];
    const ackMedia: Array<{ id: number }> = [];
    let sent = 0;
    // How many answers of each status the writers got (a write the server times out is not acknowledged).
    const statuses = new Map<number, number>();
    const answered = () => [...statuses].map(([status, n]) => `${n}×${status}`).join(', ') || 'none';
    for (let round = 0; round < ROUNDS; round++) {
      const restUrl = running.restUrl;
      let stop = false;
      let acked = 0;
      let enoughAcked!: () => void;
      const enough = new Promise<void>((resolve) => (enoughAcked = resolve));
      const acknowledged = () => {
        if (++acked === KILL_AFTER_ACKS) enoughAcked();
      };
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          sent++;
          try {
            if (i % 2 === 0) {
              const title = `crash ${round}-${w}-${i}`;
              const res = await fetch(`${restUrl}/core/v2/posts`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ title, status: 'publish' }), signal: patient() });
              statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
              if (res.status === 201) {
                ackPosts.push({ id: ((await res.json()) as { id: number }).id, title });
                acknowledged();
              }
            } else {
              const res = await fetch(`${restUrl}/core/v2/media`, { method: 'POST', headers: { authorization: auth, 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="same name.jpg"' }, body: new Uint8Array(jpeg), signal: patient() });
              statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
              if (res.status === 201) {
                ackMedia.push({ id: ((await res.json()) as { id: number }).id });
                acknowledged();
              }
            }
          } catch {
            return; // the server is gone
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      // Every writer keeps a write in flight: the kill lands on some of them, whenever it comes.
      await within(Promise.race([enough, Promise.all(writers)]), () => `${KILL_AFTER_ACKS} acknowledged writes in round ${round + 1} (${acked} so far; answers: ${answered()})`);
      const { child } = running;
      const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await within(exited, 'the killed server to exit');
      stop = true;
      await Promise.all(writers);
      expect(acked).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      // Start again on the same folder as if the sweep's grace had passed: the killed process
      // writes nothing more, so aging its files is what waiting out the grace would do.
      ageFiles(path.join(dataDir, 'uploads'), GRACE_MS + 1000);
      running = await spawnServe({ dataDir, database, deployment: 'studio', env });
    }
    const after = running.restUrl;

    let lost = 0;
    for (const post of ackPosts) {
      const res = await fetch(`${after}/core/v2/posts/${post.id}?context=edit`, { headers: { authorization: auth }, signal: patient() });
      const body = (await res.json()) as { title?: { raw?: string } };
      if (res.status !== 200 || body.title?.raw !== post.title) lost++;
    }
    const referenced = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await fetch(`${after}/core/v2/media?per_page=100&page=${page}&context=edit`, { headers: { authorization: auth }, signal: patient() });
      if (res.status !== 200) break;
      const items = (await res.json()) as Array<{ id: number; source_url: string; media_details: { file?: string; sizes?: Record<string, { file: string }> } }>;
      for (const item of items) {
        const file = item.media_details.file ?? '';
        referenced.add(file);
        const folder = file.slice(0, file.lastIndexOf('/'));
        for (const size of Object.values(item.media_details.sizes ?? {})) referenced.add(`${folder}/${size.file}`);
      }
      if (items.length < 100) break;
    }
    for (const media of ackMedia) {
      const res = await fetch(`${after}/core/v2/media/${media.id}`, { signal: patient() });
      const item = (await res.json()) as { source_url?: string };
      const served = res.status === 200 && item.source_url ? (await fetch(item.source_url, { signal: patient() })).status : 0;
      if (served !== 200) lost++;
    }
    const uploads = path.join(dataDir, 'uploads');
    const orphans = publicFiles(uploads).filter((f) => !referenced.has(f));
    const partials = (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((p) => path.basename(p).startsWith(PARTIAL_PREFIX));
    const moved = fs.existsSync(path.join(uploads, ORPHANS_FOLDER)) ? publicFiles(path.join(uploads, ORPHANS_FOLDER)).length : 0;
    // eslint-disable-next-line no-console
    console.log(`crash test: ${ROUNDS} kills, ${sent} requests (answers: ${answered()}), ${ackPosts.length} posts and ${ackMedia.length} uploads acknowledged, ${lost} lost, ${orphans.length} orphans, ${partials.length} partial files, ${moved} leftovers moved out of reach by the start-up sweep`);
    expect(lost).toBe(0);
    expect(orphans).toEqual([]);
    expect(partials).toEqual([]);
  }, 4 * PATIENCE_MS); // four server starts, three rounds of writes and a read of each write, on a busy machine
});
