/**
 * Does a list stay flat as the site grows? The same requests against `specpress serve` holding
 * 1,000 and then 100,000 posts (each a separate process, in turn, in one run), autocannon at a
 * fixed concurrency: p50 latency of each, and the ratio 100,000 ÷ 1,000 (target ≤ 1.5×). Search
 * is also compared with the plain list at 100,000 (target ≥ 0.5× its req/s).
 *
 * The servers run with the answer cache off (each request reads the database, which is what
 * grows with the site) unless `--answer-cache` is given.
 *
 * Each row is measured `--rounds` times, the rows taking turns, and each figure is the median of
 * its rounds: a burst of outside load on a shared machine then moves one round of one row, not
 * the ratio of two rows measured at different moments.
 *
 * Run: `npx tsx bench/scale.bench.ts [--seconds 2] [--rounds 3] [--connections 4] [--large 100000] [--answer-cache]`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedSpecpress } from './yardstick/seed.ts';
import { cpuMs, rssMb, startProcess } from './yardstick/processes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
}
const seconds = Number(flag('seconds', '2'));
const rounds = Number(flag('rounds', '3'));
const connections = Number(flag('connections', '4'));
const SIZES = [1_000, Number(flag('large', '100000'))];
const serveFlags = process.argv.includes('--answer-cache') ? [] : ['--no-answer-cache'];

const REQUESTS = (category: number): Array<[string, string]> => [
  ['list (date desc)', 'per_page=10'],
  ['page 50', 'per_page=10&page=50'],
  ...['author', 'id', 'modified', 'parent', 'slug', 'title'].map((o): [string, string] => [`orderby=${o}`, `per_page=10&orderby=${o}`]),
  ['order=asc', 'per_page=10&order=asc'],
  ['categories', `per_page=10&categories=${category}`],
  ['categories_exclude', `per_page=10&categories_exclude=${category}`],
  ['author=1', 'per_page=10&author=1'],
  // Posts are an hour apart from 2020-01-01: at both sizes most posts are after this, so both
  // answers are full pages (a date past the small site's last post compared an empty answer).
  ['after (date)', 'per_page=10&after=2020-01-15T00:00:00'],
  ['slug', 'slug=post-number-500'],
  ['search=number 42', 'per_page=10&search=number%2042'],
  ['search relevance', 'per_page=10&search=garden%20river&orderby=relevance'],
  // Two characters no post holds: through the index's trigrams (migration 130), not a scan of every post.
  ['search=zq', 'per_page=10&search=zq'],
];

/** cpu: the server's CPU ms per request, steadier than req/s on a shared machine. */
interface Figure {
  p50: number;
  p99: number;
  rps: number;
  cpu: number;
}

/** Each field's median over the rounds, on its own. */
function medianOf(figures: Figure[]): Figure {
  const median = (pick: (f: Figure) => number) => {
    const sorted = figures.map(pick).sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  return { p50: median((f) => f.p50), p99: median((f) => f.p99), rps: median((f) => f.rps), cpu: median((f) => f.cpu) };
}

async function main(): Promise<void> {
  console.log(`# scale bench: ${SIZES.join(' vs ')} posts, ${connections} connections, ${rounds} rounds of ${seconds} s per row (medians), answer cache ${serveFlags.length ? 'off' : 'on'}; p50/p99 ms and req/s. Shared machine: compare ratios.`);
  const results = new Map<string, Figure[]>();
  for (const size of SIZES) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-scale-'));
    const args = [path.join(ROOT, 'bin/specpress.js'), 'serve', '--port', '0', '--data', work, ...serveFlags];
    const ready = /serving deployment "[^"]+" at (http:\/\/[^/]+)\//;
    try {
      await (await startProcess(process.execPath, args, ready)).stop();
      const began = performance.now();
      const categories = await seedSpecpress(work, size, 'http://127.0.0.1');
      console.log(`seeded ${size} posts in ${Math.round(performance.now() - began)} ms`);
      const server = await startProcess(process.execPath, args, ready);
      try {
        // Every row once, briefly, before any is measured: the first row measured would otherwise
        // pay for the server's first calls (JIT, statements prepared, pages read from disk).
        for (const [, query] of REQUESTS(categories[1])) await autocannon({ url: `${server.match[1]}/wp-json/core/v2/posts?${query}`, connections, duration: 0.5 });
        const measured = new Map<string, Figure[]>();
        for (let round = 0; round < rounds; round++) {
          for (const [label, query] of REQUESTS(categories[1])) {
            const before = cpuMs(server.child.pid);
            const r = await autocannon({ url: `${server.match[1]}/wp-json/core/v2/posts?${query}`, connections, duration: seconds });
            if (r.non2xx || r.errors) console.log(`  ${label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
            const figure = { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, cpu: (cpuMs(server.child.pid) - before) / Math.max(1, r.requests.total) };
            measured.set(label, [...(measured.get(label) ?? []), figure]);
          }
        }
        for (const [label, figures] of measured) results.set(label, [...(results.get(label) ?? []), medianOf(figures)]);
        console.log(`RSS at ${size}: ${rssMb(server.child.pid).toFixed(0)} MB`);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  console.log(`\n| request | ${SIZES.map((s) => `${s} p50 / p99 ms, req/s, CPU ms/req`).join(' | ')} | req/s ${SIZES[0]} ÷ ${SIZES[1]} | CPU ${SIZES[1]} ÷ ${SIZES[0]} |`);
  console.log('|---|---|---|---|---|');
  const cell = (f: Figure) => `${f.p50} / ${f.p99}, ${Math.round(f.rps)}, ${f.cpu.toFixed(3)}`;
  for (const [label, [small, large]] of results) {
    console.log(`| ${label} | ${cell(small)} | ${cell(large)} | ${(small.rps / large.rps).toFixed(2)}× | ${(large.cpu / small.cpu).toFixed(2)}× |`);
  }
  const plain = results.get('list (date desc)')![1];
  const searched = results.get('search=number 42')![1];
  console.log(`\nsearch at ${SIZES[1]}: ${(searched.rps / plain.rps).toFixed(2)}× the plain list's req/s; by server CPU per request, ${(plain.cpu / searched.cpu).toFixed(2)}×`);
}

await main();
