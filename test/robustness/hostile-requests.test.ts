/**
 * The robustness sweep: every endpoint of the studio deployment, as administrator and as
 * anonymous, receives bodies that are not what they claim, every declared arg with each wrong
 * value, out-of-range ids in its captures and junk in the global params. No answer may be a
 * 5xx (beyond the deliberate ones), take longer than a few seconds, or be an error out of shape.
 * A JSON body the params step refuses runs the same code wherever it is sent: it goes once per
 * arg name, schema, value and way of sending (refusal-keys.ts), and must be answered as refused;
 * so does an anonymous body that only a capability check refuses.
 * Run with ROBUSTNESS_REPORT=<file> to keep every failure and the server's stacks.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import type { EndpointDef, RouteDef } from '../../runtime/rest/types.ts';
import { HOSTILE_VALUES, phpEncode } from './hostile-values.ts';
import { numericCaptures, samplePath } from './route-samples.ts';
import { closeSweepAgent, SweepClient, type Failure, type HostileRequest } from './sweep-client.ts';
import { idsFor, seedSite } from './seed-site.ts';
import { decodedOnce, OncePerRefusal } from './refusal-keys.ts';
import { decodeJson } from '../../runtime/rest/json-body.ts';

let server: TestServer;
let client: SweepClient;
const serverErrors: string[] = [];
/** Errors that escaped every handler (the server runs in this process): each would end a real server. */
const escaped: string[] = [];
const onEscaped = (error: unknown) => escaped.push(String((error as Error)?.stack ?? error));
const ROLES = ['administrator', 'anonymous'] as const;
type Role = (typeof ROLES)[number];

beforeAll(async () => {
  // ROBUSTNESS_DEPLOYMENT=blog|forms sweeps another generated deployment the same way.
  server = await startTestServer({ deployment: process.env.ROBUSTNESS_DEPLOYMENT ?? 'studio' });
  client = new SweepClient(server.restUrl);
  process.on('uncaughtException', onEscaped);
  process.on('unhandledRejection', onEscaped);
  // Unexpected errors are logged by the pipeline; their stacks say where to fix.
  const logError = server.app.logger.error.bind(server.app.logger);
  server.app.logger.error = (o: unknown, msg?: string) => {
    serverErrors.push(String((o as { err?: Error })?.err?.stack ?? msg));
    logError(o, msg);
  };
}, 60_000);

afterAll(async () => {
  // eslint-disable-next-line no-console
  console.log(`robustness sweep: ${client?.sent ?? 0} requests, ${client?.failures.length ?? 0} failures`);
  if (process.env.ROBUSTNESS_REPORT && client) {
    const lines = client.failures.map((f) => `${f.request} [${f.label}]: ${f.problem}`);
    const slowest = [...client.timeByRoute].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, ms]) => `${Math.round(ms)} ms ${k}`);
    fs.writeFileSync(process.env.ROBUSTNESS_REPORT, [...lines, '', ...new Set(serverErrors), '', ...slowest].join('\n'));
  }
  process.off('uncaughtException', onEscaped);
  process.off('unhandledRejection', onEscaped);
  closeSweepAgent();
  await server?.close();
});

interface Target {
  route: RouteDef;
  endpoint: EndpointDef;
  method: string;
  path: string;
  /** The endpoint's first method; its others (PUT, PATCH beside POST) run the same handler. */
  primary: boolean;
}

/**
 * Every (endpoint, method) of the table with a path that reaches freshly seeded records;
 * deletions last, so that the records live through the rest of the sweep.
 */
async function targets(): Promise<Target[]> {
  const ids = await seedSite(server);
  const out: Target[] = [];
  for (const route of server.app.routes) {
    const path = samplePath(route, idsFor(route.path, ids));
    if (path === undefined) continue;
    for (const endpoint of route.endpoints) for (const method of endpoint.methods) out.push({ route, endpoint, method, path, primary: method === endpoint.methods[0] });
  }
  return [...out.filter((t) => t.method !== 'DELETE'), ...out.filter((t) => t.method === 'DELETE')];
}

function withQuery(path: string, query: string): string {
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

function as(role: Role, extra: Record<string, string> = {}): Record<string, string> {
  return { ...server.authHeaders(role), ...extra };
}

function report(failures: Failure[]): string {
  const lines = failures.slice(0, 40).map((f) => `${f.request} [${f.label}]: ${f.problem}`);
  return `${failures.length} failures\n${lines.join('\n')}`;
}

async function sweep(requests: HostileRequest[], parallel?: number): Promise<Failure[]> {
  const before = client.failures.length;
  const escapedBefore = escaped.length;
  await client.sendAll(requests, parallel);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const uncaught = escaped.slice(escapedBefore).map((stack) => ({ label: 'process', request: '(any)', problem: `uncaught: ${stack.split('\n').slice(0, 3).join(' | ')}` }));
  client.failures.push(...uncaught);
  return client.failures.slice(before);
}

const JSON_TYPE = { 'content-type': 'application/json' };

/**
 * Params in a JSON body, whatever the method (WordPress reads a GET's JSON body too). With
 * `viaOverride` a GET goes as POST with X-HTTP-Method-Override, as clients send queries too
 * long for a URL.
 */
function jsonBody(t: Target, role: Role, params: Record<string, unknown>, viaOverride: boolean): Omit<HostileRequest, 'label'> {
  const override = t.method === 'GET' && viaOverride;
  const headers = as(role, override ? { ...JSON_TYPE, 'x-http-method-override': 'GET' } : JSON_TYPE);
  return { method: override ? 'POST' : t.method, path: t.path, headers, body: JSON.stringify(params) };
}

const BROKEN_BODIES: Array<{ label: string; headers: Record<string, string>; body: string; parsing?: true }> = [
  { label: 'not JSON with a JSON type', headers: JSON_TYPE, body: '{"title": "unfinished', parsing: true },
  { label: 'JSON array', headers: JSON_TYPE, body: '[1, {"a": 2}, null]' },
  { label: 'JSON number', headers: JSON_TYPE, body: '42' },
  { label: 'JSON null', headers: JSON_TYPE, body: 'null' },
  { label: 'JSON string', headers: JSON_TYPE, body: '"hello"' },
  { label: 'prototype keys', headers: JSON_TYPE, body: '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}' },
  { label: 'deeply nested JSON', headers: JSON_TYPE, body: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, parsing: true },
  { label: 'multipart with no parts', headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body: '--XyZ--\r\n' },
  { label: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, body: 'junk', parsing: true },
  { label: 'multipart cut short', headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body: '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG', parsing: true },
];

describe('robustness sweep over the studio deployment', () => {
  it('bodies that are broken, of the wrong JSON type or empty multipart get no 5xx', async () => {
    const requests: HostileRequest[] = [];
    // A body the JSON decoder refuses is refused for its text alone: once per refusal key
    // (refusal-keys.ts) and each route's first, as in the tests below.
    const once = new OncePerRefusal(server.app);
    const decoded = new Map(BROKEN_BODIES.map((b) => [b, b.headers === JSON_TYPE ? decodeJson(b.body) : undefined]));
    for (const t of await targets()) {
      for (const role of ROLES) {
        // Anonymous callers are refused after the params step: the bodies that break parsing suffice.
        // So are an endpoint's other methods (PUT, PATCH beside POST), which share its handler.
        const bodies = role === 'administrator' && t.primary ? BROKEN_BODIES : BROKEN_BODIES.filter((b) => b.parsing);
        for (const b of bodies) {
          const refused = decoded.get(b);
          const sending = refused && 'error' in refused ? once.check(t.path, t.method, `${role} ${t.method}`, [], refused, undefined, b.label) : {};
          if (sending) requests.push({ label: `${role}: ${b.label}`, method: t.method, path: t.path, headers: as(role, b.headers), body: b.body, ...sending });
        }
        const form = ['a', ...Object.keys(t.endpoint.args)].map((n) => `${encodeURIComponent(n)}[b][c][]=1`).join('&');
        requests.push({ label: `${role}: PHP form with nested brackets`, method: t.method, path: t.path, headers: as(role, { 'content-type': 'application/x-www-form-urlencoded' }), body: form });
      }
    }
    // eslint-disable-next-line no-console
    console.log(`broken bodies: ${requests.length} requests, ${once.skipped} refused bodies left out (sent once per refusal key, in the SQLite pass only)`);
    const failures = await sweep(requests);
    expect(failures, report(failures)).toEqual([]);
  }, 600_000);

  it('each declared arg with each wrong value gets no 5xx', async () => {
    const requests: HostileRequest[] = [];
    // A JSON body refused at the params step, or anonymous on an endpoint a capability guards, is
    // sent once per refusal key (refusal-keys.ts), plus each route's first refusal for each role;
    // every other body goes everywhere.
    const once = new OncePerRefusal(server.app);
    const decoded = HOSTILE_VALUES.map((v) => decodedOnce(v.value));
    // The body is made only when it is sent: stringifying every one cost the sweep more than the server.
    const sendBody = (t: Target, role: Role, names: string[], arg: string | undefined, i: number, viaOverride: boolean) => {
      const v = HOSTILE_VALUES[i]!;
      const how = `${role} ${t.method === 'GET' && viaOverride ? 'override' : t.method}`;
      const sending = once.check(t.path, t.method, how, names, decoded[i]!, arg, v.name);
      if (!sending) return;
      const label = arg === undefined ? `${role}: every arg = ${v.name}` : `${role}: ${arg} = ${v.name}`;
      requests.push({ label, ...sending, ...jsonBody(t, role, Object.fromEntries(names.map((n) => [n, v.value])), viaOverride) });
    };
    for (const t of await targets()) {
      const args = Object.keys(t.endpoint.args);
      for (const [i, v] of HOSTILE_VALUES.entries()) {
        const viaOverride = i % 2 === 1;
        // Administrator: one arg at a time, so that the others keep their defaults and the handler
        // may run; once per endpoint, as its other methods share the handler.
        for (const name of t.primary ? args : []) {
          sendBody(t, 'administrator', [name], name, i, viaOverride);
          if (v.inQuery && t.method === 'GET') requests.push({ label: `administrator: ?${name} = ${v.name}`, method: t.method, path: withQuery(t.path, phpEncode(name, v.value).join('&')), headers: as('administrator') });
        }
        // Anonymous: all args at once.
        sendBody(t, 'anonymous', [...args, 'unknown'], undefined, i, viaOverride);
      }
      // Paging args that are each in range but whose product is not.
      if (t.endpoint.args.page && t.endpoint.args.per_page) {
        requests.push({ label: 'administrator: huge page × huge per_page', method: t.method, path: withQuery(t.path, 'page=999999999999999999999&per_page=999999999999999999999'), headers: as('administrator') });
      }
    }
    // eslint-disable-next-line no-console
    console.log(`wrong values: ${requests.length} requests, ${once.skipped} refused bodies left out (sent once per refusal key, in the SQLite pass only)`);
    const failures = await sweep(requests);
    expect(failures, report(failures)).toEqual([]);
  }, 600_000);

  it('lists of 40,000 items in every list-taking or untyped arg get no 5xx', async () => {
    const longList = Array.from({ length: 40_000 }, (_, i) => i + 1);
    const takesList = (arg: EndpointDef['args'][string]) => !arg.type || arg.type === 'array' || (Array.isArray(arg.type) && arg.type.includes('array'));
    const requests: HostileRequest[] = [];
    // Refused lists once per refusal key (refusal-keys.ts); every accepted one goes.
    const once = new OncePerRefusal(server.app);
    for (const t of await targets()) {
      if (!t.primary) continue;
      for (const [name, arg] of Object.entries(t.endpoint.args)) {
        if (!takesList(arg)) continue;
        const sending = once.check(t.path, t.method, `administrator ${t.method}`, [name], { value: { v: longList } }, name, '40,000 ids');
        if (sending) requests.push({ label: `administrator: ${name} = 40,000 ids`, ...sending, ...jsonBody(t, 'administrator', { [name]: longList }, false) });
      }
    }
    // eslint-disable-next-line no-console
    console.log(`long lists: ${requests.length} requests, ${once.skipped} refused lists left out (sent once per refusal key, in the SQLite pass only)`);
    const failures = await sweep(requests);
    expect(failures, report(failures)).toEqual([]);
  }, 600_000);

  it('batch requests with broken items, nesting and hostile sub-request args get no 5xx', async () => {
    const post = (body: unknown, role: Role = 'administrator'): HostileRequest => ({ label: `${role}: batch ${JSON.stringify(body).slice(0, 80)}`, method: 'POST', path: '/batch/v1', headers: as(role, JSON_TYPE), body: JSON.stringify(body) });
    const structural: unknown[] = [
      { requests: 'x' },
      { requests: [null, 1, 'x', []] },
      { requests: [{ path: { a: 1 } }, { path: '' }, { path: '//:80' }, { path: 'http:///x' }, { path: '/core/v2/posts?a[b][c]=1&_method=DELETE' }] },
      { requests: [{ method: 'FROB', path: '/core/v2/posts' }, { method: ['POST'], path: '/core/v2/posts' }] },
      { requests: [{ path: '/batch/v1', body: { requests: [{ path: '/batch/v1', body: { requests: [] } }] } }] },
      { requests: [{ path: '/core/v2/posts', headers: { a: { b: 1 }, 'content-type': ['x', 'y'] }, body: [1, 2] }] },
      { requests: Array.from({ length: 26 }, () => ({ path: '/core/v2/posts' })) },
      { requests: [{ path: '/core/v2/posts' }], validation: { x: 1 } },
    ];
    const requests = structural.flatMap((b) => ROLES.map((role) => post(b, role)));
    // Every batchable endpoint, each arg with each hostile value, 25 items per batch. A value the
    // JSON decoder refuses (too deep, an unpaired surrogate) makes the whole batch body refused
    // before any item is read: one batch each shows that, and the items go without them, so that
    // they reach the batch's dispatch. An item its endpoint's params step refuses is sent once
    // per refusal key (refusal-keys.ts), plus each route's first; every accepted item goes.
    const items: unknown[] = [];
    const once = new OncePerRefusal(server.app);
    const decoded = HOSTILE_VALUES.map((v) => decodedOnce(v.value));
    for (const [i, v] of HOSTILE_VALUES.entries()) if ('error' in decoded[i]!) requests.push(post({ requests: [{ path: '/core/v2/posts', body: { title: v.value } }] }));
    for (const t of await targets()) {
      if (!t.endpoint.allowBatch) continue;
      for (const name of Object.keys(t.endpoint.args)) {
        for (const [i, v] of HOSTILE_VALUES.entries()) {
          if ('error' in decoded[i]!) continue;
          // (The refusal code is the item's, inside the batch's 207: not checked here.)
          if (!once.check(t.path, t.method, 'batch item', [name], decoded[i]!, name, v.name)) continue;
          items.push({ method: t.method, path: t.path, body: { [name]: v.value } });
        }
      }
    }
    // eslint-disable-next-line no-console
    console.log(`batch: ${items.length} hostile items, ${once.skipped} refused items left out (sent once per refusal key, in the SQLite pass only)`);
    for (let i = 0; i < items.length; i += 25) {
      requests.push(post({ requests: items.slice(i, i + 25) }));
      requests.push(post({ requests: items.slice(i, i + 25), validation: 'require-all-validate' }));
    }
    // One batch at a time: the items of consecutive batches write the same few objects, so batches
    // sent side by side wait for each other's row locks (PostgreSQL) or the one writer (SQLite), and
    // the time-to-answer bound would measure that queue instead of the batch it judges.
    const failures = await sweep(requests, 1);
    expect(failures, report(failures)).toEqual([]);
  }, 600_000);

  it('transport oddities (methods, paths, encodings, uploads, credentials) get no 5xx', async () => {
    const site = new SweepClient(server.siteUrl);
    const PNG_HEAD = '\x89PNG\r\n\x1a\n';
    const media = (headers: Record<string, string>, body: string): Omit<HostileRequest, 'label'> => ({ method: 'POST', path: '/wp-json/core/v2/media', headers: as('administrator', headers), body });
    const cases: Array<[string, Omit<HostileRequest, 'label'>]> = [
      ['unknown method', { method: 'PROPFIND', path: '/wp-json/core/v2/posts' }],
      ['undecodable path', { method: 'GET', path: '/wp-json/core/v2/posts/%ZZ' }],
      ['NUL in a capture', { method: 'GET', path: '/wp-json/core/v2/posts/1%00' }],
      ['traversal in a free capture', { method: 'GET', path: '/wp-json/tmpl-library/v1/items/search/..%2F..%2Fetc' }],
      ['long query', { method: 'GET', path: `/wp-json/core/v2/posts?${'a'.repeat(12_000)}` }],
      ['thousands of params', { method: 'GET', path: `/wp-json/core/v2/posts?${Array.from({ length: 1500 }, (_, i) => `k${i}[]=1`).join('&')}` }],
      ['rest_route NUL', { method: 'GET', path: '/?rest_route=%00' }],
      ['rest_route traversal', { method: 'GET', path: '/?rest_route=/core/v2/posts/../../' }],
      ['scalar and list of one param', { method: 'GET', path: '/wp-json/core/v2/posts?per_page=1&per_page[]=2' }],
      ['JSON with a byte-order mark', { method: 'POST', path: '/wp-json/core/v2/posts', headers: as('administrator', JSON_TYPE), body: '\uFEFF{"title":"bom"}' }],
      ['upload named ../../x.php', media({ 'content-type': 'image/png', 'content-disposition': 'attachment; filename="../../x.php"' }, PNG_HEAD)],
      ['upload with an empty file name', media({ 'content-type': 'image/png', 'content-disposition': 'attachment; filename=' }, 'x')],
      ['upload whose name is bad UTF-8', media({ 'content-type': 'image/png', 'content-disposition': "attachment; filename*=UTF-8''%FF%FE.png" }, 'x')],
      ['upload that is not the image it claims', media({ 'content-type': 'image/jpeg', 'content-disposition': 'attachment; filename="a.jpg"' }, '\xff\xd8\xff\xe0garbage')],
      ['multipart upload named NUL', media({ 'content-type': 'multipart/form-data; boundary=B' }, '--B\r\nContent-Disposition: form-data; name="file"; filename="\u0000.png"\r\nContent-Type: image/png\r\n\r\nnotapng\r\n--B--\r\n')],
      ['upload with a junk Content-MD5', media({ 'content-type': 'image/png', 'content-disposition': 'attachment; filename="a.png"', 'content-md5': 'zz' }, 'x')],
      ['undecodable Basic credentials', { method: 'GET', path: '/wp-json/core/v2/posts', headers: { authorization: 'Basic %%%' } }],
      ['Basic credentials without a colon', { method: 'GET', path: '/wp-json/core/v2/posts', headers: { authorization: `Basic ${Buffer.from('test-administrator').toString('base64')}` } }],
      ['undecodable cookie and odd nonce', { method: 'GET', path: '/wp-json/core/v2/posts', headers: { cookie: 'specpress_session=%ZZ; a', 'x-wp-nonce': 'ÿ' } }],
    ];
    await site.sendAll(cases.map(([label, req]) => ({ label, ...req })));
    client.sent += site.sent;
    client.failures.push(...site.failures);
    expect(site.failures, report(site.failures)).toEqual([]);
  }, 600_000);

  it('captures with out-of-range ids get no 5xx', async () => {
    const requests: HostileRequest[] = [];
    for (const t of await targets()) {
      for (const name of numericCaptures(t.route)) {
        for (const id of ['0', '9007199254740992', '999999999999999999999']) {
          const path = samplePath(t.route, { [name]: id })!;
          for (const role of ROLES) requests.push({ label: `${role}: ${name} = ${id}`, method: t.method, path, headers: as(role) });
        }
      }
    }
    const failures = await sweep(requests);
    expect(failures, report(failures)).toEqual([]);
  }, 600_000);

  it('junk in _method, _fields, _embed, _envelope and _jsonp, and OPTIONS/HEAD, get no 5xx', async () => {
    const junk = [
      '_method=FROBNICATE',
      '_method[]=DELETE',
      '_fields[a][b]=1',
      '_fields=%00,,.,a.b.c,id.id.id',
      '_embed[x][y]=1',
      '_embed=author,%00,wp:term',
      '_envelope[x]=1&_fields=status,body',
      '_envelope=1&_embed=1&_fields[]=',
      '_jsonp[a]=1',
      'context=edit&_fields=_links,_embedded',
    ];
    const requests: HostileRequest[] = [];
    for (const t of (await targets()).filter((target) => target.primary)) {
      for (const q of junk) requests.push({ label: `administrator: ${q}`, method: t.method, path: withQuery(t.path, q), headers: as('administrator') });
      // Anonymous: the params read before authentication and routing.
      for (const q of junk.filter((j) => /_method|_jsonp/.test(j))) requests.push({ label: `anonymous: ${q}`, method: t.method, path: withQuery(t.path, q), headers: as('anonymous') });
    }
    for (const route of server.app.routes) {
      const path = samplePath(route);
      if (path === undefined) continue;
      for (const method of ['OPTIONS', 'HEAD']) for (const role of ROLES) requests.push({ label: `${role}: ${method} with junk`, method, path: withQuery(path, '_fields[a]=1&context[]=x'), headers: as(role) });
    }
    const failures = await sweep(requests);
    expect(failures, report(failures)).toEqual([]);
  }, 600_000);
});
