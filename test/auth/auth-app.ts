/**
 * A site for auth tests that do not need the REST pipeline: an in-memory database, a deployment
 * with or without application passwords, and users of each role. Tests that go over HTTP use
 * `startTestServer` instead.
 */
import type { App } from '../../runtime/rest/types.ts';
import { openTestDatabase } from '../../runtime/testing/test-database.ts';
import { createUser } from '../../runtime/auth/users.ts';
import { loadCurrentUser } from '../../runtime/auth/users.ts';
import type { CurrentUser } from '../../runtime/auth/current-user.ts';

export const ROLE_NAMES = ['administrator', 'editor', 'author', 'contributor', 'subscriber'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface AuthTestSite {
  app: App;
  users: Record<RoleName, CurrentUser>;
  close: () => Promise<void>;
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };

export async function authTestSite(opts: { applicationPasswords?: boolean; now?: () => Date } = {}): Promise<AuthTestSite> {
  const { db, close } = await openTestDatabase();
  const app: App = {
    db,
    config: { dataDir: '/nonexistent', uploadsDir: '/nonexistent/uploads', siteUrl: 'http://127.0.0.1:1', restUrl: 'http://127.0.0.1:1/wp-json', maxUploadBytes: 1e6, outboundAllow: [], upstreams: {} },
    deployment: {
      name: 'auth-test', description: '', isDefault: false,
      site: { name: 'Auth test', description: '', gmt_offset: '0', timezone_string: '', page_for_posts: 0, page_on_front: 0, show_on_front: 'posts' },
      authentication: { applicationPasswords: opts.applicationPasswords ?? true },
      aliases: [], namespaces: [], resources: {}, catalogs: {}, settings: {},
    },
    routes: [],
    logger: silent,
    dispatch: async () => { throw new Error('no REST pipeline in auth unit tests'); },
    now: opts.now ?? (() => new Date()),
  };
  const users = {} as Record<RoleName, CurrentUser>;
  for (const role of ROLE_NAMES) {
    const { id } = await createUser(db, { login: `the-${role}`, email: `${role}@example.test`, password: `pw-${role}`, role });
    users[role] = (await loadCurrentUser(db, id, 'internal'))!;
  }
  return { app, users, close };
}

let seq = 0;
/** Inserts a post row; returns its id. */
export async function addPost(app: App, fields: { type?: string; status?: string; author: number; parent?: number; password?: string }): Promise<number> {
  const now = '2026-01-01 00:00:00';
  const row = await app.db.insertInto('posts').values({
    author: fields.author, type: fields.type ?? 'post', status: fields.status ?? 'publish', slug: `p-${++seq}`, title: 'T', content: '', excerpt: '',
    password: fields.password ?? '', parent: fields.parent ?? 0, menu_order: 0, comment_status: 'open', ping_status: 'open', format: 'standard',
    template: '', mime_type: '', guid: '', date: now, date_gmt: now, modified: now, modified_gmt: now, comment_count: 0,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}
