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

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-crash-'));
// Short limits so that the restart's sweep may touch what the killed process left.
const env = { SPECPRESS_REQUEST_TIMEOUT_MS: '1500', SPECPRESS_HANDLER_TIMEOUT_MS: '1500' };
const GRACE_MS = 3000;
// Three crashes, each after this long under this many concurrent writers.
const ROUNDS = 3;
const WRITERS = 10;
const LOAD_MS = 3000;
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

describe('kill -9 during concurrent writes', () => {
  it('keeps every acknowledged write and leaves no orphan file', async () => {
    running = await spawnServe({ dataDir, database, deployment: 'studio', env });
    const auth = credentialsOf(running.output());
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();

    const ackPosts: Array<{ id: number; title: string }> = [];
    const ackMedia: Array<{ id: number }> = [];
    let sent = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const restUrl = running.restUrl;
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          sent++;
          try {
            if (i % 2 === 0) {
              const title = `crash ${round}-${w}-${i}`;
              const res = await fetch(`${restUrl}/core/v2/posts`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ title, status: 'publish' }) });
              if (res.status === 201) ackPosts.push({ id: ((await res.json()) as { id: number }).id, title });
            } else {
              const res = await fetch(`${restUrl}/core/v2/media`, { method: 'POST', headers: { authorization: auth, 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="same name.jpg"' }, body: new Uint8Array(jpeg) });
              if (res.status === 201) ackMedia.push({ id: ((await res.json()) as { id: number }).id });
            }
          } catch {
            return; // the server is gone
          }
        }
      };
      const before = ackPosts.length + ackMedia.length;
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await new Promise((r) => setTimeout(r, LOAD_MS));
      running.child.kill('SIGKILL');
      await new Promise((r) => running!.child.once('exit', r));
      stop = true;
      await Promise.all(writers);
      expect(ackPosts.length + ackMedia.length - before).toBeGreaterThan(5);
      // Past the sweep's grace, start again on the same folder.
      await new Promise((r) => setTimeout(r, GRACE_MS + 200));
      running = await spawnServe({ dataDir, database, deployment: 'studio', env });
    }
    const after = running.restUrl;

    let lost = 0;
    for (const post of ackPosts) {
      const res = await fetch(`${after}/core/v2/posts/${post.id}?context=edit`, { headers: { authorization: auth } });
      const body = (await res.json()) as { title?: { raw?: string } };
      if (res.status !== 200 || body.title?.raw !== post.title) lost++;
    }
    const referenced = new Set<string>();
    for (let page = 1; ; page++) {
      const res = await fetch(`${after}/core/v2/media?per_page=100&page=${page}&context=edit`, { headers: { authorization: auth } });
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
      const res = await fetch(`${after}/core/v2/media/${media.id}`);
      const item = (await res.json()) as { source_url?: string };
      const served = res.status === 200 && item.source_url ? (await fetch(item.source_url)).status : 0;
      if (served !== 200) lost++;
    }
    const uploads = path.join(dataDir, 'uploads');
    const orphans = publicFiles(uploads).filter((f) => !referenced.has(f));
    const partials = (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((p) => path.basename(p).startsWith(PARTIAL_PREFIX));
    const moved = fs.existsSync(path.join(uploads, ORPHANS_FOLDER)) ? publicFiles(path.join(uploads, ORPHANS_FOLDER)).length : 0;
    // eslint-disable-next-line no-console
    console.log(`crash test: ${ROUNDS} kills, ${sent} requests, ${ackPosts.length} posts and ${ackMedia.length} uploads acknowledged, ${lost} lost, ${orphans.length} orphans, ${partials.length} partial files, ${moved} leftovers moved out of reach by the start-up sweep`);
    expect(lost).toBe(0);
    expect(orphans).toEqual([]);
    expect(partials).toEqual([]);
  }, 120_000);
});
