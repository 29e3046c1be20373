/**
 * Throughput on PostgreSQL against SQLite, with one and with two `specpress serve` processes on
 * one database: the post list (`/core/v2/posts?per_page=10`), a single post, and creates
 * (`POST /core/v2/posts` as an administrator's application password), loaded with autocannon
 * (keep-alive connections spread evenly over the processes). On PostgreSQL writers of different
 * posts do not wait for each other (runtime/store/write-guards.ts): the create rows show what a
 * second process adds to write throughput. SQLite has one writer at a time, whatever the number
 * of processes. PostgreSQL is a throw-away local cluster (runtime/testing/postgres-cluster.ts).
 *
 * Creates come in two kinds: each with a title of its own (no two writers want the same slug),
 * and all with the same title (every writer takes the next `-N` of one slug: they take turns, as
 * they must). Every PostgreSQL row also says where its time went (./postgres-write-waits.ts):
 * the CPU the load generator, the servers and PostgreSQL each used per request, how busy the
 * machine was, the load average, where the database's backends stood (running, waiting for
 * another writer's lock, waiting for the disk, or idle in a transaction while the server
 * computes) and the write conflicts the servers logged. The load generator runs in this process,
 * on the same cores as the servers and PostgreSQL: on a small machine a second server process
 * competes with them for CPU, which the figures show.
 *
 * Prints; asserts nothing.
 * `--creates`: creates only (PostgreSQL with 1 and 2 processes, SQLite with 1), both kinds.
 * `--rounds=N` (default 2): the create rows N times over, 1 and 2 processes alternating.
 * `--durable`: PostgreSQL flushes every commit to disk (fsync and synchronous_commit on, as in
 * production) instead of the throw-away settings: what waits on a commit's flush shows then.
 * Run: `npx tsx bench/postgres-vs-sqlite.bench.ts [seconds] [connections] [--answer-cache] [--creates] [--durable] [--rounds=N]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
import { openDatabase } from '../runtime/store/open-database.ts';
import { defaultCategory } from '../runtime/content/terms.ts';
import { BLANK_POST } from '../runtime/content/store.ts';
import { startPostgresCluster } from '../runtime/testing/postgres-cluster.ts';
import { spawnServe, type ServeProcess } from '../runtime/testing/serve-process.ts';
import { accountRow, type RowAccount } from './postgres-write-waits.ts';

const POSTS = 2_000;
const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const seconds = Number(numbers[0] ?? 4);
const connections = Number(numbers[1] ?? 10);
const createsOnly = process.argv.includes('--creates');
const durable = process.argv.includes('--durable');
const rounds = Number(/^--rounds=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--rounds=')) ?? '')?.[1] ?? 2);

async function seed(target: string): Promise<number> {
  const { db, close } = await openDatabase(target);
  try {
    const category = await defaultCategory(db);
    let someId = 0;
    for (let chunk = 0; chunk < POSTS; chunk += 500) {
      await db.transaction().execute(async (trx) => {
        const rows = [];
        for (let i = chunk; i < Math.min(POSTS, chunk + 500); i++) {
          const date = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
          rows.push({ ...BLANK_POST, status: 'publish', slug: `post-${i}`, title: `Post number ${i}`, content: `<p>Body of post ${i}, with "quotes" -- and words.</p>`, date, date_gmt: date, modified: date, modified_gmt: date });
        }
        const ids = await trx.insertInto('posts').values(rows).returning('id').execute();
        await trx.insertInto('term_relationships').values(ids.map((r) => ({ post_id: r.id, term_id: category }))).execute();
        someId = ids[Math.floor(ids.length / 2)]!.id;
      });
    }
    return someId;
  } finally {
    await close();
  }
}

// The engines are compared on the database path: repeated reads of one URL would otherwise be
// answered from the answer cache (runtime/http/answer-cache.ts). `--answer-cache` keeps it on.
const answerCache = process.argv.includes('--answer-cache') ? 'on' : 'off';

/** Creates each with a title of its own, or all with one title (every writer wants the same slug). */
type Titles = 'own titles' | 'one title';

interface Load {
  rps: number;
  p99: number;
  errors: number;
  requests: number;
}

/** Numbers the titles of the whole run: a title of its own is never one an earlier row used. */
let created = 0;

/** autocannon against every process at once, connections split evenly; summed rate, worst p99. */
async function load(servers: ServeProcess[], route: string, write?: { auth: string; titles: Titles }): Promise<Load> {
  const per = Math.max(1, Math.floor(connections / servers.length));
  const title = () => (write?.titles === 'one title' ? 'Bench one title' : `Bench create ${created++}`);
  const options = (s: ServeProcess): autocannon.Options =>
    write
      ? {
          url: `${s.restUrl}${route}`,
          connections: per,
          duration: seconds,
          method: 'POST',
          headers: { authorization: write.auth, 'content-type': 'application/json' },
          requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ title: title(), status: 'publish', content: '<p>Body</p>' }) }) }],
        }
      : { url: `${s.restUrl}${route}`, connections: per, duration: seconds };
  const results = await Promise.all(servers.map((s) => autocannon(options(s))));
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
  };
}

/** Write conflicts the servers logged (runtime/app.ts: one warning line each) since `from` (output offsets). */
function conflictsSince(servers: ServeProcess[], from: number[]): number {
  return servers.reduce((sum, s, i) => sum + s.output().slice(from[i]).split('\n').filter((line) => line.includes('write conflict')).length, 0);
}

const cluster = await startPostgresCluster({ maxConnections: 100, durable });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-bench-pg-'));
type Row = Load & { engine: string; processes: number; round: number; name: string; conflicts?: number; account?: RowAccount };
const rows: Row[] = [];
const loadAtStart = os.loadavg();

try {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const targets = { sqlite: path.join(root, 'sqlite', 'specpress.sqlite'), postgres: cluster.urlFor('bench') };
  for (const [engine, target] of Object.entries(targets)) {
    const id = await seed(target);
    const counts = createsOnly && engine === 'sqlite' ? [1] : [1, 2];
    // One set of processes for the whole engine: a row with one process loads the first alone
    // (the other idles, using no CPU), a row with two loads both. Rows of 1 and 2 processes
    // alternate, round after round, so that a change in the machine's load between them shows
    // as a difference between rounds, not as one between process counts.
    const servers: ServeProcess[] = [];
    try {
      for (let n = 0; n < Math.max(...counts); n++) servers.push(await spawnServe({ dataDir: path.join(root, `${engine}-${n}`), database: target, deployment: 'studio', checkAnswers: false, env: { SPECPRESS_PG_POOL_SIZE: '10', SPECPRESS_ANSWER_CACHE: answerCache } }));
      // The first start on a database creates the administrator and prints its application password.
      const printed = /application password: (.+)\n/.exec(servers[0]!.output())?.[1]?.trim();
      const auth = `Basic ${Buffer.from(`admin:${printed}`).toString('base64')}`;
      await load(servers, '/core/v2/posts?per_page=10'); // warm-up, not counted
      if (!createsOnly) {
        await load(servers, `/core/v2/posts/${id}`);
        for (const processes of counts) {
          for (const [name, route] of [['list per_page=10', '/core/v2/posts?per_page=10'], ['single post', `/core/v2/posts/${id}`]] as const) {
            rows.push({ engine, processes, round: 1, name, ...(await load(servers.slice(0, processes), route)) });
          }
        }
      }
      // Last: the creates add posts the reads above would otherwise list. A fresh process's first
      // creates compile the write path (V8, prepared queries): not counted.
      await load(servers, '/core/v2/posts', { auth, titles: 'own titles' });
      for (let round = 1; round <= rounds; round++) {
        for (const titles of ['own titles', 'one title'] as const) {
          for (const processes of counts) {
            const loaded = servers.slice(0, processes);
            const name = `create, ${titles}`;
            const from = loaded.map((s) => s.output().length);
            const creates = () => load(loaded, '/core/v2/posts', { auth, titles });
            if (engine === 'postgres') {
              const { result, account } = await accountRow(target, loaded.map((s) => s.child.pid!), creates);
              rows.push({ engine, processes, round, name, ...result, conflicts: conflictsSince(loaded, from), account });
            } else rows.push({ engine, processes, round, name, ...(await creates()), conflicts: conflictsSince(loaded, from) });
          }
        }
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  }
} finally {
  cluster.stop();
  fs.rmSync(root, { recursive: true, force: true });
}

const cores = os.cpus().length;
const fixed = (n: number, digits = 0) => n.toFixed(digits);
console.log(`\n${POSTS} posts, ${connections} connections, ${seconds} s per row, ${cores} cores, PostgreSQL ${durable ? 'durable (fsync, synchronous_commit on)' : 'throw-away settings (fsync off)'}`);
console.log(`load average (1 min) ${loadAtStart.map((l) => fixed(l, 2)).join(' ')} at the start, ${os.loadavg().map((l) => fixed(l, 2)).join(' ')} at the end`);
console.log(`The load generator (this process), the server processes and PostgreSQL share these ${cores} cores: a second server process adds CPU only where the cores had some to spare.\n`);
console.log('engine    procs  round  request                req/s    p99 ms  errors  conflicts  pg/sqlite  2 procs/1');
for (const r of rows) {
  const base = rows.find((b) => b.engine === 'sqlite' && b.processes === 1 && b.round === r.round && b.name === r.name);
  const ratio = r.engine === 'postgres' && base && r.processes === 1 ? fixed(r.rps / base.rps, 2) + 'x' : '';
  const one = rows.find((b) => b.engine === r.engine && b.processes === 1 && b.round === r.round && b.name === r.name)!;
  const scaling = r.processes === 2 ? fixed(r.rps / one.rps, 2) + 'x' : '';
  console.log(`${r.engine.padEnd(9)} ${String(r.processes).padStart(5)}  ${String(r.round).padStart(5)}  ${r.name.padEnd(21)} ${fixed(r.rps).padStart(6)}  ${String(r.p99).padStart(7)}  ${String(r.errors).padStart(6)}  ${String(r.conflicts ?? '').padStart(9)}  ${ratio.padStart(9)}  ${scaling.padStart(9)}`);
}
const accounted = rows.filter((r) => r.account);
if (accounted.length) {
  console.log('\nPostgreSQL rows, where the time went. CPU ms per request: load generator / servers / PostgreSQL; the');
  console.log('machine\'s busy share; load average as the row started -> ended; backends on average: running a');
  console.log('statement / waiting for another writer\'s lock / waiting for the disk / idle in a transaction (the server computing).');
  console.log('procs  round  request                CPU ms/request        busy  load         running  lock  disk  idle-in-txn');
  for (const r of accounted) {
    const a = r.account!;
    const per = (seconds: number) => fixed((1000 * seconds) / Math.max(1, r.requests), 1);
    const cpu = `${per(a.cpu.loadGenerator)} / ${per(a.cpu.servers)} / ${per(a.cpu.postgres)}`;
    const b = a.backends;
    console.log(`${String(r.processes).padStart(5)}  ${String(r.round).padStart(5)}  ${r.name.padEnd(21)} ${cpu.padEnd(20)} ${(fixed(100 * a.machineBusy) + '%').padStart(5)}  ${fixed(a.loadAverage.start, 1).padStart(4)} -> ${fixed(a.loadAverage.end, 1).padEnd(4)}  ${fixed(b.running, 2).padStart(7)}  ${fixed(b.lock, 2).padStart(4)}  ${fixed(b.io, 2).padStart(4)}  ${fixed(b.idleInTransaction, 2).padStart(11)}`);
    for (const wait of a.lockWaits) console.log(`         lock wait: ${wait}`);
  }
}
