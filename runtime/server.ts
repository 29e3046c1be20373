/**
 * Starts a site for real: loads the generated deployment, opens and migrates the database,
 * creates the first administrator on a fresh database, and listens. `specpress serve` wraps
 * this with printing and signal handling; other tools (benchmarks, e2e) can call it directly.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { App, AppConfig } from './rest/types.ts';
import { createApp, defaultConfig, listDeployments, loadDeployment } from './app.ts';
import { durabilityOf } from './store/durability.ts';
import { warmUp } from './http/warm-up.ts';
import { buildHttpServer } from './http/server.ts';
import { resolveHttpLimits } from './http/limits.ts';
import { sweepUploadLeftovers } from './media/sweep-leftovers.ts';
import { createUser } from './auth/users.ts';
import { createApplicationPassword } from './auth/application-passwords.ts';

export interface StartServerOptions {
  deployment?: string;
  host: string;
  port: number;
  dataDir: string;
  /** SQLite file or postgres:// URL (default: the SQLite file under dataDir). */
  database?: string;
  /** Uploads folder (default: uploads under dataDir); several processes of one site share it. */
  uploadsDir?: string;
  /** Public origin when it differs from http://host:port (behind a proxy). */
  publicUrl?: string;
  /** Reverse proxies (addresses, CIDR ranges) whose X-Forwarded-For names the client (default: SPECPRESS_TRUST_PROXY or none). */
  trustProxy?: string[];
  /** false: answer every request from the database (runtime/http/answer-cache.ts). */
  answerCache?: boolean;
  /** Check every answer against the deployment's OpenAPI document (runtime/rest/check-answers.ts). */
  checkAnswers?: boolean;
  /** Origins trusted with cross-origin access (runtime/http/cors.ts; default: SPECPRESS_CORS_ORIGINS or the deployment's settings). */
  corsOrigins?: string[];
  /** HTTP timeouts and header size (runtime/http/limits.ts; SPECPRESS_* environment variables win). */
  http?: AppConfig['http'];
  logger?: App['logger'];
  /** pino level of the default logger (default info; debug adds a line per request). */
  logLevel?: string;
}

export interface FirstAdmin {
  login: string;
  password: string;
  appPassword?: string;
}

export interface RunningServer {
  app: App;
  http: FastifyInstance;
  siteUrl: string;
  restUrl: string;
  deployment: string;
  /** Set only on the very first start, when the administrator was just created. */
  firstAdmin?: FirstAdmin;
  /** The reads answered before startServer returned (runtime/http/warm-up.ts). */
  warmedUp: string[];
  close: () => Promise<void>;
}

export async function startServer(opts: StartServerOptions): Promise<RunningServer> {
  const name = opts.deployment ?? (await listDeployments()).defaultName;
  if (!name) throw new Error('No generated deployment found under output/deployments: run `npx specpress generate` first.');
  const loaded = await loadDeployment(name);
  const dataDir = path.resolve(opts.dataDir);
  const config = defaultConfig(dataDir, opts.publicUrl?.replace(/\/+$/, '') ?? `http://${hostForUrl(opts.host)}:${opts.port}`);
  if (opts.database) config.database = opts.database;
  if (opts.uploadsDir) config.uploadsDir = path.resolve(opts.uploadsDir);
  if (opts.trustProxy) config.trustProxy = opts.trustProxy;
  if (opts.answerCache === false) config.answerCache = false;
  if (opts.checkAnswers) config.checkAnswers = true;
  if (opts.corsOrigins) config.corsOrigins = opts.corsOrigins;
  if (opts.http) config.http = opts.http;
  // Lines go out asynchronously: a request never waits on a write to the terminal or a pipe
  // (pino flushes what is pending when the process exits).
  const logger = opts.logger ?? pino({ level: opts.logLevel ?? 'info' }, pino.destination({ dest: 1, sync: false }));
  const { app, close: closeDb } = await createApp({ loaded, config, logger });
  const firstAdmin = await createFirstAdmin(app);
  const sweeps = await sweepAfterCrash(app);
  // What starting wrote (migrations, the first administrator whose credentials are printed) is on disk first.
  await durabilityOf(app.db)?.durable();
  const http = await buildHttpServer(app);
  await http.listen({ host: opts.host, port: opts.port });
  if (!opts.publicUrl && opts.port === 0) {
    // Port 0: the OS picked one; the site's addresses follow it.
    const address = http.server.address();
    if (address && typeof address === 'object') {
      config.siteUrl = `http://${hostForUrl(opts.host)}:${address.port}`;
      config.restUrl = `${config.siteUrl}/wp-json`;
    }
  }
  // After the site's address is known: what the reads keep carries the links real answers carry.
  const warmedUp = await warmUp(http).catch((err: unknown) => {
    app.logger.warn({ err }, 'warm-up reads failed; serving without them');
    return [];
  });
  return {
    app,
    http,
    siteUrl: config.siteUrl,
    restUrl: config.restUrl,
    deployment: name,
    firstAdmin,
    warmedUp,
    close: async () => {
      clearTimeout(sweeps);
      await http.close();
      await closeDb();
    },
  };
}

/**
 * Uploads a crash left half-done are cleared before serving (runtime/media/sweep-leftovers.ts),
 * sparing files younger than the longest a request may take (another process may still be
 * answering it); once that time has passed, a second sweep catches those too.
 */
async function sweepAfterCrash(app: App): Promise<NodeJS.Timeout> {
  const limits = resolveHttpLimits(app.config.http);
  const graceMs = limits.requestTimeoutMs + limits.handlerTimeoutMs;
  const sweep = async () => {
    const result = await sweepUploadLeftovers(app, graceMs);
    if (result.partialsRemoved || result.orphansMoved.length) app.logger.warn({ ...result }, 'upload leftovers of an interrupted write cleared');
  };
  await sweep();
  const later = setTimeout(() => sweep().catch((err) => app.logger.error({ err }, 'sweeping upload leftovers failed')), graceMs + 1000);
  later.unref();
  return later;
}

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** On a database without users: an administrator with a random password (and an application password where offered). */
async function createFirstAdmin(app: App): Promise<FirstAdmin | undefined> {
  const anyone = await app.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return undefined;
  const password = crypto.randomBytes(18).toString('base64url');
  const { id } = await createUser(app.db, { login: 'admin', email: 'admin@localhost.localdomain', password, role: 'administrator' });
  const admin: FirstAdmin = { login: 'admin', password };
  if (app.deployment.authentication.applicationPasswords) {
    admin.appPassword = (await createApplicationPassword(app.db, id, 'specpress first start')).password;
  }
  return admin;
}
