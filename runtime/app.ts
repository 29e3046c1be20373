/**
 * Builds the one `App` a running server shares: database, config, deployment model and route
 * table, and `app.dispatch` bound to the pipeline. Loading the generated deployment lives here
 * too, so the CLI, the harness and tests all start a site the same way.
 */
import path from 'node:path';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import pino from 'pino';
import type { Kysely } from 'kysely';
import type { DeploymentModel } from '../contract/model.ts';
import type { App, AppConfig, RouteDef } from './rest/types.ts';
import { openDatabase } from './store/open-database.ts';
import { attachProcessCache } from './cache/process-cache.ts';
import { versionRowSignal } from './cache/version-row-signal.ts';
import { databaseFile, uploadsDir } from './store/paths.ts';
import { dispatch } from './rest/dispatch.ts';

export type DeploymentInfo = Omit<DeploymentModel, 'routes'>;

export interface LoadedDeployment {
  deployment: DeploymentInfo;
  routes: RouteDef[];
  /** The generated discovery document (routes of `GET /`), when present. */
  discovery?: Record<string, unknown>;
}

/** Where the generator writes one deployment's artifacts. */
/** `.js` when running the build under dist/ (scripts/build.mjs), `.ts` when running the sources. */
const MODULE_EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

export function deploymentDir(name: string): string {
  return path.resolve(import.meta.dirname, '..', 'output', 'deployments', name);
}

/** Names of the generated deployments, and which one is the default. */
export async function listDeployments(): Promise<{ names: string[]; defaultName?: string }> {
  const root = path.resolve(import.meta.dirname, '..', 'output', 'deployments');
  const names = fs.existsSync(root) ? fs.readdirSync(root).filter((n) => fs.existsSync(path.join(root, n, `routes${MODULE_EXT}`))).sort() : [];
  for (const name of names) {
    const loaded = await loadDeployment(name);
    if (loaded.deployment.isDefault) return { names, defaultName: name };
  }
  return { names, defaultName: names[0] };
}

/** Imports `output/deployments/<name>/{deployment,routes}.ts` and reads `discovery.json`. */
export async function loadDeployment(name: string): Promise<LoadedDeployment> {
  const dir = deploymentDir(name);
  if (!fs.existsSync(path.join(dir, `routes${MODULE_EXT}`))) {
    throw new Error(`No generated deployment "${name}" in ${dir}: run \`npx specpress generate\` first.`);
  }
  const { deployment } = (await import(pathToFileURL(path.join(dir, `deployment${MODULE_EXT}`)).href)) as { deployment: DeploymentInfo };
  const { routes } = (await import(pathToFileURL(path.join(dir, `routes${MODULE_EXT}`)).href)) as { routes: RouteDef[] };
  const discoveryFile = path.join(dir, 'discovery.json');
  const discovery = fs.existsSync(discoveryFile) ? (JSON.parse(fs.readFileSync(discoveryFile, 'utf8')) as Record<string, unknown>) : undefined;
  return { deployment, routes, discovery };
}

/** A deployment model for hand-made route tables (tests of one service before generation). */
export function bareDeployment(overrides: Partial<DeploymentInfo> = {}): DeploymentInfo {
  return {
    name: 'test',
    description: 'Hand-made route table',
    isDefault: false,
    site: { name: 'Test site', description: 'Just another site', gmt_offset: '0', timezone_string: '', page_for_posts: 0, page_on_front: 0, show_on_front: 'posts' },
    authentication: { applicationPasswords: true },
    aliases: [],
    namespaces: [],
    resources: {},
    catalogs: {},
    settings: {},
    ...overrides,
  };
}

export function defaultConfig(dataDir: string, siteUrl: string): AppConfig {
  return {
    dataDir,
    uploadsDir: uploadsDir(dataDir),
    siteUrl,
    restUrl: `${siteUrl}/wp-json`,
    maxUploadBytes: 64 * 1024 * 1024,
    outboundAllow: [],
    upstreams: {},
  };
}

export interface CreateAppOptions {
  loaded: LoadedDeployment;
  config: AppConfig;
  logger?: App['logger'];
  now?: () => Date;
}

export interface RunningApp {
  app: App;
  close: () => Promise<void>;
}

/** Opens (and migrates) the configured database (default: under `config.dataDir`) and assembles the App. */
export async function createApp(opts: CreateAppOptions): Promise<RunningApp> {
  fs.mkdirSync(opts.config.uploadsDir, { recursive: true });
  // Each write conflict PostgreSQL ends a transaction for is a warning line: writers meeting is
  // rare by design (store/write-guards.ts), and a count of these lines says how rare.
  const opened = await openDatabase(opts.config.database ?? databaseFile(opts.config.dataDir), {
    onWriteConflict: (conflict) => app.logger.warn({ writeConflict: conflict }, conflict.retried ? 'write conflict: the transaction runs again' : 'write conflict: attempts exhausted, the error goes to the caller'),
  });
  // A serving process keeps options and site settings in memory, checked once per request.
  attachProcessCache(opened.db as Kysely<unknown>, versionRowSignal(opened.db));
  const app: App = {
    db: opened.db,
    config: opts.config,
    deployment: opts.loaded.deployment,
    routes: opts.loaded.routes,
    logger: opts.logger ?? pino({ level: 'silent' }),
    dispatch: (req, user) => dispatch(app, req, user),
    now: opts.now ?? (() => new Date()),
    discovery: opts.loaded.discovery,
  };
  return { app, close: opened.close };
}
