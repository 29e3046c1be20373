/**
 * Where `specpress serve` spends its CPU on one request kind: the server runs under
 * `node --cpu-prof`, autocannon loads one path for a few seconds, and the profile's self time is
 * summed per function and per file. Prints CPU ms per request (from /proc) and the top entries.
 *
 * Run: `npx tsx bench/profile-serve.bench.ts [--path /wp-json/core/v2/posts?per_page=10]
 *      [--seconds 8] [--posts 1000] [--top 40] [--data <seeded data folder to reuse>] [--alloc]
 *      [--no-answer-cache] [--batch] [--admin] [--keep <file to copy the .cpuprofile to, for DevTools>]`
 *
 * `--batch` profiles the write path instead: POSTs to /wp-json/batch/v1 of 25 post creates each,
 * as the administrator (its application password comes from the first start, so not with --data).
 * `--admin` sends the path as the administrator too (a read with Basic authentication).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMs, startProcess } from './yardstick/processes.ts';
import { flag } from './yardstick/flags.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(flag('seconds', '8'));
const posts = flag('posts', '1000');
const top = Number(flag('top', '40'));
const urlPath = flag('path', '/wp-json/core/v2/posts?per_page=10');
const alloc = process.argv.includes('--alloc');
// The answer cache (on by default) would profile cache hits; this profiles the database path.
const serveFlags = process.argv.includes('--no-answer-cache') ? ['--no-answer-cache'] : [];
const batch = process.argv.includes('--batch');
const asAdmin = batch || process.argv.includes('--admin');
const batchBody = JSON.stringify({
  requests: Array.from({ length: 25 }, (_, i) => ({
    method: 'POST',
    path: '/core/v2/posts',
    body: { title: `Batch post ${i}`, content: `<!-- wp:paragraph -->\n<p>Created in a batch, number ${i}.</p>\n<!-- /wp:paragraph -->`, status: 'publish' },
  })),
});
const ready = /serving deployment "[^"]+" at (http:\/\/[^/]+)\//;

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }

function summarize(file: string): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const perFunction = new Map<string, number>();
  const perFile = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const short = url.replace(/^file:\/\//, '').replace(ROOT + '/', '').replace(/^.*node_modules\//, 'nm/');
    const fileKey = short.startsWith('nm/') ? short.split('/').slice(0, short.startsWith('nm/@') ? 3 : 2).join('/') : short || `(${functionName})`;
    if (functionName === '(idle)' || functionName === '(program)' && false) continue;
    total += us;
    perFunction.set(`${functionName || '(anon)'} ${short}:${lineNumber + 1}`, (perFunction.get(`${functionName || '(anon)'} ${short}:${lineNumber + 1}`) ?? 0) + us);
    perFile.set(fileKey, (perFile.get(fileKey) ?? 0) + us);
  }
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n## ${title} (self time, % of non-idle)`);
    for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  };
  print('per file', perFile);
  print('per function', perFunction);
  // With callees: a sample counts once for every distinct function on its stack. After an
  // `await` the stack starts again at the microtask queue, so async callers show only their
  // synchronous stretches.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anon)'} ${url.replace(/^file:\/\//, '').replace(ROOT + '/', '').replace(/^.*node_modules\//, 'nm/')}:${lineNumber + 1}`;
  };
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(keyOf(at));
    for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
  console.log(`\n## per function (with callees, % of non-idle)`);
  for (const [k, us] of [...inclusive].filter(([k]) => !k.startsWith('(root)')).sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
}

interface AllocNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: AllocNode[] }

/** Bytes allocated per function, self and with callees, over the whole run (startup included). */
function summarizeAllocations(file: string, requests: number): void {
  const { head } = JSON.parse(fs.readFileSync(file, 'utf8')) as { head: AllocNode };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const walk = (n: AllocNode, stack: Set<string>): number => {
    const { functionName, url, lineNumber } = n.callFrame;
    const key = `${functionName || '(anon)'} ${url.replace(/^file:\/\//, '').replace(ROOT + '/', '').replace(/^.*node_modules\//, 'nm/')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + n.selfSize);
    let sum = n.selfSize;
    const inner = new Set(stack).add(key);
    for (const c of n.children) sum += walk(c, inner);
    if (!stack.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
    return sum;
  };
  const total = walk(head, new Set());
  console.log(`\n## allocations: ${(total / 1024 / 1024).toFixed(1)} MB sampled in all, ~${(total / requests / 1024).toFixed(0)} KB per loaded request`);
  for (const [title, m] of [['self', self], ['inclusive', inclusive]] as const) {
    console.log(`\n### ${title} (KB per request)`);
    for (const [k, b] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(b / requests / 1024).toFixed(1).padStart(8)}  ${k}`);
  }
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-profile-'));
  let dataDir = flag('data', '');
  let authorization = '';
  try {
    if (!dataDir) {
      dataDir = path.join(work, 'data');
      const first = await startProcess(process.execPath, [path.join(ROOT, 'bin/specpress.js'), 'serve', '--port', '0', '--data', dataDir], ready);
      const appPassword = first.output.match(/application password: (.+)/)?.[1]?.trim();
      if (appPassword) authorization = `Basic ${Buffer.from(`admin:${appPassword}`).toString('base64')}`;
      await first.stop();
      execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/yardstick/seed-cli.ts'), dataDir, posts, 'http://127.0.0.1'], { cwd: ROOT });
    }
    const profDir = path.join(work, 'prof');
    const allocFile = path.join(work, 'alloc.json');
    const profiling = alloc ? ['--import', path.join(ROOT, 'bench/yardstick/allocation-sampler.mjs')] : ['--cpu-prof', '--cpu-prof-dir', profDir];
    const sp = await startProcess(process.execPath, [...profiling, path.join(ROOT, 'bin/specpress.js'), 'serve', '--port', '0', '--data', dataDir, ...serveFlags], ready, { SPECPRESS_ALLOC_PROFILE: allocFile });
    if (asAdmin && !authorization) throw new Error('--batch and --admin need a fresh data folder (the administrator\'s application password comes from its first start)');
    const headers: Record<string, string> = asAdmin ? { authorization } : {};
    const load = batch ? { method: 'POST' as const, body: batchBody, headers: { ...headers, 'content-type': 'application/json' } } : { headers };
    const url = batch ? `${sp.match[1]}/wp-json/batch/v1` : sp.match[1] + urlPath.replace('{id}', String(((await (await fetch(`${sp.match[1]}/wp-json/core/v2/posts?per_page=1`)).json()) as Array<{ id: number }>)[0].id));
    const firstBegan = performance.now();
    const first = await fetch(url, load);
    await first.arrayBuffer();
    console.log(`${url}: ${first.status}, first request ${(performance.now() - firstBegan).toFixed(1)} ms`);
    const connections = batch ? 2 : 8;
    await autocannon({ url, connections, duration: 1, ...load });
    const cpuBefore = cpuMs(sp.child.pid);
    const result = await autocannon({ url, connections, duration: seconds, ...load });
    const cpu = cpuMs(sp.child.pid) - cpuBefore;
    console.log(`${result.requests.average.toFixed(0)} req/s, ${(cpu / result.requests.total).toFixed(3)} CPU ms/request over ${result.requests.total} requests (non-2xx ${result.non2xx})`);
    if (alloc) {
      sp.child.kill('SIGUSR2');
      for (let i = 0; i < 100 && !fs.existsSync(allocFile); i++) await new Promise((r) => setTimeout(r, 200));
      await new Promise((r) => setTimeout(r, 500));
      summarizeAllocations(allocFile, result.requests.total);
    }
    await sp.stop();
    const file = fs.readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
    if (alloc) { /* allocation run: no CPU profile */ } else if (file) summarize(path.join(profDir, file));
    else console.log('no profile written');
    const keep = flag('keep', '');
    if (keep && file) fs.copyFileSync(path.join(profDir, file), keep);
    if (!flag('data', '')) console.log(`\n(data folder kept for --data: ${dataDir})`);
  } finally {
    fs.rmSync(path.join(work, 'prof'), { recursive: true, force: true });
  }
}
await main();
