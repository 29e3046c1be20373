/**
 * The project's own fuzzing suite, generated from the spec: every route and method of the
 * default deployment (studio), with params made by fast-check from each endpoint's declared
 * args (valid values mostly, hostile ones and undeclared extras sometimes), sent as four
 * identities, in the query or as a JSON or form body. Seeded (FUZZ_SEED) and bounded (runs per
 * endpoint-method, FUZZ_RUNS; a wall-clock budget, FUZZ_SECONDS) so it fits in CI. The requests
 * go in rounds (every target's first, then every target's second...), so a run the budget cuts
 * short still reaches every endpoint-method, each with fewer samples.
 * Asserts: no 5xx beyond the documented ones, every error in the interface's shape, no request
 * left unanswered (none waits past ANSWER_WITHIN_MS, generous for a busy machine), no error
 * escaping the server, RSS growth bounded. Prints the counts.
 */
import http from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestRole, type TestServer } from '../../runtime/testing/harness.ts';
import { DELIBERATE_5XX, judge, type Answer } from './sweep-client.ts';
import { phpEncode } from './hostile-values.ts';
import { samplePath } from './route-samples.ts';
import { idsFor, seedSite } from './seed-site.ts';
import { paramsFor } from './fuzz-args.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const BUDGET_MS = Number(process.env.FUZZ_SECONDS ?? 60) * 1000;
const RSS_GROWTH_LIMIT_MB = 600;
// A request still unanswered after this is a hang: answers take milliseconds on an idle machine.
const ANSWER_WITHIN_MS = 30_000;
const IDENTITIES: Array<TestRole | 'anonymous'> = ['administrator', 'author', 'subscriber', 'anonymous'];

let server: TestServer;
const escaped: string[] = [];
const onEscaped = (error: unknown) => escaped.push(String((error as Error)?.stack ?? error));
const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  process.on('uncaughtException', onEscaped);
  process.on('unhandledRejection', onEscaped);
}, 60_000);

afterAll(async () => {
  process.off('uncaughtException', onEscaped);
  process.off('unhandledRejection', onEscaped);
  agent.destroy();
  await server?.close();
});

interface FuzzRequest {
  method: string;
  path: string;
  identity: TestRole | 'anonymous';
  headers: Record<string, string>;
  body?: string;
}

function send(req: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const headers = { ...server.authHeaders(req.identity), ...req.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const out = http.request(new URL(`${server.restUrl}${req.path}`), { method: req.method, headers, agent, timeout: ANSWER_WITHIN_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    out.on('timeout', () => out.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)));
    out.on('error', reject);
    out.end(body);
  });
}

/** Requests for one endpoint-method: fast-check samples from its args, one seed per target so runs are repeatable. */
function requestsFor(method: string, path: string, endpoint: Parameters<typeof paramsFor>[0], otherArgNames: string[], seed: number): FuzzRequest[] {
  const arb = fc.record({ params: paramsFor(endpoint, otherArgNames), identity: fc.constantFrom(...IDENTITIES), encoding: fc.constantFrom('json', 'json', 'json', 'form', 'query') });
  // Besides the samples, one request carrying every undeclared sibling arg at once ('1'), as the
  // administrator (who passes every permission check): a handler reading one of them is found.
  const undeclared = Object.fromEntries(otherArgNames.filter((n) => !(n in (endpoint.args ?? {}))).map((n) => [n, '1']));
  // First, so that it goes whatever the time budget leaves of the samples.
  const samples = [{ params: undeclared, identity: 'administrator' as const, encoding: 'json' as const }, ...fc.sample(arb, { seed, numRuns: RUNS })];
  return samples.map(({ params, identity, encoding }): FuzzRequest => {
    const encoded = Object.entries(params).flatMap(([k, v]) => phpEncode(k, v)).join('&');
    const hasBody = method !== 'GET' && method !== 'DELETE' && encoding !== 'query';
    if (!hasBody) return { method, path: encoded ? `${path}?${encoded}` : path, identity, headers: {} };
    if (encoding === 'form') return { method, path, identity, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: encoded };
    let json: string;
    try {
      json = JSON.stringify(params);
    } catch {
      json = '{}';
    }
    return { method, path, identity, headers: { 'content-type': 'application/json' }, body: json };
  });
}

describe('fuzzing every route of the default deployment', () => {
  it('answers every request in time and in shape, with no undocumented 5xx', async () => {
    const ids = await seedSite(server);
    const targets: Array<{ method: string; requests: FuzzRequest[] }> = [];
    let seed = SEED;
    // Undeclared params are named like the args of the same namespace's other endpoints (`parent`
    // of pages sent to posts): what a handler might read without declaring it.
    const argNamesOf = (namespace: string) => [...new Set(server.app.routes.filter((r) => r.namespace === namespace).flatMap((r) => r.endpoints.flatMap((e) => Object.keys(e.args ?? {}))))].sort();
    for (const route of server.app.routes) {
      const path = samplePath(route, idsFor(route.path, ids));
      if (path === undefined) continue;
      for (const endpoint of route.endpoints) for (const method of endpoint.methods) targets.push({ method, requests: requestsFor(method, path, endpoint, argNamesOf(route.namespace), seed++) });
    }
    // Deletions last, so that the seeded records live through the rest. Each endpoint-method's
    // first request before any one's second, and so on: what the time budget leaves unsent is the
    // last samples of every target, not every sample of the targets listed last. The deletions get
    // their share of the budget (by count) whatever the others left.
    const inRounds = (list: typeof targets) => Array.from({ length: RUNS + 1 }, (_, round) => list.flatMap((t) => (round < t.requests.length ? [t.requests[round]!] : []))).flat();
    const others = inRounds(targets.filter((t) => t.method !== 'DELETE'));
    const deletions = inRounds(targets.filter((t) => t.method === 'DELETE'));
    const queue = [...others, ...deletions];

    const rssStart = process.memoryUsage().rss;
    let rssMax = rssStart;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 500);
    const counts = { requests: 0, serverErrors: 0, shapeViolations: 0, hangs: 0 };
    const problems: string[] = [];
    const started = Date.now();
    const deadlineOf = (index: number) => started + (index < others.length ? (BUDGET_MS * others.length) / queue.length : BUDGET_MS);
    // An index, not shift(): shifting a list of thousands costs a copy each time.
    let taken = 0;
    const worker = async () => {
      for (let index = taken++, next = queue[index]; next; index = taken++, next = queue[index]) {
        if (Date.now() >= deadlineOf(index)) continue;
        counts.requests++;
        const where = `${next.identity} ${next.method} ${next.path.slice(0, 140)}${next.body ? ` ${next.body.slice(0, 120)}` : ''}`;
        let answer: Answer;
        try {
          answer = await send(next);
        } catch (error) {
          counts.hangs++;
          problems.push(`${where}: ${(error as Error).message}`);
          continue;
        }
        const problem = judge(answer, next.method);
        if (!problem) continue;
        const code = /"code":"([^"]+)"/.exec(answer.text)?.[1] ?? '';
        if (answer.status >= 500 && !DELIBERATE_5XX.test(code)) counts.serverErrors++;
        else counts.shapeViolations++;
        problems.push(`${where}: ${problem}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    clearInterval(sampler);
    const alive = await fetch(`${server.restUrl}/`);
    const rssGrowthMb = Math.round((rssMax - rssStart) / 1024 / 1024);
    // eslint-disable-next-line no-console
    console.log(
      `fuzz (seed ${SEED}, ${RUNS} runs per endpoint-method, ${targets.length} endpoint-methods): ${counts.requests} requests, ` +
        `${counts.serverErrors} undocumented 5xx, ${counts.shapeViolations} shape violations, ${counts.hangs} hangs, ${escaped.length} crashes (escaped errors), ` +
        `${queue.length - counts.requests} left unsent by the time budget, RSS +${rssGrowthMb} MB (peak ${Math.round(rssMax / 1024 / 1024)} MB)`,
    );
    if (problems.length) console.log(problems.slice(0, 40).join('\n'));
    expect(alive.status).toBe(200);
    expect(escaped).toEqual([]);
    expect(problems).toEqual([]);
    expect(rssGrowthMb).toBeLessThan(RSS_GROWTH_LIMIT_MB);
    expect(counts.requests).toBeGreaterThan(targets.length);
  }, 300_000);
});
