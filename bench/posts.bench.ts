/**
 * Read throughput of the posts service over HTTP: 10,000 published posts inserted straight into
 * the store, then, for a fixed time each, the list (`/core/v2/posts`), a filtered list and
 * single-post reads, with a fixed number of concurrent keep-alive clients. Prints requests per
 * second and p50/p95/p99 latency. Run: `npx tsx bench/posts.bench.ts [seconds] [connections]`.
 */
import { performance } from 'node:perf_hooks';
import http from 'node:http';
import { startTestServer } from '../runtime/testing/harness.ts';
import { defaultCategory } from '../runtime/content/terms.ts';
import { BLANK_POST } from '../runtime/content/store.ts';

const POSTS = 10_000;
const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 16);

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

async function seed(server: Awaited<ReturnType<typeof startTestServer>>): Promise<void> {
  const db = server.app.db;
  const category = await defaultCategory(db);
  const start = Date.UTC(2020, 0, 1);
  for (let chunk = 0; chunk < POSTS; chunk += 500) {
    await db.transaction().execute(async (trx) => {
      const rows = [];
      for (let i = chunk; i < Math.min(POSTS, chunk + 500); i++) {
        const d = new Date(start + i * 3_600_000);
        const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:00:00`;
        rows.push({
          ...BLANK_POST,
          author: server.users.administrator.id,
          status: 'publish',
          slug: `post-${i}`,
          title: `Post number ${i}`,
          content: `<!-- wp:paragraph -->\n<p>Body of post ${i} with "quotes" -- and more words to render.</p>\n<!-- /wp:paragraph -->`,
          date,
          date_gmt: date,
          modified: date,
          modified_gmt: date,
          guid: `${server.siteUrl}/?p=${i + 1}`,
        });
      }
      const ids = await trx.insertInto('posts').values(rows).returning('id').execute();
      await trx.insertInto('term_relationships').values(ids.map((r) => ({ post_id: r.id, term_id: category }))).execute();
    });
  }
}

interface Result {
  name: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One GET over a keep-alive agent; resolves with the status once the body is read. */
function get(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function load(name: string, urlFor: (i: number) => string, agent: http.Agent): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const status = await get(urlFor(counter++), agent);
      if (status !== 200) errors++;
      latencies.push(performance.now() - t0);
    }
  };
  const t = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (performance.now() - t) / 1000;
  latencies.sort((a, b) => a - b);
  return { name, requests: latencies.length, errors, rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

async function main(): Promise<void> {
  const server = await startTestServer({ deployment: 'blog' });
  try {
    const t0 = performance.now();
    await seed(server);
    console.log(`Seeded ${POSTS} posts in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${seconds} s per scenario, ${connections} connections.`);
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    const base = `${server.restUrl}/core/v2/posts`;
    const scenarios: Array<[string, (i: number) => string]> = [
      ['list (10 per page)', () => base],
      ['list page 50, per_page=20', () => `${base}?page=50&per_page=20`],
      ['list search=number+42', () => `${base}?search=number%2042`],
      ['single post', (i) => `${base}/${(i % POSTS) + 1}`],
    ];
    const results: Result[] = [];
    for (const [name, url] of scenarios) results.push(await load(name, url, agent));
    console.log('scenario                          req/s     p50 ms   p95 ms   p99 ms   requests  errors');
    for (const r of results) {
      console.log(`${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(6)}   ${r.p50.toFixed(1).padStart(6)}   ${r.p95.toFixed(1).padStart(6)}   ${r.p99.toFixed(1).padStart(6)}   ${String(r.requests).padStart(8)}  ${String(r.errors).padStart(6)}`);
    }
    agent.destroy();
  } finally {
    await server.close();
  }
}

await main();
