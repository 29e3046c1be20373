/**
 * Starts a real server for a test: a fresh data folder, the deployment's (or a hand-made)
 * route table, one user per WordPress role, and the headers to act as each of them.
 * Listens on 127.0.0.1 on a port the OS picks; `close()` stops it and removes the folder it made.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App, AppConfig, RouteDef } from '../rest/types.ts';
import { bareDeployment, createApp, defaultConfig, loadDeployment, type LoadedDeployment } from '../app.ts';
import { buildHttpServer } from '../http/server.ts';
import { createUser } from '../auth/users.ts';
import { createApplicationPassword } from '../auth/application-passwords.ts';
import { createSession } from '../auth/sessions.ts';
import { testDatabaseFor } from './test-database.ts';

export const TEST_ROLES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type TestRole = (typeof TEST_ROLES)[number];

export interface TestUser {
  id: number;
  login: string;
  password: string;
  appPassword?: string;
  /** Cookie session, used when the deployment does not offer application passwords. */
  cookie?: string;
  nonce?: string;
}

export interface TestServer {
  siteUrl: string;
  restUrl: string;
  app: App;
  dataDir: string;
  users: Record<TestRole, TestUser>;
  authHeaders: (role: TestRole | 'anonymous') => Record<string, string>;
  /** authHeaders with `content-type: application/json`, for sending a JSON body as `role`. */
  jsonHeaders: (role: TestRole | 'anonymous') => Record<string, string>;
  close: () => Promise<void>;
}

export interface StartTestServerOptions {
  /** A generated deployment under output/deployments/<name>. */
  deployment?: string;
  /** A hand-made route table; wins over `deployment`'s routes. */
  routes?: RouteDef[];
  config?: Partial<AppConfig>;
  /** Reuse a data folder (restart tests); it is then left in place on close. */
  dataDir?: string;
  /** Whether to create the role users (default true). */
  users?: boolean;
  /** Changes to the deployment model (e.g. `{ authentication: { applicationPasswords: false } }`). */
  deploymentOverrides?: Partial<LoadedDeployment['deployment']>;
  /** The app's logger (default: silent). */
  logger?: App['logger'];
}

export async function startTestServer(opts: StartTestServerOptions = {}): Promise<TestServer> {
  const ownsDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-test-'));
  const loaded: LoadedDeployment = opts.deployment
    ? await loadDeployment(opts.deployment)
    : { deployment: bareDeployment(), routes: [] };
  if (opts.routes) loaded.routes = opts.routes;
  if (opts.deploymentOverrides) loaded.deployment = { ...loaded.deployment, ...opts.deploymentOverrides };

  // The port is only known once listening; the config's URLs are filled in right after.
  const database = opts.config?.database ? undefined : await testDatabaseFor(dataDir);
  // Answers are checked against the deployment's OpenAPI document (rest/check-answers.ts) unless a test says otherwise.
  const config: AppConfig = { ...defaultConfig(dataDir, 'http://127.0.0.1'), database: database?.target, checkAnswers: true, ...opts.config };
  const { app, close: closeDb } = await createApp({ loaded, config, logger: opts.logger });
  const http = await buildHttpServer(app);
  await http.listen({ host: '127.0.0.1', port: 0 });
  const address = http.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const siteUrl = opts.config?.siteUrl ?? `http://127.0.0.1:${port}`;
  config.siteUrl = siteUrl;
  config.restUrl = opts.config?.restUrl ?? `${siteUrl}/wp-json`;

  const users = opts.users === false ? ({} as Record<TestRole, TestUser>) : await createRoleUsers(app);
  const authHeaders = (role: TestRole | 'anonymous'): Record<string, string> => {
    if (role === 'anonymous') return {};
    const user = users[role];
    if (!user) throw new Error(`No ${role} user in this test server`);
    return credentialHeaders(user);
  };

  return {
    siteUrl,
    restUrl: config.restUrl,
    app,
    dataDir,
    users,
    authHeaders,
    jsonHeaders: (role) => ({ ...authHeaders(role), 'content-type': 'application/json' }),
    close: async () => {
      await http.close();
      await closeDb();
      if (ownsDir) {
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

async function createRoleUsers(app: App): Promise<Record<TestRole, TestUser>> {
  const users = {} as Record<TestRole, TestUser>;
  for (const role of TEST_ROLES) users[role] = await createTestUser(app, role, `test-${role}`, `${role}@example.test`);
  return users;
}

/** The headers that make a request this user's: its application password, else its session. */
export function credentialHeaders(user: TestUser): Record<string, string> {
  if (user.appPassword) return { authorization: `Basic ${Buffer.from(`${user.login}:${user.appPassword}`).toString('base64')}` };
  return { cookie: user.cookie!, 'x-wp-nonce': user.nonce! };
}

/**
 * A user of `role` named `login` (kept if it exists) with credentials a request can carry: an
 * application password, or a session cookie and nonce where the deployment has no application
 * passwords. Also used for a user a test deletes (the success path of deleting one's own account).
 */
export async function createTestUser(app: App, role: TestRole, login: string, email = `${login}@example.test`): Promise<TestUser> {
  const existing = await app.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst();
  const password = `pw-${role}-secret`;
  const id = existing?.id ?? (await createUser(app.db, { login, email, password, role })).id;
  const user: TestUser = { id, login, password };
  if (app.deployment.authentication.applicationPasswords) {
    user.appPassword = (await createApplicationPassword(app.db, id, `test ${Date.now()} ${Math.random()}`)).password;
  } else {
    const session = await createSession(app.db, id);
    user.cookie = `${session.cookieName}=${session.cookieValue}`;
    user.nonce = session.nonce;
  }
  return user;
}
