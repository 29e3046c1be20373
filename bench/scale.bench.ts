/**
 * Does a list stay flat as the site grows? The same requests against `specpress serve` holding
 * 1,000 and then 100,000 posts (each a separate process, in turn, in one run), autocannon at a
 * fixed concurrency: p50 latency of each, and the ratio 100,000 ÷ 1,000 (target ≤ 1.5×). Search
 * is also compared with the plain list at 100,000 (target ≥ 0.5× its req/s).
 *
 * The servers run with the answer cache off (each request reads the database, which is what
 * grows with the site) unless `--answer-cache` is given.
 *
 * Both sites are served at once; each row is measured `--rounds` times, on one size right after
 * the other, and each figure is the median of its rounds (each ratio, the median of the rounds'
 * ratios): a burst of outside load on a shared machine then moves one round of one row, not the
 * ratio of two figures measured minutes apart.
 *
 * Run: `npx tsx bench/scale.bench.ts [--seconds 2] [--rounds 3] [--connections 4] [--large 100000] [--answer-cache] [--only search,list]`
 * (`--only`: the rows whose label contains one of these words).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { seedSpecpress } from './yardstick/seed.ts';
import { cpuMs, rssMb, startProcess } from './yardstick/processes.ts';
import { flag } from './yardstick/flags.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(flag('seconds', '2'));
const rounds = Number(flag('rounds', '3'));
const connections = Number(flag('connections', '4'));
const SIZES = [1_000, Number(flag('large', '100000'))];
const serveFlags = process.argv.includes('--answer-cache') ? [] : ['--no-answer-cache'];
const only = flag('only', '').split(',').filter(Boolean);

const REQUESTS = (category: number): Array<[string, string]> => ALL_REQUESTS(category).filter(([label]) => !only.length || only.some((word) => label.includes(word)));
const ALL_REQUESTS = (category: number): Array<[string, string]> => [
  ['list (date desc)', 'per_page=10'],
  // Measured right after the plain list, which it is compared with.
  ['search=number 42', 'per_page=10&search=number%2042'],
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
  // Two words a third of the posts hold together (bench/yardstick/fixture.ts), in date order and ranked.
  ['search=garden lantern', 'per_page=10&search=garden%20lantern'],
  ['search relevance', 'per_page=10&search=garden%20lantern&orderby=relevance'],
  // A few thousand matches at the large size, ranked (about 20 at the small one: both full pages).
  ['search=number 42 relevance', 'per_page=10&search=number%2042&orderby=relevance'],
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

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Each field's median over the rounds, on its own. */
function medianOf(figures: Figure[]): Figure {
  return { p50: median(figures.map((f) => f.p50)), p99: median(figures.map((f) => f.p99)), rps: median(figures.map((f) => f.rps)), cpu: median(figures.map((f) => f.cpu)) };
}

interface Site {
  size: number;
  work: string;
  origin: string;
  pid: number;
  category: number;
  stop: () => Promise<void>;
}

async function startSite(size: number): Promise<Site> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-scale-'));
  const args = [path.join(ROOT, 'bin/specpress.js'), 'serve', '--port', '0', '--data', work, ...serveFlags];
  const ready = /serving deployment "[^"]+" at (http:\/\/[^/]+)\//;
  await (await startProcess(process.execPath, args, ready)).stop();
  const began = performance.now();
  const categories = await seedSpecpress(work, size, 'http://127.0.0.1');
  console.log(`seeded ${size} posts in ${Math.round(performance.now() - began)} ms`);
  const server = await startProcess(process.execPath, args, ready);
  return { size, work, origin: server.match[1], pid: server.child.pid!, category: categories[1]!, stop: () => server.stop() };
}

async function measure(site: Site, label: string, query: string): Promise<Figure> {
  const before = cpuMs(site.pid);
  const r = await autocannon({ url: `${site.origin}/wp-json/core/v2/posts?${query}`, connections, duration: seconds });
  if (r.non2xx || r.errors) console.log(`  ${label} at ${site.size}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, cpu: (cpuMs(site.pid) - before) / Math.max(1, r.requests.total) };
}

/**
 * Both sites run at once, and a row is measured on one right after the other (which goes first
 * alternates by round), so a ratio compares moments seconds apart: with the sizes measured minutes
 * apart, outside load on this shared machine moved whole rows past 1.5× in either direction.
 * Each ratio is the median of its rounds' ratios.
 */
async function main(): Promise<void> {
  console.log(`# scale bench: ${SIZES.join(' vs ')} posts, ${connections} connections, ${rounds} rounds of ${seconds} s per row and size (medians), answer cache ${serveFlags.length ? 'off' : 'on'}; p50/p99 ms and req/s. Shared machine: compare ratios.`);
  const sites: Site[] = [];
  try {
    for (const size of SIZES) sites.push(await startSite(size));
    const requests = (site: Site) => REQUESTS(site.category);
    // Every row once, briefly, before any is measured: the first row measured would otherwise
    // pay for the server's first calls (JIT, statements prepared, pages read from disk).
    for (const site of sites) for (const [, query] of requests(site)) await autocannon({ url: `${site.origin}/wp-json/core/v2/posts?${query}`, connections, duration: 0.5 });
    const figures = new Map<string, Figure[][]>(); // label → per site → per round
    for (let round = 0; round < rounds; round++) {
      for (let row = 0; row < REQUESTS(0).length; row++) {
        for (const site of round % 2 ? [...sites].reverse() : sites) {
          const [label, query] = requests(site)[row]!;
          const perSite = figures.get(label) ?? figures.set(label, sites.map(() => [])).get(label)!;
          perSite[sites.indexOf(site)]!.push(await measure(site, label, query));
        }
      }
    }
    for (const site of sites) console.log(`RSS at ${site.size}: ${rssMb(site.pid).toFixed(0)} MB`);

    console.log(`\n| request | ${SIZES.map((s) => `${s} p50 / p99 ms, req/s, CPU ms/req`).join(' | ')} | req/s ${SIZES[0]} ÷ ${SIZES[1]} | CPU ${SIZES[1]} ÷ ${SIZES[0]} |`);
    console.log('|---|---|---|---|---|');
    const cell = (f: Figure) => `${f.p50} / ${f.p99}, ${Math.round(f.rps)}, ${f.cpu.toFixed(3)}`;
    const perRound = (a: Figure[], b: Figure[], ratio: (x: Figure, y: Figure) => number) => median(a.map((x, i) => ratio(x, b[i]!)));
    for (const [label, [small, large]] of figures) {
      const rpsRatio = perRound(small!, large!, (s, l) => s.rps / l.rps);
      const cpuRatio = perRound(small!, large!, (s, l) => l.cpu / s.cpu);
      console.log(`| ${label} | ${cell(medianOf(small!))} | ${cell(medianOf(large!))} | ${rpsRatio.toFixed(2)}× | ${cpuRatio.toFixed(2)}× |`);
    }
    // The search row comes right after the plain list in REQUESTS: each round's two figures are adjacent.
    const plain = figures.get('list (date desc)')?.[1];
    const searched = figures.get('search=number 42')?.[1];
    if (!plain || !searched) return;
    console.log(`\nsearch ÷ list at ${SIZES[1]} by CPU, each round: ${plain.map((p, i) => (p.cpu / searched[i]!.cpu).toFixed(2)).join(', ')}`);
    console.log(
      `\nsearch at ${SIZES[1]}: ${perRound(searched, plain, (s, p) => s.rps / p.rps).toFixed(2)}× the plain list's req/s; by server CPU per request, ${perRound(searched, plain, (s, p) => p.cpu / s.cpu).toFixed(2)}× (medians of the rounds' ratios)`,
    );
  } finally {
    for (const site of sites) {
      await site.stop();
      fs.rmSync(site.work, { recursive: true, force: true });
    }
  }
}

await main();
