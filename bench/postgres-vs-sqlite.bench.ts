/**
 * Throughput on PostgreSQL against SQLite, with one and with two `specpress serve` processes on
 * one database: the post list (`/core/v2/posts?per_page=10`), a single post, and creates
 * (`POST /core/v2/posts`, each with its own title, as an administrator's application password),
 * loaded with autocannon (keep-alive connections spread evenly over the processes). On
 * PostgreSQL writers of different posts do not wait for each other (runtime/store/write-guards.ts;
 * the cache version rows are bumped at commit): the create rows show what a second process adds
 * to write throughput. SQLite has one writer at a time, whatever the number of processes.
 * PostgreSQL is a throw-away local cluster (runtime/testing/postgres-cluster.ts).
 * Prints requests per second, p99 latency and the PostgreSQL/SQLite ratio; asserts nothing.
 * `--creates` measures creates only: PostgreSQL with 1 and 2 processes and SQLite with 1, side by side.
 * For PostgreSQL's creates it also prints the share of busy backends that were waiting for a lock.
 * Run: `npx tsx bench/postgres-vs-sqlite.bench.ts [seconds] [connections] [--answer-cache] [--creates]`.
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

const POSTS = 2_000;
const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const seconds = Number(numbers[0] ?? 4);
const connections = Number(numbers[1] ?? 10);
const createsOnly = process.argv.includes('--creates');

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

/** autocannon against every process at once, connections split evenly; summed rate, worst p99. */
// The engines are compared on the database path: repeated reads of one URL would otherwise be
// answered from the answer cache (runtime/http/answer-cache.ts). `--answer-cache` keeps it on.
const answerCache = process.argv.includes('--answer-cache') ? 'on' : 'off';

async function load(servers: ServeProcess[], route: string, write?: { auth: string }): Promise<{ rps: number; p99: number; errors: number }> {
  const per = Math.max(1, Math.floor(connections / servers.length));
  let n = 0;
  const options = (s: ServeProcess): autocannon.Options =>
    write
      ? {
          url: `${s.restUrl}${route}`,
          connections: per,
          duration: seconds,
          method: 'POST',
          headers: { authorization: write.auth, 'content-type': 'application/json' },
          // A title of its own per create: the figure is the write path, not a slug suffix search.
          requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ title: `Bench create ${n++}`, status: 'publish', content: '<p>Body</p>' }) }) }],
        }
      : { url: `${s.restUrl}${route}`, connections: per, duration: seconds };
  const results = await Promise.all(servers.map((s) => autocannon(options(s))));
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
  };
}

const cluster = await startPostgresCluster({ maxConnections: 100 });
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-bench-pg-'));
const rows: Array<{ engine: string; processes: number; name: string; rps: number; p99: number; errors: number; lockWaits?: string }> = [];

/**
 * While `work` runs, samples the database's other backends every 25 ms: of those running a
 * statement, the share waiting for a lock (a row, an advisory lock) held by another writer. It
 * says whether writers wait for each other whatever the machine's speed; req/s on a busy machine
 * says mostly how busy it is.
 */
async function sampledLockWaits<T>(url: string, work: Promise<T>): Promise<{ result: T; lockWaits: string }> {
  const sampler = new pg.Client({ connectionString: url });
  await sampler.connect();
  let active = 0;
  let waiting = 0;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const { rows: [row] } = await sampler.query(
        "SELECT count(*) FILTER (WHERE state = 'active')::int AS active, count(*) FILTER (WHERE state = 'active' AND wait_event_type = 'Lock')::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
      );
      active += row.active;
      waiting += row.waiting;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    return { result: await work, lockWaits: active ? `${((100 * waiting) / active).toFixed(0)}%` : '-' };
  } finally {
    done = true;
    await sampling;
    await sampler.end();
  }
}
try {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  const targets = { sqlite: path.join(root, 'sqlite', 'specpress.sqlite'), postgres: cluster.urlFor('bench') };
  for (const [engine, target] of Object.entries(targets)) {
    const id = await seed(target);
    let auth = '';
    for (const processes of createsOnly && engine === 'sqlite' ? [1] : [1, 2]) {
      const servers: ServeProcess[] = [];
      try {
        for (let n = 0; n < processes; n++) servers.push(await spawnServe({ dataDir: path.join(root, `${engine}-${processes}-${n}`), database: target, deployment: 'studio', checkAnswers: false, env: { SPECPRESS_PG_POOL_SIZE: '10', SPECPRESS_ANSWER_CACHE: answerCache } }));
        // The first start on a database creates the administrator and prints its application password.
        const printed = /application password: (.+)\n/.exec(servers[0]!.output())?.[1]?.trim();
        if (printed) auth = `Basic ${Buffer.from(`admin:${printed}`).toString('base64')}`;
        await load(servers, '/core/v2/posts?per_page=10'); // warm-up, not counted
        if (!createsOnly) {
          await load(servers, `/core/v2/posts/${id}`);
          for (const [name, route] of [['list per_page=10', '/core/v2/posts?per_page=10'], ['single post', `/core/v2/posts/${id}`]] as const) {
            rows.push({ engine, processes, name, ...(await load(servers, route)) });
          }
        }
        // Last: the creates add posts the reads above would otherwise list.
        const creates = load(servers, '/core/v2/posts', { auth });
        if (engine === 'postgres') {
          const { result, lockWaits } = await sampledLockWaits(target, creates);
          rows.push({ engine, processes, name: 'create post', ...result, lockWaits });
        } else rows.push({ engine, processes, name: 'create post', ...(await creates) });
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    }
  }
} finally {
  cluster.stop();
  fs.rmSync(root, { recursive: true, force: true });
}

console.log(`\n${POSTS} posts, ${connections} connections, ${seconds} s per row, ${os.cpus().length} cores\n`);
console.log('engine    procs  request            req/s    p99 ms  errors  pg/sqlite  2 procs/1  waiting on locks');
for (const r of rows) {
  const base = rows.find((b) => b.engine === 'sqlite' && b.processes === r.processes && b.name === r.name);
  const ratio = r.engine === 'postgres' && base ? (r.rps / base.rps).toFixed(2) + 'x' : '';
  const one = rows.find((b) => b.engine === r.engine && b.processes === 1 && b.name === r.name)!;
  const scaling = r.processes === 2 ? (r.rps / one.rps).toFixed(2) + 'x' : '';
  console.log(`${r.engine.padEnd(9)} ${String(r.processes).padStart(5)}  ${r.name.padEnd(17)} ${r.rps.toFixed(0).padStart(6)}  ${String(r.p99).padStart(7)}  ${String(r.errors).padStart(6)}  ${ratio.padStart(9)}  ${scaling.padStart(9)}  ${r.lockWaits ?? ''}`);
}
