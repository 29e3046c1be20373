/**
 * The success paths of the generated contract suites (`tests/success.test.ts` of a deployment):
 * each endpoint called once as an identity its permission lets through, on objects made for it
 * (the post-type fixtures of auth/permission-fixtures.ts, records created through the
 * collection's own create endpoint), and its answer checked against the deployment's OpenAPI
 * document: a 2xx status the document lists, a media type listed for it, a body valid against its
 * schema (rest/answer-schemas.ts). Endpoints that cannot succeed on a test server (an upstream
 * service not configured, an operation this server does not do) are called too and must answer
 * the error status they document.
 */
import fs from 'node:fs';
import sharp from 'sharp';
import path from 'node:path';
import { deploymentDir } from '../app.ts';
import { createPermissionFixtures, fillPath } from '../auth/permission-fixtures.ts';
import { AnswerSchemas, type OpenApiDocument } from '../rest/answer-schemas.ts';
import type { SuccessCase, UnreachableCase } from '../../contract/success-case.ts';
import { createTestUser, credentialHeaders, type TestServer } from './harness.ts';
import { startLoopbackServer, type LoopbackServer } from './loopback-server.ts';
import { phpQueryString } from './php-query.ts';

export type { SuccessCase, UnreachableCase };

/** What one call came to: `validated` (a documented success), `unreachable` (the documented error of a case that cannot succeed), `unwritten` (a custom handler's 501). */
export interface SuccessOutcome {
  outcome: 'validated' | 'unreachable' | 'unwritten' | 'failed';
  status: number;
  /** Empty unless `failed`. */
  problems: string[];
}

export function answerSchemasOf(deployment: string): AnswerSchemas {
  const file = path.join(deploymentDir(deployment), 'openapi.json');
  return new AnswerSchemas(JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDocument);
}

const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE']);

let png: Promise<Buffer> | undefined;
/** Users made for single cases so far: each gets a login of its own. */
let madeUsers = 0;
/** Values made new so far (`unique` params): each gets a suffix of its own. */
let uniqueValues = 0;

/** A small real image: media routes read its size and make sub-sizes of it. */
function samplePng(): Promise<Buffer> {
  png ??= sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
  return png;
}

async function send(server: TestServer, who: SuccessCase['as'] | Record<string, string>, method: string, url: string, params: Record<string, unknown>, upload = false): Promise<Response> {
  const headers: Record<string, string> = typeof who === 'string' ? { ...server.authHeaders(who) } : { ...who };
  if (upload) {
    headers['content-type'] = 'image/png';
    headers['content-disposition'] = 'attachment; filename="success-path.png"';
    return fetch(server.restUrl + url + phpQueryString(params), { method, headers, body: new Uint8Array(await samplePng()), signal: AbortSignal.timeout(60_000) });
  }
  if (QUERY_METHODS.has(method)) return fetch(server.restUrl + url + phpQueryString(params), { method, headers, signal: AbortSignal.timeout(60_000) });
  headers['content-type'] = 'application/json';
  return fetch(server.restUrl + url, { method, headers, body: JSON.stringify(params), signal: AbortSignal.timeout(60_000) });
}

async function read(res: Response): Promise<{ media: string; body: unknown; text: string }> {
  const media = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const text = await res.text();
  let body: unknown = text;
  if (media.includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { media, body, text };
}

/** A field of an answer, `data.variable.id` reaching into nested objects. */
function fieldAt(body: unknown, field: string): unknown {
  let at = body;
  for (const key of field.split('.')) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

/** Makes the objects the case's path names, then calls it; the answer judged as above. */
export async function callSuccessPath(server: TestServer, schemas: AnswerSchemas, c: SuccessCase | UnreachableCase): Promise<SuccessOutcome> {
  // Fresh objects per case: a delete earlier in the suite must not change what this one sees.
  const fixtures = await createPermissionFixtures(server.app, server.users.administrator.id);
  const samples = { ...c.samples };
  const params = { ...c.params };
  /** Captures filled by what the setup made: they win over the fixtures a path would otherwise name. */
  const made: Record<string, string> = {};
  const saved: Record<string, unknown> = {};
  for (const step of c.setup ?? []) {
    const stepParams = { ...step.params };
    for (const name of step.unique ?? []) stepParams[name] = `${String(stepParams[name] ?? '')} ${++uniqueValues}`;
    for (const [param, name] of Object.entries(step.use ?? {})) stepParams[param] = saved[name];
    const res = await send(server, c.as, step.method, step.path, stepParams, step.upload);
    const { body, text } = await read(res);
    const id = (body as { id?: unknown } | null)?.id;
    if (res.status >= 300 || (step.capture !== undefined && typeof id !== 'string' && typeof id !== 'number')) {
      return { outcome: 'failed', status: res.status, problems: [`setup ${step.method} ${step.path} answered ${res.status} ${text.slice(0, 300)}`] };
    }
    if (step.capture !== undefined) made[step.capture] = String(id);
    for (const [param, field] of Object.entries(step.into ?? {})) params[param] = (body as Record<string, unknown>)[field];
    for (const [name, field] of Object.entries(step.save ?? {})) saved[name] = fieldAt(body, field);
  }
  for (const [target, name] of Object.entries(c.use ?? {})) {
    const capture = /^<(\w+)>$/.exec(target)?.[1];
    if (capture !== undefined) made[capture] = String(saved[name]);
    else params[target] = Array.isArray(c.params[target]) ? [saved[name]] : saved[name];
  }
  for (const name of c.unique ?? []) params[name] = `${String(params[name] ?? '')} ${++uniqueValues}`;
  // A user of its own: the one the call deletes, or the caller deleting its own account.
  let caller: SuccessCase['as'] | Record<string, string> = c.as;
  if (c.madeUser !== undefined) {
    if (c.as === 'anonymous') return { outcome: 'failed', status: 0, problems: ['a made user needs a role: the case calls as anonymous'] };
    const user = await createTestUser(server.app, c.madeUser === 'caller' ? c.as : 'subscriber', `success-path-${++madeUsers}`);
    if (c.madeUser === 'capture') made.id = String(user.id);
    else caller = credentialHeaders(user);
  }
  // Another user, who stays: the administrator the suite calls as (never the one the call acts on).
  for (const name of c.userParams ?? []) params[name] = server.users.administrator.id;
  // The address of a published post of this site (the permission fixtures' post).
  for (const name of c.linkParams ?? []) params[name] = `${server.siteUrl}/?p=${fixtures.post?.id ?? 1}`;
  let url: string;
  try {
    let pattern = c.path;
    for (const [name, value] of Object.entries(made)) pattern = pattern.replace(`<${name}>`, value);
    url = fillPath(pattern, c.captures.filter((k) => made[k.name] === undefined), fixtures, samples, c.postType);
  } catch (error) {
    return { outcome: 'failed', status: 0, problems: [(error as Error).message] };
  }
  // A page with a head to read, served on 127.0.0.1 for this call only.
  let page: LoopbackServer | undefined;
  const allowed = server.app.config.outboundAllow;
  if (c.pageParams?.length) {
    page = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><head><title>Success path page</title><meta name="description" content="A page the success path serves."><link rel="icon" href="/favicon.ico"></head><body><p>Hello.</p></body></html>');
    });
    for (const name of c.pageParams) params[name] = `${page.url}/success-path`;
    server.app.config.outboundAllow = [...allowed, '127.0.0.1'];
  }
  let res: Response;
  try {
    res = await send(server, caller, c.method, url, params, c.upload);
  } finally {
    server.app.config.outboundAllow = allowed;
    await page?.close();
  }
  const { media, body, text } = await read(res);
  const where = `${c.method} ${url} as ${c.as} answered ${res.status} ${text.slice(0, 300)}`;
  const documented = schemas.problems(c.path, c.method, res.status, media, body);
  if ('reason' in c) {
    if (res.status !== c.status) return { outcome: 'failed', status: res.status, problems: [`${where}; expected ${c.status} (${c.reason})`] };
    return documented.length ? { outcome: 'failed', status: res.status, problems: documented.map((p) => `${where}: ${p}`) } : { outcome: 'unreachable', status: res.status, problems: [] };
  }
  if (c.custom && res.status === 501 && (body as { code?: string } | null)?.code === 'rest_not_implemented') return { outcome: 'unwritten', status: 501, problems: [] };
  if (!schemas.successStatuses(c.path, c.method).includes(String(res.status))) {
    return { outcome: 'failed', status: res.status, problems: [`${where}; documented success: ${schemas.successStatuses(c.path, c.method).join(', ') || 'none'}`] };
  }
  return documented.length ? { outcome: 'failed', status: res.status, problems: documented.map((p) => `${where}: ${p}`) } : { outcome: 'validated', status: res.status, problems: [] };
}

/** The line each generated suite prints, and the count it exports. */
export function successSummary(deployment: string, outcomes: SuccessOutcome[], endpoints: number): string {
  const n = (o: SuccessOutcome['outcome']) => outcomes.filter((x) => x.outcome === o).length;
  const extra = [n('unreachable') && `${n('unreachable')} cannot succeed here and answered their documented error`, n('unwritten') && `${n('unwritten')} custom handlers not written yet (501)`, n('failed') && `${n('failed')} failed`].filter(Boolean);
  return `success paths of ${deployment}: ${n('validated')} success paths called and validated of ${endpoints} endpoints${extra.length ? ` (${extra.join('; ')})` : ''}`;
}
