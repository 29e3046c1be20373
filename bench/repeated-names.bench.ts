/**
 * Repeated names against unique names: for a fixed time each, concurrent clients create
 * published posts (all titled alike, or each titled differently) and upload images (all named
 * alike, or each named differently), each soak on a fresh site. Prints requests per second,
 * p50/p99 latency and RSS (start, highest, end) per soak, and the repeated/unique ratios.
 * Before slugs and file names were made unique in one step, repeated names fell to 25% of the
 * throughput with 3.7x the p99 over 120 s.
 * Run: `npx tsx bench/repeated-names.bench.ts [seconds per soak, default 30] [connections, default 8]`.
 */
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../runtime/testing/harness.ts';

const seconds = Number(process.argv[2] ?? 30);
const connections = Number(process.argv[3] ?? 8);

interface SoakResult {
  label: string;
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
  rssStartMb: number;
  rssMaxMb: number;
  rssEndMb: number;
}

type Send = (server: TestServer, n: number) => Promise<Response>;

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function soak(label: string, send: Send): Promise<SoakResult> {
  // Cookie sessions: an application password costs an argon2 check per request, which would hide the difference.
  const server = await startTestServer({ deployment: 'studio', deploymentOverrides: { authentication: { applicationPasswords: false } } as never });
  global.gc?.();
  const rssStart = process.memoryUsage().rss;
  let rssMax = rssStart;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 1000);
  const latencies: number[] = [];
  let failures = 0;
  let counter = 0;
  const deadline = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const n = counter++;
      const t0 = performance.now();
      const res = await send(server, n);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 201) failures++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const rssEnd = process.memoryUsage().rss;
  await server.close();
  latencies.sort((a, b) => a - b);
  return {
    label,
    requests: latencies.length,
    failures,
    perSecond: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    rssStartMb: mb(rssStart),
    rssMaxMb: mb(Math.max(rssMax, rssEnd)),
    rssEndMb: mb(rssEnd),
  };
}

const createPost = (title: (n: number) => string): Send => (server, n) =>
  fetch(`${server.restUrl}/core/v2/posts`, {
    method: 'POST',
    headers: { ...server.authHeaders('administrator'), 'content-type': 'application/json' },
    body: JSON.stringify({ title: title(n), status: 'publish' }),
  });

const image = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#4477aa' } }).png().toBuffer();
const upload = (name: (n: number) => string): Send => (server, n) =>
  fetch(`${server.restUrl}/core/v2/media`, {
    method: 'POST',
    headers: { ...server.authHeaders('administrator'), 'content-type': 'image/png', 'content-disposition': `attachment; filename="${name(n)}"` },
    body: new Uint8Array(image),
  });

function line(r: SoakResult): string {
  return `${r.label.padEnd(26)} ${String(r.requests).padStart(6)} req ${r.perSecond.toFixed(1).padStart(7)}/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  RSS ${r.rssStartMb}→${r.rssMaxMb}(max)→${r.rssEndMb} MB${r.failures ? `  ${r.failures} not 201` : ''}`;
}

console.log(`repeated vs unique names: ${seconds} s per soak, ${connections} connections`);
for (const [kind, unique, repeated] of [
  ['posts', createPost((n) => `Unique title ${n}`), createPost(() => 'Hello world')],
  ['uploads', upload((n) => `photo-${n}.png`), upload(() => 'photo.png')],
] as const) {
  const u = await soak(`${kind}, unique names`, unique);
  console.log(line(u));
  const r = await soak(`${kind}, repeated names`, repeated);
  console.log(line(r));
  console.log(`${kind}: repeated/unique throughput ${(r.perSecond / u.perSecond).toFixed(2)}, p99 ${(r.p99 / u.p99).toFixed(2)}`);
}
