/**
 * The yardstick of issue 15: the same posts in three servers, each a separate process, loaded the
 * same way with autocannon, one after the other, in one run:
 *   - the floor: bench/yardstick/floor-server.ts (fastify + better-sqlite3 by hand; reads, and
 *     the batch of creates written as plainly as an honest store can),
 *   - specpress: `node bin/specpress.js serve` on a fresh data folder, as a user starts it,
 *   - the reference WordPress 6.8 on 127.0.0.1:8082 when it answers (its own data, never
 *     reseeded; what the batch and upload rows create is deleted again after each row).
 * Prints req/s, p50, p99 (ms), the server's RSS after the row, and ratios. On a shared machine
 * absolute figures move from run to run; the ratios of one run are what to compare.
 *
 * Run: `npm run bench` or `npx tsx bench/side-by-side.bench.ts [--seconds 5] [--connections 16]
 *      [--posts 1000] [--workers N] [--soak 60] [--no-wordpress] [--only list10,single]
 *      [--baseline <another checkout of specpress>] [--baseline-uncached] [--no-uncached]`
 * Besides `specpress` (as a user starts it, answer cache on), an `uncached` column runs the same
 * checkout with `--no-answer-cache`, so every figure is also shown answered from the database.
 * --baseline adds a second specpress column from that checkout (e.g. `git archive <commit>`
 * unpacked with node_modules linked), seeded and started the same way: before/after in one run.
 * --baseline-uncached starts that checkout with `--no-answer-cache` too, and compares the
 * `uncached` column with it (the database path before/after).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { seedFloor } from './yardstick/seed.ts';
import { cpuMs, rssMb, startProcess, type Started } from './yardstick/processes.ts';
import { flag } from './yardstick/flags.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORDPRESS = 'http://127.0.0.1:8082';
const WORDPRESS_CREDENTIALS = '/tmp/wp-oracle-68/credentials';

const seconds = Number(flag('seconds', '6'));
/** Each row's time is cut into this many slices, the servers taking turns: drift in the machine's load hits all alike. */
const rounds = Number(flag('rounds', '3'));
const connections = Number(flag('connections', '16'));
const posts = Number(flag('posts', '1000'));
const workers = flag('workers', '');
const soakSeconds = Number(flag('soak', '0'));
const only = flag('only', '') ? new Set(flag('only', '').split(',')) : undefined;
const withWordPress = !process.argv.includes('--no-wordpress');
const baselineRoot = flag('baseline', '');
const baselineUncached = process.argv.includes('--baseline-uncached');
const withUncached = !process.argv.includes('--no-uncached');

interface Target {
  name: string;
  origin: string;
  /** REST prefix of the posts routes, e.g. /wp-json/wp/v2 */
  v2: string;
  auth?: string;
  pid?: number;
  singleId: number;
  categoryId: number;
}

interface Row {
  key: string;
  label: string;
  /** Path and query under the target's origin. */
  path: (t: Target) => string;
  admin?: boolean;
  method?: 'POST';
  body?: (t: Target) => Buffer | string;
  headers?: Record<string, string>;
  /** Rows that write: bounded count instead of a duration, fewer connections. */
  amount?: number;
  /**
   * Requests sent one by one before a bounded row is measured, on every target alike: a few dozen batches
   * would otherwise be mostly the first calls of the write path (JIT, prepared statements), which
   * a read row's seconds of load amortize. The first one's time is printed as the cold figure.
   */
  warmup?: number;
  connections?: number;
  /** Only these targets run the row. */
  targets?: string[];
  /** What a writing row leaves on the reference WordPress, deleted again after it: a collection and a search finding only those items. */
  created?: { collection: 'posts' | 'media'; search: string };
}

interface Figure {
  rps: number;
  p50: number;
  p99: number;
  rss: number;
  failed: number;
  /** Server CPU time per request (ms): less sensitive than req/s to what else the machine runs. */
  cpu: number;
  /** Milliseconds of the first warm-up request (the write path's first call after start). */
  firstMs?: number;
}

const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 140, b: 200 } } }).jpeg({ quality: 80 }).toBuffer();

const batchBody = (t: Target) =>
  JSON.stringify({
    requests: Array.from({ length: 25 }, (_, i) => ({
      method: 'POST',
      path: `${t.v2.replace(/^\/wp-json/, '')}/posts`,
      body: { title: `Batch post ${i}`, content: `<!-- wp:paragraph -->\n<p>Created in a batch, number ${i}.</p>\n<!-- /wp:paragraph -->`, status: 'publish' },
    })),
  });

const ROWS: Row[] = [
  { key: 'list10', label: 'list per_page=10', path: (t) => `${t.v2}/posts?per_page=10` },
  { key: 'list100', label: 'list per_page=100', path: (t) => `${t.v2}/posts?per_page=100` },
  // What the block editor and API clients read, signed in: every server sends the raw text too
  // (the floor's edit answer: bench/yardstick/floor-server.ts editShape).
  { key: 'list100edit', label: 'list per_page=100 context=edit (admin)', path: (t) => `${t.v2}/posts?per_page=100&context=edit`, admin: true },
  { key: 'single', label: 'single post', path: (t) => `${t.v2}/posts/${t.singleId}` },
  { key: 'discovery', label: 'discovery GET /wp-json/', path: () => `/wp-json/`, targets: ['specpress', 'wordpress'] },
  { key: 'search', label: 'search=number 42', path: (t) => `${t.v2}/posts?search=number%2042`, targets: ['specpress', 'wordpress'] },
  { key: 'category', label: 'list categories=<id>', path: (t) => `${t.v2}/posts?categories=${t.categoryId}`, targets: ['specpress', 'wordpress'] },
  { key: 'drafts', label: 'list status=draft (admin)', path: (t) => `${t.v2}/posts?status=draft`, admin: true, targets: ['specpress', 'wordpress'] },
  { key: 'embed', label: 'list _embed', path: (t) => `${t.v2}/posts?_embed=1`, targets: ['specpress', 'wordpress'] },
  {
    key: 'batch25', label: 'batch of 25 creates', path: () => `/wp-json/batch/v1`, admin: true, method: 'POST', body: batchBody,
    // WordPress takes part when its credentials are there; its posts are deleted again after the row (`created`).
    // The floor's are left: its database is thrown away, and no row after this one reads it.
    // 60 batches before measuring: a fresh server's batch costs about 37 ms of CPU over batches 11–20,
    // 23 over 41–80 and 15–18 from about the 100th on (JIT of the write path); 10 measured the climb.
    headers: { 'content-type': 'application/json' }, amount: 80, warmup: 60, connections: 2, targets: ['floor', 'specpress', 'wordpress'],
    created: { collection: 'posts', search: 'Created in a batch' },
  },
  {
    key: 'upload', label: 'upload 1600x1200 JPEG (sub-sizes)', path: (t) => `${t.v2}/media`, admin: true, method: 'POST', body: () => jpeg,
    headers: { 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="bench.jpg"' }, amount: 20, warmup: 3, connections: 2, targets: ['specpress', 'wordpress'],
    created: { collection: 'media', search: 'bench' },
  },
];

async function load(t: Target, row: Row, overrideSeconds?: number): Promise<Figure> {
  const headers: Record<string, string> = { ...(row.headers ?? {}) };
  if (row.admin && t.auth) headers.authorization = t.auth;
  const options: autocannon.Options = {
    url: t.origin + row.path(t),
    method: row.method ?? 'GET',
    headers,
    body: row.body?.(t) as string | undefined,
    connections: row.connections ?? connections,
    timeout: 30,
  };
  if (row.amount && !overrideSeconds) options.amount = row.amount;
  else options.duration = overrideSeconds ?? seconds;
  let firstMs: number | undefined;
  for (let i = 0; options.amount && i < (row.warmup ?? 0); i++) {
    const sent = performance.now();
    const body = typeof options.body === 'string' || !options.body ? options.body : new Uint8Array(options.body as Buffer);
    const res = await fetch(options.url, { method: options.method, headers, body });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${t.name}: warm-up ${row.key} answered ${res.status}`);
    firstMs ??= performance.now() - sent;
  }
  const cpuBefore = cpuMs(t.pid);
  // A bounded run's req/s from its own clock: autocannon samples once a second and notices the
  // end at the next sample, so its figure is `amount` over whole seconds (a run done in 0.3 s
  // would read 40 req/s for 40 requests).
  const began = performance.now();
  let lastAnswer = began;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const running = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    if (options.amount) running.on('response', () => (lastAnswer = performance.now()));
  });
  return {
    rps: options.amount ? (result.requests.total / Math.max(lastAnswer - began, 1)) * 1000 : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rss: rssMb(t.pid),
    failed: result.non2xx + result.errors + result.timeouts,
    cpu: t.pid && result.requests.total ? (cpuMs(t.pid) - cpuBefore) / result.requests.total : 0,
    firstMs,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The row on every target, in `rounds` turns of seconds/rounds each (write rows: one turn each). */
async function loadInTurns(targets: Target[], row: Row): Promise<Map<string, Figure>> {
  const turns = row.amount ? 1 : rounds;
  const slices = new Map<string, Figure[]>();
  for (let turn = 0; turn < turns; turn++) {
    for (const t of targets) {
      const list = slices.get(t.name) ?? [];
      list.push(await load(t, row, row.amount ? undefined : seconds / turns));
      slices.set(t.name, list);
    }
  }
  const figures = new Map<string, Figure>();
  for (const [name, list] of slices) {
    figures.set(name, {
      rps: list.reduce((sum, f) => sum + f.rps, 0) / list.length,
      p50: median(list.map((f) => f.p50)),
      p99: median(list.map((f) => f.p99)),
      rss: list[list.length - 1].rss,
      failed: list.reduce((sum, f) => sum + f.failed, 0),
      cpu: median(list.map((f) => f.cpu)),
      firstMs: list[0].firstMs,
    });
  }
  return figures;
}

async function timedGet(url: string, auth?: string): Promise<{ ms: number; status: number; json: unknown }> {
  const began = performance.now();
  const res = await fetch(url, { headers: auth ? { authorization: auth } : {} });
  const json = await res.json().catch(() => undefined);
  return { ms: performance.now() - began, status: res.status, json };
}

function basic(userPass: string): string {
  return `Basic ${Buffer.from(userPass).toString('base64')}`;
}

async function wordpressTarget(): Promise<Target | undefined> {
  if (!withWordPress) return undefined;
  try {
    const list = await timedGet(`${WORDPRESS}/wp-json/wp/v2/posts?per_page=1&_fields=id`);
    if (list.status !== 200) return undefined;
    const cats = (await timedGet(`${WORDPRESS}/wp-json/wp/v2/categories?orderby=count&order=desc&per_page=1&_fields=id`)).json as Array<{ id: number }>;
    const auth = fs.existsSync(WORDPRESS_CREDENTIALS) ? basic(fs.readFileSync(WORDPRESS_CREDENTIALS, 'utf8').trim()) : undefined;
    return { name: 'wordpress', origin: WORDPRESS, v2: '/wp-json/wp/v2', auth, singleId: (list.json as Array<{ id: number }>)[0].id, categoryId: cats[0]?.id ?? 1 };
  } catch {
    return undefined;
  }
}

/** Leaves the reference site as it was: what a writing row created goes, 25 deletions per batch request. */
async function deleteCreated(t: Target, row: Row): Promise<void> {
  const { collection, search } = row.created!;
  let deleted = 0;
  for (;;) {
    const res = await fetch(`${t.origin}${t.v2}/${collection}?search=${encodeURIComponent(search)}&per_page=25&_fields=id`, { headers: { authorization: t.auth! } });
    const ids = ((await res.json()) as Array<{ id: number }>).map((p) => p.id);
    if (!ids.length) break;
    // Media are not allowed in a batch (WordPress's attachments controller turns it off): one by one.
    const statuses = collection === 'media' ? await Promise.all(ids.map(async (id) => (await fetch(`${t.origin}${t.v2}/media/${id}?force=true`, { method: 'DELETE', headers: { authorization: t.auth! } })).status)) : await deleteInBatch(t, collection, ids);
    // Never loop on what will not go.
    if (statuses.some((status) => status !== 200)) throw new Error(`wordpress: deleting the ${row.key} row's ${collection} answered ${statuses.join(', ')}`);
    deleted += ids.length;
  }
  console.log(`wordpress: deleted the ${deleted} ${collection === 'media' ? 'media items' : collection} the ${row.key} row created`);
}

async function deleteInBatch(t: Target, collection: string, ids: number[]): Promise<number[]> {
  const requests = ids.map((id) => ({ method: 'DELETE', path: `/wp/v2/${collection}/${id}?force=true` }));
  const res = await fetch(`${t.origin}/wp-json/batch/v1`, { method: 'POST', headers: { authorization: t.auth!, 'content-type': 'application/json' }, body: JSON.stringify({ requests }) });
  const body = (await res.json()) as { responses?: Array<{ status: number }> };
  return body.responses?.map((r) => r.status) ?? [res.status];
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-yardstick-'));
  const started: Started[] = [];
  try {
    console.log(`# side-by-side bench: ${posts} posts, ${connections} connections, ${seconds} s per row, autocannon; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('# absolute figures depend on what else the machine runs; compare the ratios of one run.\n');

    const specpress = await startSpecpress(ROOT, 'specpress', work, started);
    // The same checkout with its answer cache off: what every request costs when it is answered
    // from the database (the cache keeps anonymous answers of core routes until the next write).
    const uncached = withUncached ? await startSpecpress(ROOT, 'uncached', work, started, ['--no-answer-cache']) : undefined;
    const baseline = baselineRoot ? await startSpecpress(path.resolve(baselineRoot), 'baseline', work, started, baselineUncached ? ['--no-answer-cache'] : []) : undefined;

    // The floor, showing the meta the deployment registers (its posts show them with their defaults).
    const floorDb = path.join(work, 'floor.sqlite');
    seedFloor(floorDb, posts);
    const metaFile = path.join(work, 'floor-meta.json');
    const newest = (await timedGet(`${specpress.origin}/wp-json/core/v2/posts?per_page=1`)).json as Array<{ meta?: unknown }>;
    fs.writeFileSync(metaFile, JSON.stringify(newest[0]?.meta ?? { footnotes: '' }));
    const floorProc = await startProcess(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/yardstick/floor-server.ts'), floorDb, '0', metaFile], /listening (\d+)/);
    started.push(floorProc);
    // The floor checks only that an authorization header is there (it measures storing, not password checks).
    const floor: Target = {
      name: 'floor', origin: `http://127.0.0.1:${floorProc.match[1]}`, v2: '/wp-json/wp/v2', auth: basic('floor:floor'), pid: floorProc.child.pid, singleId: 1, categoryId: 2,
    };
    // The newest published post of each: the same fixture post in all.
    floor.singleId = ((await timedGet(`${floor.origin}/wp-json/wp/v2/posts?per_page=1`)).json as Array<{ id: number }>)[0].id;
    // What each answers for the list of 10: the ratios compare servers, so the answers must match in size.
    const sizeOf = async (t: Target) => (await (await fetch(`${t.origin}${t.v2}/posts?per_page=10`)).arrayBuffer()).byteLength;
    console.log(`list of 10 answer bytes: floor ${fmt(await sizeOf(floor))}, specpress ${fmt(await sizeOf(specpress))}`);

    const wordpress = await wordpressTarget();
    console.log(wordpress ? `WordPress answers on ${WORDPRESS}: included in the read rows and the writing ones (what they create deleted after)` : 'WordPress not answering (or --no-wordpress): left out');
    const targets = [floor, specpress, ...(uncached ? [uncached] : []), ...(baseline ? [baseline] : []), ...(wordpress ? [wordpress] : [])];

    const table: Array<{ row: Row; figures: Map<string, Figure> }> = [];
    for (const row of ROWS) {
      if (only && !only.has(row.key)) continue;
      const taking = targets.filter((t) => (!row.targets || row.targets.includes(t.name === 'baseline' || t.name === 'uncached' ? 'specpress' : t.name)) && (!row.admin || t.auth));
      const figures = await loadInTurns(taking, row);
      if (row.created && wordpress && taking.includes(wordpress)) await deleteCreated(wordpress, row);
      table.push({ row, figures });
      printRow(row, figures);
    }

    console.log('\n## summary (ratio = specpress req/s ÷ the other in this run; CPU = server CPU ms per request, and the other\'s ÷ specpress\'s)');
    console.log(`| request | floor req/s | specpress req/s | p50 / p99 ms | RSS MB | ÷ floor | CPU ms/req (floor) |${uncached ? ' no answer cache req/s | p50 / p99 ms | ÷ floor | CPU ms/req |' : ''}${baseline ? ' baseline req/s | p99 ms | ÷ baseline | CPU ms/req (baseline) |' : ''} WordPress req/s | p99 ms | × WordPress |`);
    console.log(`|---|---|---|---|---|---|---|${uncached ? '---|---|---|---|' : ''}${baseline ? '---|---|---|---|' : ''}---|---|---|`);
    for (const { row, figures } of table) {
      const f = figures.get('floor');
      const s = figures.get('specpress');
      const w = figures.get('wordpress');
      const b = figures.get('baseline');
      if (!s) continue;
      // The column the baseline is compared with: as it was started (answer cache on or off).
      const compared = (baselineUncached ? figures.get('uncached') : undefined) ?? s;
      const baselineCells = baseline ? ` ${b ? fmt(b.rps, row.amount ? 1 : 0) : '–'} | ${b ? fmt(b.p99) : '–'} | ${b ? fmt(compared.rps / b.rps, 2) + '×' : '–'} | ${b ? `${fmt(compared.cpu, 2)} (${fmt(b.cpu, 2)}: ${fmt(b.cpu / compared.cpu, 2)}×)` : '–'} |` : '';
      const u = figures.get('uncached');
      const uncachedCells = uncached ? ` ${u ? fmt(u.rps, row.amount ? 1 : 0) : '–'} | ${u ? `${fmt(u.p50)} / ${fmt(u.p99)}` : '–'} | ${u && f ? fmt(u.rps / f.rps, 2) + '×' : '–'} | ${u ? fmt(u.cpu, 2) : '–'} |` : '';
      const cpuCell = f ? `${fmt(s.cpu, 2)} (${fmt(f.cpu, 2)}: ${fmt(f.cpu / s.cpu, 2)}×)` : fmt(s.cpu, 2);
      console.log(
        `| ${row.label} | ${f ? fmt(f.rps, row.amount ? 1 : 0) : '–'} | ${fmt(s.rps, row.amount ? 1 : 0)}${s.failed ? ` (${s.failed} failed)` : ''} | ${fmt(s.p50)} / ${fmt(s.p99)} | ${fmt(s.rss)} | ${f ? fmt(s.rps / f.rps, 2) + '×' : '–'} | ${cpuCell} |${uncachedCells}${baselineCells} ${w ? fmt(w.rps, 1) : '–'} | ${w ? fmt(w.p99) : '–'} | ${w && w.rps > 0 ? fmt(s.rps / w.rps, 1) + '×' : '–'} |`,
      );
    }

    if (soakSeconds > 0) {
      // Saturation first, unmeasured: the heap's young generation and the process caches grow to
      // their working size in the first seconds of load. Flat means flat after that, and the
      // growth during the warm-up is printed beside it.
      const warm = 10;
      console.log(`\n## RSS over ${soakSeconds} s at saturation (list per_page=10), after ${warm} s of the same load`);
      const cold = rssMb(specpress.pid);
      await load(specpress, ROWS[0], warm);
      const samples: number[] = [rssMb(specpress.pid)];
      const timer = setInterval(() => samples.push(rssMb(specpress.pid)), 5_000);
      const soak = await load(specpress, ROWS[0], soakSeconds);
      clearInterval(timer);
      samples.push(rssMb(specpress.pid));
      const spread = (Math.max(...samples) - Math.min(...samples)) / Math.min(...samples);
      console.log(`RSS before the load ${fmt(cold, 1)} MB, after the warm-up ${fmt(samples[0], 1)} MB`);
      console.log(`${fmt(soak.rps)} req/s; RSS every 5 s (MB): ${samples.map((m) => fmt(m, 1)).join(' ')}; spread ${fmt(spread * 100, 1)}% (highest over lowest)`);
    }
  } finally {
    for (const s of started) await s.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * `specpress serve` from `root` as a user starts it: a first start creates the administrator,
 * the posts go in (with that checkout's own code), then it starts again on that data.
 */
async function startSpecpress(root: string, name: string, work: string, started: Started[], extraArgs: string[] = []): Promise<Target> {
  const dataDir = path.join(work, `${name}-data`);
  const serveArgs = [path.join(root, 'bin/specpress.js'), 'serve', '--port', '0', '--data', dataDir, ...(workers && name !== 'baseline' ? ['--workers', workers] : []), ...extraArgs];
  const ready = /serving deployment "[^"]+" at (http:\/\/[^/]+)\//;
  const first = await startProcess(process.execPath, serveArgs, ready);
  const appPassword = first.output.match(/application password: (.+)/)?.[1]?.trim();
  await first.stop();
  const seedBegan = performance.now();
  // A baseline checkout older than the yardstick gets a copy of it, to seed with its own code.
  const seeder = path.join(root, 'bench/yardstick/seed-cli.ts');
  if (!fs.existsSync(seeder)) fs.cpSync(path.join(ROOT, 'bench/yardstick'), path.dirname(seeder), { recursive: true });
  const seedOut = execFileSync(process.execPath, ['--import', 'tsx', seeder, dataDir, String(posts), 'http://127.0.0.1'], { cwd: root, encoding: 'utf8' });
  const categories = JSON.parse(seedOut.trim().split('\n').pop()!) as number[];
  console.log(`${name}: seeded ${posts} posts in ${fmt(performance.now() - seedBegan)} ms`);
  const sp = await startProcess(process.execPath, serveArgs, ready);
  started.push(sp);
  const target: Target = {
    name, origin: sp.match[1], v2: '/wp-json/core/v2', pid: sp.child.pid,
    auth: appPassword ? basic(`admin:${appPassword}`) : undefined, singleId: 0, categoryId: categories[1],
  };
  const firstRequest = await timedGet(`${target.origin}/wp-json/core/v2/posts?per_page=10`);
  target.singleId = (firstRequest.json as Array<{ id: number }>)[0].id;
  const secondRequest = await timedGet(`${target.origin}/wp-json/core/v2/posts?per_page=10`);
  console.log(`${name} serve: ready ${fmt(sp.startMs)} ms after spawn; first list request ${fmt(firstRequest.ms, 1)} ms, second ${fmt(secondRequest.ms, 1)} ms; RSS ${fmt(rssMb(sp.child.pid), 1)} MB`);
  return target;
}

function printRow(row: Row, figures: Map<string, Figure>): void {
  const parts = [...figures].map(([name, f]) => `${name} ${fmt(f.rps, row.amount ? 1 : 0)} req/s p50 ${fmt(f.p50)} p99 ${fmt(f.p99)} ms RSS ${fmt(f.rss)} MB${f.cpu ? ` CPU ${fmt(f.cpu, 2)} ms/req` : ''}${f.firstMs !== undefined ? ` (first, cold: ${fmt(f.firstMs, 1)} ms)` : ''}${f.failed ? ` FAILED ${f.failed}` : ''}`);
  console.log(`${row.label.padEnd(36)} ${parts.join(' | ')}`);
}

await main();
