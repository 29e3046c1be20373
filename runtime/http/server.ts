/**
 * The HTTP transport: fastify reads the request (body raw, whatever its type), turns it into a
 * RestRequest for `serveRequest`, and writes the RestResponse back. No REST logic lives here.
 * Serves the REST API at `/wp-json/<route>` and `/?rest_route=/<route>`, uploads at
 * `/wp-content/uploads/...`, the auth module's HTML pages, the block editor's admin pages, the oEmbed embed pages, and the
 * deployment's HTML reference and OpenAPI document under `/specpress/`.
 */
import fs from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { App, RestRequest, RestResponse } from '../rest/types.ts';
import { registerAuthPages } from '../auth/pages.ts';
import { registerAdminPages } from '../admin/pages.ts';
import { embedPageFor, registerEmbedPages } from '../oembed/embed-page.ts';
import { registerReferencePages } from './reference-pages.ts';
import { serveRequest } from '../rest/serve-request.ts';
import { parseQueryString } from '../rest/query-string.ts';
import { restError } from '../rest/errors.ts';
import { answerClientError } from './client-errors.ts';
import { resolveHttpLimits } from './limits.ts';
import { cutOffSlowBodies } from './slow-body.ts';
import { answerInTime } from './handler-timeout.ts';
import { trustProxyOf } from './trust-proxy.ts';
import { corsPolicyOf } from './cors.ts';
import { processCacheOf } from '../cache/process-cache.ts';
import { durabilityOf } from '../store/durability.ts';
import type { Kysely } from 'kysely';
import { apiLinkHeader, siteRootPage } from './site-root.ts';
import { bodyBytes } from '../rest/serialize-once.ts';
import { answerCacheEnabled, answerThroughCache } from './answer-cache.ts';

const NOT_FOUND_PAGE = '<!DOCTYPE html><title>Not found</title><h1>Not found</h1>';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

export async function buildHttpServer(app: App): Promise<FastifyInstance> {
  const limits = resolveHttpLimits(app.config.http);
  const keepAnswers = answerCacheEnabled(app);
  // Node refuses a headers timeout longer than the whole-request one (0 there means none).
  const headersTimeout = limits.requestTimeoutMs ? Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) : limits.headersTimeoutMs;
  const fastify = Fastify({
    logger: false,
    bodyLimit: app.config.maxUploadBytes,
    // The client address (login throttling, rate limits) is X-Forwarded-For's only when the
    // connection comes from a proxy the site lists; otherwise anyone could claim any address.
    trustProxy: trustProxyOf(app.config),
    http: { maxHeaderSize: limits.maxHeaderBytes, headersTimeout, requestTimeout: limits.requestTimeoutMs, connectionsCheckingInterval: Math.max(100, Math.min(30_000, headersTimeout / 4)) },
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    clientErrorHandler: answerClientError(limits.maxHeaderBytes),
    // While closing, requests already on open connections are answered normally (with
    // Connection: close) rather than with fastify's own 503 body, which is not the interface's shape.
    return503OnClosing: false,
    // A URL that cannot be decoded names no route: WordPress's 404 for the API, a plain 400 elsewhere.
    frameworkErrors: (error, req, reply: FastifyReply) => {
      const isRest = req.url.startsWith('/wp-json') || req.url.includes('rest_route');
      const body = isRest && error.code === 'FST_ERR_BAD_URL' ? restError('rest_no_route').toBody() : { ...restError('rest_bad_request', [error.message]).toBody(), data: { status: 400 } };
      reply.code(body.data.status as number).header('content-type', 'application/json; charset=UTF-8').send(JSON.stringify(body));
    },
  });
  fastify.server.headersTimeout = headersTimeout;
  cutOffSlowBodies(fastify, limits);
  await fastify.register(fastifyCookie);

  // Every body reaches the REST layer as bytes: it parses JSON, forms and multipart itself,
  // because WordPress's rules (invalid JSON is a 400 with its own code) are not fastify's.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  logEachRequest(fastify, app);
  answerOnlyDurableWrites(fastify, app);
  // Before anything reads: drop what this process cached if another process wrote since. A
  // callback hook: while nothing was committed (most requests) there is no promise to wait for.
  fastify.addHook('onRequest', (_req, _reply, done) => {
    const refreshing = processCacheOf(app.db as Kysely<unknown>)?.refresh();
    if (!refreshing) return done();
    refreshing.then(() => done(), done);
  });

  fs.mkdirSync(app.config.uploadsDir, { recursive: true });
  await fastify.register(fastifyStatic, {
    root: app.config.uploadsDir,
    prefix: '/wp-content/uploads/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    // A browser must take an upload for the type its extension names (only allowed types are
    // stored), never guess HTML or script from its bytes.
    setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
  });

  // The site's cross-origin policy, when it lists trusted origins (cors.ts); applied to kept answers too.
  const cors = corsPolicyOf(app);
  const rest = (routeOf: (req: FastifyRequest) => string | undefined) => async (req: FastifyRequest, reply: FastifyReply) => {
    const route = routeOf(req);
    if (route === undefined && (req.method === 'GET' || req.method === 'HEAD') && pathOf(req.url) === '/' && !hasRestRouteParam(req)) {
      const page = siteRootPage(app.deployment.site.name, app.config.restUrl);
      return reply.code(200).type('text/html; charset=UTF-8').header('link', apiLinkHeader(app.config.restUrl)).send(req.method === 'HEAD' ? '' : page);
    }
    if (route === undefined) {
      // `?rest_route[]=x` names no route; a page without rest_route is not the API's to answer.
      if (hasRestRouteParam(req)) return writeResponse(reply, req.method, { status: 404, headers: {}, body: restError('rest_no_route').toBody() });
      return reply.code(404).type('text/html; charset=UTF-8').header('link', apiLinkHeader(app.config.restUrl)).send(NOT_FOUND_PAGE);
    }
    // The request is read and parsed only when the answer is not kept already (answer-cache.ts).
    const response = await answerThroughCache(app, keepAnswers, req, route, async () => {
      const request = toRestRequest(req, route);
      if (req.method === 'GET' && request.rawBody === undefined && hasBody(req)) {
        const body = await readUnparsedBody(req, app.config.maxUploadBytes);
        // The rest of the body is not read: the connection cannot carry another request.
        if (body === 'too large') return { status: 413, headers: { connection: 'close' }, body: restError('rest_request_too_large', [String(app.config.maxUploadBytes)]).toBody() };
        request.rawBody = body;
      }
      return answerInTime(limits.handlerTimeoutMs, () => serveRequest(app, request));
    });
    return writeResponse(reply, req.method, cors ? cors(req.headers.origin, response) : response);
  };
  fastify.route({ method: [...METHODS], url: '/wp-json', exposeHeadRoute: false, handler: rest(() => '/') });
  fastify.route({ method: [...METHODS], url: '/wp-json/*', exposeHeadRoute: false, handler: rest(restPathOf) });
  // The plain-permalink form: /?rest_route=/core/v2/posts (WordPress without pretty permalinks).
  // `/` also carries the plain-permalink embed page: /?p=ID&embed=true.
  const restOrEmbed = async (req: FastifyRequest, reply: FastifyReply) => {
    if (restRouteParamOf(req) === undefined && req.method === 'GET') {
      const html = await embedPageFor(app, `${app.config.siteUrl}${req.url}`);
      if (html) return reply.code(200).type('text/html; charset=UTF-8').header('x-robots-tag', 'noindex').send(html);
    }
    return rest(restRouteParamOf)(req, reply);
  };
  fastify.route({ method: [...METHODS], url: '/', exposeHeadRoute: false, handler: restOrEmbed });
  fastify.route({ method: [...METHODS], url: '/index.php', exposeHeadRoute: false, handler: restOrEmbed });

  await registerAuthPages(fastify, app);
  registerAdminPages(fastify, app);
  registerEmbedPages(fastify, app);
  registerReferencePages(fastify, app);
  answerTransportErrors(fastify, app);
  return fastify;
}

/**
 * Errors fastify raises before our handler runs (body too large, unreadable URL) answered in
 * WordPress's error shape; anything else is a bug, logged and answered as the generic 500.
 */
function answerTransportErrors(fastify: FastifyInstance, app: App): void {
  fastify.setErrorHandler((error: Error & { statusCode?: number; code?: string }, _req, reply) => {
    const status = error.statusCode ?? 500;
    let body;
    if (status === 413) body = restError('rest_request_too_large', [String(app.config.maxUploadBytes)]).toBody();
    else if (status >= 400 && status < 500) body = { ...restError('rest_bad_request', [error.message]).toBody(), data: { status } };
    else {
      app.logger.error({ err: error }, 'unexpected error in the HTTP layer');
      body = { ...restError('internal_server_error').toBody(), additional_errors: [] };
    }
    reply.code(body.data.status as number).header('content-type', 'application/json; charset=UTF-8').send(JSON.stringify(body));
  });
  // Under /wp-json with a method no route takes (PROPFIND, TRACE...): WordPress's rest_no_route,
  // as PHP sees every method. Outside the REST API and the pages: a plain 404, as a site without
  // that page answers.
  fastify.setNotFoundHandler((req, reply) => {
    if (req.url === '/wp-json' || req.url.startsWith('/wp-json/') || req.url.startsWith('/wp-json?') || hasRestRouteParam(req)) {
      reply.code(404).header('content-type', 'application/json; charset=UTF-8').send(JSON.stringify(restError('rest_no_route').toBody()));
      return;
    }
    reply.code(404).header('content-type', 'text/html; charset=UTF-8').send(NOT_FOUND_PAGE);
  });
}

/** The part of a request URL before `?`, and the part after it ('' when none). */
function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
}

function queryOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/** Path after `/wp-json`, percent-decoded, without a trailing slash ('/' for the root). */
function restPathOf(req: FastifyRequest): string {
  const rawPath = pathOf(req.url).slice('/wp-json'.length);
  return normaliseRoute(rawPath.includes('%') ? safeDecode(rawPath) : rawPath);
}

function restRouteParamOf(req: FastifyRequest): string | undefined {
  const query = parseQueryString(queryOf(req.url));
  const route = query.rest_route;
  if (typeof route !== 'string') return undefined;
  return normaliseRoute(route);
}

/** `?rest_route=...` in any form (`rest_route[]=`, empty): the client meant the REST API. */
function hasRestRouteParam(req: FastifyRequest): boolean {
  const query = queryOf(req.url);
  return query !== '' && /(^|&)rest_route(=|\[|%5B|&|$)/i.test(query);
}

function normaliseRoute(route: string): string {
  const trimmed = route.endsWith('/') ? route.replace(/\/+$/, '') : route;
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function hasBody(req: FastifyRequest): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/**
 * fastify parses no body on GET, but WordPress reads one (a JSON body's params count on GET
 * too): the bytes are read here, within the same size limit as other bodies.
 */
async function readUnparsedBody(req: FastifyRequest, limit: number): Promise<Buffer | 'too large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.raw) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function toRestRequest(req: FastifyRequest, route: string): RestRequest {
  const query = parseQueryString(queryOf(req.url));
  const restRouteParam = typeof query.rest_route === 'string' ? query.rest_route : undefined;
  if ('rest_route' in query) delete query.rest_route;
  // Node names incoming headers in lower case already; only a repeated one arrives as a list.
  const headers: Record<string, string | undefined> = { ...(req.headers as Record<string, string | undefined>) };
  for (const k in req.headers) {
    const v = req.headers[k];
    if (Array.isArray(v)) headers[k] = v.join(', ');
  }
  return {
    method: req.method,
    route,
    headers,
    query,
    rawBody: Buffer.isBuffer(req.body) ? req.body : undefined,
    ip: req.ip,
    cookies: (req.cookies ?? {}) as Record<string, string>,
    ...(restRouteParam !== undefined ? { restRouteParam } : {}),
  };
}

function writeResponse(reply: FastifyReply, method: string, response: RestResponse): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of Object.entries(response.headers)) reply.header(name, value);
  if (response.raw) {
    reply.header('content-type', response.raw.contentType);
    return method === 'HEAD' ? reply.send() : reply.send(response.raw.data);
  }
  if (!response.headers['content-type'] && !response.headers['Content-Type']) reply.header('content-type', 'application/json; charset=UTF-8');
  if (method === 'HEAD') return reply.send();
  return reply.send(bodyBytes(response.body));
}

/**
 * No answer shows a commit that is not on disk yet (the store's durability, store/durability.ts;
 * on SQLite store/sqlite/commit-sync.ts): a request
 * during which a commit was made (its own write, or another request's that its answer may show)
 * is answered once that commit is synced, and so is one that began while an earlier commit's sync
 * was still running (a read in that window would show a post that a power cut could take back).
 * A read waits only there: at most one sync (a few milliseconds), never when nothing is pending.
 * Commits of other connections to the same file (other `--workers` processes) count as well: the
 * sync made here covers them (CommitDurability.noteOthers).
 *
 * A failed sync leaves it unknown what reached the disk: writes are answered with
 * rest_write_not_durable until the process restarts; reads are still answered, so that the site
 * stays readable meanwhile. Nothing is registered where commits are durable by themselves
 * (PostgreSQL).
 */
function answerOnlyDurableWrites(fastify: FastifyInstance, app: App): void {
  if (!durabilityOf(app.db)) return;
  const noted = new WeakMap<FastifyRequest, number>();
  // Callback hooks: every request passes both, and most (reads while nothing is pending) only compare numbers.
  fastify.addHook('onRequest', (req, _reply, done) => {
    noted.set(req, durabilityOf(app.db)!.noted);
    done();
  });
  fastify.addHook('onSend', (req, reply, payload, done) => {
    const commits = durabilityOf(app.db)!;
    // Asked after the request's reads: any other connection's commit they may show is counted.
    commits.noteOthers();
    if (commits.synced >= commits.noted) return done(null, payload);
    const committed = commits.noted !== noted.get(req);
    commits.durable().then(
      () => done(null, payload),
      (error: unknown) => {
        if (!committed) return done(null, payload);
        app.logger.error({ err: error }, 'a commit could not be synced to disk');
        reply.code(500).header('content-type', 'application/json; charset=UTF-8');
        done(null, JSON.stringify(restError('rest_write_not_durable').toBody()));
      },
    );
  });
}

/**
 * One pino line per request (method, path, status, milliseconds) at the debug level
 * (`serve --log-level debug`). Below it no hook is registered at all: a line per request cost a
 * measurable share of a read's CPU (bench/profile-serve.bench.ts) and fills the log of a busy site.
 */
function logEachRequest(fastify: FastifyInstance, app: App): void {
  const debug = app.logger.debug;
  if (!debug || !app.logger.isLevelEnabled?.('debug')) return;
  fastify.addHook('onResponse', async (req, reply) => {
    debug.call(app.logger, { method: req.method, path: pathOf(req.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
}
