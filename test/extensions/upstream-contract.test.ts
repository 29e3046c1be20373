/**
 * The upstream forwarding contract (runtime/upstream/README.md) against a real HTTP stand-in
 * service on loopback that records and asserts what it receives: method, path relative to the
 * namespace, query or JSON body, locale, credential, operation; retries of reads only; timeouts,
 * errors in the interface's shape; the answer cache and its clearing; honest local providers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type http from 'node:http';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { clientFor } from './client.ts';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let call: ReturnType<typeof clientFor>;
let service: LoopbackServer;
const seen: Seen[] = [];
let tagsFailuresLeft = 2;
// Every answer of the stand-in service must come within it, a busy machine's included; the one
// that must time out never answers at all.
const UPSTREAM_TIMEOUT_MS = 2_000;

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

beforeAll(async () => {
  service = await startLoopbackServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = req.url!.split('?')[0];
      if (path === '/lib/items/42') return json(res, 200, { id: 42, hits: seen.filter((s) => s.url.startsWith('/lib/items/42')).length }, { 'cache-control': 'public, max-age=60' });
      if (path === '/lib/tags') return tagsFailuresLeft-- > 0 ? json(res, 503, { message: 'busy' }) : json(res, 200, { tags: ['hero'] });
      if (path === '/lib/insert') return json(res, 503, { message: 'busy' });
      if (path === '/lib/items/rating') return json(res, 422, { code: 'rating_out_of_range', message: 'Ratings go from 1 to 5.' });
      if (path === '/lib/pricing') return; // never answers: only the caller's timeout ends it (close() drops the connection)
      if (path === '/lib/clouds') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      if (path === '/lib/items') return json(res, 200, [{ id: 1 }, { id: 2 }], { 'x-wp-total': '2', 'x-wp-totalpages': '1' });
      json(res, 200, { ok: true });
    });
  });
  server = await startTestServer({ deployment: 'studio', users: true, config: { upstreams: { tmpl_library_url: `${service.url}/lib/` }, upstreamTimeoutMs: UPSTREAM_TIMEOUT_MS } });
  call = clientFor(server);
});

afterAll(async () => {
  await server?.close();
  await service?.close();
});

const last = () => seen.at(-1)!;

describe('each operation keeps its identity', () => {
  it('a GET keeps its method, its path relative to the namespace with the capture filled in, and its params as the query', async () => {
    const res = await call('GET', '/tmpl-library/v1/workspaces/team-a', { query: { page: 2, filter: { kind: 'page' } } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-specpress-source')).toBe('upstream');
    expect(last()).toMatchObject({ method: 'GET', url: '/lib/workspaces/team-a?page=2&filter[kind]=page', body: '' });
    expect(last().headers).toMatchObject({ accept: 'application/json', 'accept-language': 'en-US', 'x-specpress-operation': 'tmplLibraryV1GetWorkspace' });
    expect(last().headers.authorization).toBeUndefined();
  });

  it('a POST keeps its method and sends its params as a JSON body; the caller\'s locale goes along', async () => {
    const res = await call('POST', '/tmpl-library/v1/sites/migrate', { body: { site: 'old.example', pages: [1, 2] }, query: { _locale: 'de_DE' } });
    expect(res.status).toBe(200);
    expect(last()).toMatchObject({ method: 'POST', url: '/lib/sites/migrate' });
    expect(JSON.parse(last().body)).toEqual({ site: 'old.example', pages: [1, 2] });
    expect(last().headers).toMatchObject({ 'content-type': 'application/json', 'accept-language': 'de-DE', 'x-specpress-operation': 'tmplLibraryV1PostSitesMigrate' });
  });

  it('two operations of one service reach two different paths', async () => {
    await call('POST', '/tmpl-library/v1/dependencies/check', { body: { id: 5 } });
    const a = last().url;
    await call('POST', '/tmpl-library/v1/dependencies/plugins', { body: { id: 5 } });
    expect([a, last().url]).toEqual(['/lib/dependencies/check', '/lib/dependencies/plugins']);
  });

  it('relays the service\'s paging headers', async () => {
    const res = await call('GET', '/tmpl-library/v1/items');
    expect(res.body).toEqual([{ id: 1 }, { id: 2 }]);
    expect(res.headers.get('x-wp-total')).toBe('2');
    expect(last().url).toBe('/lib/items?type=items&platform=pagebuilder&per_page=40&sort_by=latest');
  });
});

describe('failures', () => {
  it('retries an idempotent read on 503 and answers once it succeeds', async () => {
    const before = seen.length;
    const res = await call('GET', '/tmpl-library/v1/tags');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ tags: ['hero'] });
    expect(seen.length - before).toBe(3);
  });

  it('never retries a write; a 5xx of the service is a 502 in the interface\'s shape', async () => {
    const before = seen.length;
    const res = await call('POST', '/tmpl-library/v1/insert', { body: { id: 1 } });
    expect(seen.length - before).toBe(1);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ code: 'rest_upstream_failed', message: 'The tmpl-library service did not answer.', data: { status: 502, service: 'tmpl-library', upstream_status: 503 } });
  });

  it('a refusal of the service keeps its status, code and message', async () => {
    const res = await call('POST', '/tmpl-library/v1/items/rating', { body: { id: 1, rating: 9 } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'rating_out_of_range', message: 'Ratings go from 1 to 5.', data: { status: 422, upstream_status: 422 } });
  });

  it('a service too slow for the timeout answers 504 (after the read retries)', async () => {
    const before = seen.length;
    const res = await call('GET', '/tmpl-library/v1/pricing');
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ code: 'rest_upstream_timeout', data: { status: 504, timeout_ms: UPSTREAM_TIMEOUT_MS } });
    expect(seen.length - before).toBe(3);
  });

  it('an answer that is not JSON is a 502, not a 500', async () => {
    const res = await call('GET', '/tmpl-library/v1/clouds');
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('rest_upstream_bad_answer');
  });
});

describe('cache', () => {
  it('reuses a cacheable read for its max-age, and the builder\'s cache clear empties it', async () => {
    const first = await call('GET', '/tmpl-library/v1/items/42');
    expect(first.body).toEqual({ id: 42, hits: 1 });
    const second = await call('GET', '/tmpl-library/v1/items/42');
    expect(second.body).toEqual({ id: 42, hits: 1 });
    expect(second.headers.get('x-specpress-cache')).toBe('hit');
    const cleared = await call('DELETE', '/pagebuilder/v1/cache');
    expect(cleared.body.cleared).toContain('upstream');
    expect((await call('GET', '/tmpl-library/v1/items/42')).body).toEqual({ id: 42, hits: 2 });
  });

  it('keys the cache by locale: another language is asked again', async () => {
    const hits = seen.filter((s) => s.url.startsWith('/lib/items/42')).length;
    await call('GET', '/tmpl-library/v1/items/42', { query: { _locale: 'fr_FR' } });
    expect(seen.filter((s) => s.url.startsWith('/lib/items/42')).length).toBe(hits + 1);
    expect(last().headers['accept-language']).toBe('fr-FR');
  });
});

describe('without a configured service', () => {
  it('a local provider answers and says so', async () => {
    const res = await call('POST', '/sitegen/v1/keywords', { body: { business_name: 'Rosa Bakery', business_description: 'Sourdough bread and sourdough pastries' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-specpress-source')).toBe('local');
    expect(res.body).toMatchObject({ source: 'local', keywords: expect.arrayContaining(['sourdough']) });
  });

  it('an operation with no honest local answer is a 503 naming its setting', async () => {
    const res = await call('GET', '/tmpl-library/v1/logo-generation/data');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'rest_upstream_not_configured', data: { status: 503, service: 'tmpl-library-ai', setting: 'tmpl_library_ai_url' } });
    expect(res.body.message).toContain('SPECPRESS_UPSTREAM_TMPL_LIBRARY_AI_URL');
  });
});
