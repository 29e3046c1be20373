/**
 * Anonymous list throughput while visitors' browsers count form views: one `specpress serve`
 * (studio, SQLite, 1,000 posts, answer cache on) loaded with autocannon on the first twenty pages
 * of `/core/v2/posts`, in three conditions measured one after the other in each round:
 *   - quiet: nothing else happens;
 *   - views: `POST /formsuite/v1/forms/track-view` 30 times a second, spread over 32 loopback
 *     addresses (127.0.0.2 and up: each stays under a per-address limit of 60 a minute), each a
 *     visitor whose browser keeps its connection to the site;
 *   - views as before: the same, each view followed by a write of a shown post meta row from a
 *     second connection: a commit per view that moves the `answers` row, as each view made before
 *     the change map (runtime/cache/change-map.ts) declared the view count unshown and
 *     runtime/forms/view-batches.ts gathered views into a few commits a second.
 * Prints req/s and p99 of each, each storm's ratio to the quiet run of its round, the server's
 * CPU time per list request (the views' included), the views answered (and refused), and how far
 * the `answers` row moved during each storm; then the median of each storm's ratios over the
 * rounds (target for views: ≥ 0.9× the quiet req/s). Short runs in many rounds, and the median:
 * a burst of outside load on a shared machine moves one round, not the figure.
 * `--dir /dev/shm` puts the site on tmpfs, where a log sync costs nothing: what remains there is
 * the work of the views and of the caches, without the reads that wait for log syncs.
 * Asserts nothing.
 * Run: `npx tsx bench/form-view-storm.bench.ts [--seconds 2] [--rounds 7] [--connections 10] [--views 30] [--dir /tmp]`.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { spawnServe } from '../runtime/testing/serve-process.ts';
import { databaseFile } from '../runtime/store/paths.ts';
import { seedSpecpress } from './yardstick/seed.ts';
import { flag } from './yardstick/flags.ts';
import { cpuMs } from './yardstick/processes.ts';

const seconds = Number(flag('seconds', '2'));
const rounds = Number(flag('rounds', '7'));
const connections = Number(flag('connections', '10'));
const viewsPerSecond = Number(flag('views', '30'));
const ADDRESSES = Array.from({ length: 32 }, (_, i) => `127.0.0.${i + 2}`);
const VISITORS = new Map(ADDRESSES.map((address) => [address, new http.Agent({ keepAlive: true, localAddress: address })]));
const POSTS = 1_000;
/** Distinct list pages requested in turn: each is one kept answer, which every drop makes a miss again. */
const PAGES = 20;

type Condition = 'quiet' | 'views' | 'views as before';
interface Run {
  round: number;
  condition: Condition;
  rps: number;
  p99: number;
  errors: number;
  /** The server's CPU time per list request, the views' included: less moved by other load on the machine than req/s. */
  cpuUs: number;
  views: { ok: number; refused: number; failed: number };
  answersMoved: number;
}

/** One view from `address`: resolves with its status (0 when the request failed). */
function trackView(port: number, form: number, address: string): Promise<number> {
  const body = JSON.stringify({ form_id: form });
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/wp-json/formsuite/v1/forms/track-view', method: 'POST', localAddress: address, agent: VISITORS.get(address), headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** Views at a steady rate until stopped; `after` runs once each view is answered (the emulated old write). */
function viewStorm(port: number, form: number, after?: () => void): { stop: () => Promise<Run['views']> } {
  const counts = { ok: 0, refused: 0, failed: 0 };
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  let sent = 0;
  let timer: NodeJS.Timeout;
  const tick = () => {
    // Paced by the clock, not by the timer's drift: every view due by now is sent.
    const due = Math.floor(((performance.now() - started) / 1000) * viewsPerSecond) + 1;
    for (; sent < due; sent++) {
      const view = trackView(port, form, ADDRESSES[sent % ADDRESSES.length]!).then((status) => {
        if (status === 200) counts.ok++;
        else if (status === 429) counts.refused++;
        else {
          counts.failed++;
          failures.set(status, (failures.get(status) ?? 0) + 1);
        }
        if (status === 200) after?.();
      });
      pending.add(view);
      void view.finally(() => pending.delete(view));
    }
    timer = setTimeout(tick, 1000 / viewsPerSecond / 2);
  };
  tick();
  return {
    stop: async () => {
      clearTimeout(timer);
      await Promise.all(pending);
      return counts;
    },
  };
}

/** Statuses of the views neither counted nor refused (0: no answer), over the whole run. */
const failures = new Map<number, number>();
const root = fs.mkdtempSync(path.join(flag('dir', os.tmpdir()), 'specpress-bench-views-'));
const runs: Run[] = [];
try {
  const dataDir = path.join(root, 'site');
  await seedSpecpress(dataDir, POSTS, 'http://127.0.0.1');
  const serve = await spawnServe({ dataDir, deployment: 'studio', checkAnswers: false });
  const raw = new SQLite(databaseFile(dataDir), { timeout: 60_000 });
  try {
    raw.pragma('synchronous = NORMAL');
    const port = Number(new URL(serve.restUrl).port);
    const password = /application password: (.+)\n/.exec(serve.output())![1]!.trim();
    const auth = `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`;
    const created = await fetch(`${serve.restUrl}/formsuite/v1/create-new-form`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Contact', status: 'publish', fields: [] }) });
    const form = ((await created.json()) as { id: number }).id;
    if (created.status !== 201 || (await trackView(port, form, ADDRESSES[0]!)) !== 200) throw new Error('the form or its view counter does not answer');

    // What every view moved before: the `answers` row, through a shown post meta row of the form.
    raw.prepare("INSERT INTO postmeta (post_id, meta_key, meta_value) VALUES (?, 'bench_shown', '0')").run(form);
    const shownWrite = raw.prepare("UPDATE postmeta SET meta_value = meta_value + 1 WHERE post_id = ? AND meta_key = 'bench_shown'");
    const answersVersion = raw.prepare("SELECT version FROM cache_versions WHERE name = 'answers'").pluck();

    const requests = Array.from({ length: PAGES }, (_, i) => i + 1).map((page) => ({ method: 'GET' as const, path: `/wp-json/core/v2/posts?per_page=10&page=${page}` }));
    const load = (duration: number) => autocannon({ url: `http://127.0.0.1:${port}`, connections, duration, requests });
    await load(5); // warm-up (every page prepared, the code compiled), not counted

    for (let round = 1; round <= rounds; round++) {
      // Each round in another order: what runs first in a round gains nothing.
      const conditions: Condition[] = ['quiet', 'views', 'views as before'];
      for (const condition of [...conditions.slice(round % 3), ...conditions.slice(0, round % 3)]) {
        const versionBefore = Number(answersVersion.get());
        const cpuBefore = cpuMs(serve.child.pid);
        const storm = condition === 'quiet' ? undefined : viewStorm(port, form, condition === 'views as before' ? () => shownWrite.run(form) : undefined);
        const result = await load(seconds);
        const views = (await storm?.stop()) ?? { ok: 0, refused: 0, failed: 0 };
        const cpuUs = ((cpuMs(serve.child.pid) - cpuBefore) * 1000) / Math.max(1, result.requests.total);
        runs.push({ round, condition, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, cpuUs, views, answersMoved: Number(answersVersion.get()) - versionBefore });
      }
    }
  } finally {
    for (const agent of VISITORS.values()) agent.destroy();
    raw.close();
    await serve.stop();
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}

console.log(`\n/core/v2/posts?per_page=10 (pages 1-${PAGES}), ${POSTS} posts, ${connections} connections, ${seconds} s per run, ${viewsPerSecond} views/s, ${os.cpus().length} cores\n`);
console.log('round  condition          req/s   p99 ms  errors  vs quiet  cpu us/req  views ok/429/failed  answers moved');
for (const r of runs) {
  const quiet = runs.find((q) => q.round === r.round && q.condition === 'quiet')!;
  const ratio = r.condition === 'quiet' ? '' : `${(r.rps / quiet.rps).toFixed(2)}x`;
  const views = r.condition === 'quiet' ? '' : `${r.views.ok}/${r.views.refused}/${r.views.failed}`;
  console.log(`${String(r.round).padStart(5)}  ${r.condition.padEnd(17)} ${r.rps.toFixed(0).padStart(6)}  ${String(r.p99).padStart(7)}  ${String(r.errors).padStart(6)}  ${ratio.padStart(8)}  ${r.cpuUs.toFixed(0).padStart(10)}  ${views.padStart(19)}  ${String(r.answersMoved).padStart(13)}`);
}
if (failures.size) console.log(`\nviews that failed, by status (0: no answer): ${[...failures].map(([status, n]) => `${status} x${n}`).join(', ')}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ratios = (condition: Condition, of: (r: Run) => number) => runs.filter((r) => r.condition === condition).map((r) => of(r) / of(runs.find((q) => q.round === r.round && q.condition === 'quiet')!));
const summary = (of: (r: Run) => number) => `views ${median(ratios('views', of)).toFixed(2)}x, views as before ${median(ratios('views as before', of)).toFixed(2)}x`;
console.log(`\nmedians over ${rounds} rounds, against quiet:`);
console.log(`  req/s         ${summary((r) => r.rps)}   (target for views: >= 0.9x)`);
console.log(`  cpu us/req    ${summary((r) => r.cpuUs)}`);
