/**
 * "Another object" attempts of the generated permission suites (tests/other-object.test.ts of a
 * deployment): an identity with rights on its own object only calls a route on its own object
 * while naming another's in every place a param can come from (the query, a JSON body, a form
 * body, a batch item), and calls the other's own path. After each attempt the other object must
 * be exactly as it was, and no answer may carry its secret marker: the permission was decided on
 * the object the handler acted on (runtime/auth/target.ts).
 */
import crypto from 'node:crypto';
import { createUser } from '../auth/users.ts';
import { isMediaType } from '../../contract/post-types.ts';
import type { App } from '../rest/types.ts';
import type { TestServer } from './harness.ts';
import type { OtherObjectCase } from '../../contract/other-object-case.ts';

export type { OtherObjectCase };


interface PostSet {
  id: number;
  revision: number;
  autosave: number;
}

const dbNow = (app: App) => app.now().toISOString().slice(0, 19).replace('T', ' ');

async function insertPost(app: App, f: { type: string; status: string; author: number; parent: number; slug: string; text: string; mime?: string }): Promise<number> {
  const now = dbNow(app);
  const row = await app.db.insertInto('posts').values({
    author: f.author, type: f.type, status: f.status, slug: f.slug, title: f.text, content: `<p>${f.text}</p>`, excerpt: f.text,
    password: '', parent: f.parent, menu_order: 0, comment_status: 'open', ping_status: 'open', format: 'standard',
    template: '', mime_type: f.mime ?? '', guid: '', date: now, date_gmt: now, modified: now, modified_gmt: now, comment_count: 0,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * A draft item of `type` owned by `owner`, with a revision and an autosave, its text `marker`.
 * A media item hangs under its owner's draft post, so that only who may edit that post reads it.
 */
async function postSet(app: App, type: string, owner: number, marker: string): Promise<PostSet> {
  const slug = `object-${crypto.randomUUID()}`;
  let id: number;
  if (isMediaType(type)) {
    const holder = await insertPost(app, { type: 'post', status: 'draft', author: owner, parent: 0, slug: `${slug}-holder`, text: marker });
    id = await insertPost(app, { type, status: 'inherit', author: owner, parent: holder, slug, text: marker, mime: 'image/png' });
  } else {
    id = await insertPost(app, { type, status: 'draft', author: owner, parent: 0, slug, text: marker });
  }
  const revision = await insertPost(app, { type: 'revision', status: 'inherit', author: owner, parent: id, slug: `${id}-revision-v1`, text: marker });
  const autosave = await insertPost(app, { type: 'revision', status: 'inherit', author: owner, parent: id, slug: `${id}-autosave-v1`, text: marker });
  return { id, revision, autosave };
}

/** The ids the route's captures mean for a set: `parent` the item, `id` the item or its revision/autosave. */
function captureValues(path: string, captures: string[], set: PostSet): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of captures) {
    if (name === 'parent') out[name] = set.id;
    else if (name === 'id') out[name] = /\/revisions\/<id>/.test(path) ? set.revision : /\/autosaves\/<id>/.test(path) ? set.autosave : set.id;
  }
  return out;
}

function fill(path: string, values: Record<string, number>): string {
  return path.replace(/<(\w+)>/g, (_m, name: string) => String(values[name]));
}

/** Everything stored about the other object, to compare before and after. */
async function snapshot(app: App, other: { set?: PostSet; userId?: number }): Promise<string> {
  if (other.set) {
    const ids = [other.set.id, other.set.revision, other.set.autosave];
    const posts = await app.db.selectFrom('posts').selectAll().where((eb) => eb.or([eb('id', 'in', ids), eb('parent', 'in', ids)])).orderBy('id').execute();
    const meta = await app.db.selectFrom('postmeta').select(['post_id', 'meta_key', 'meta_value']).where('post_id', 'in', ids).orderBy('post_id').orderBy('meta_key').execute();
    return JSON.stringify({ posts, meta });
  }
  const users = await app.db.selectFrom('users').selectAll().where('id', '=', other.userId!).execute();
  const meta = await app.db.selectFrom('usermeta').select(['meta_key', 'meta_value']).where('user_id', '=', other.userId!).orderBy('meta_key').execute();
  return JSON.stringify({ users, meta });
}

interface Attempt {
  where: string;
  /** A call on the other object's own path, which must be refused. */
  direct?: boolean;
  method: string;
  path: string;
  query?: Record<string, unknown>;
  json?: Record<string, unknown>;
  form?: Record<string, unknown>;
  batch?: Record<string, unknown>;
}

function attemptsOf(c: OtherObjectCase, ownPath: string, otherPath: string, injected: Record<string, number>): Attempt[] {
  const reads = c.method === 'GET' || c.method === 'DELETE';
  const list: Attempt[] = [
    { where: 'query', method: c.method, path: ownPath, query: { ...(reads ? c.params : {}), ...injected }, ...(reads ? {} : { json: c.params }) },
  ];
  if (!reads) {
    list.push({ where: 'JSON body', method: c.method, path: ownPath, json: { ...c.params, ...injected } });
    list.push({ where: 'form body', method: c.method, path: ownPath, form: { ...c.params, ...injected } });
  } else if (c.method === 'DELETE') {
    list.push({ where: 'JSON body', method: c.method, path: ownPath, query: c.params, json: injected });
  }
  if (c.batch && c.method !== 'GET') list.push({ where: 'batch item', method: 'POST', path: '/batch/v1', batch: { method: c.method, path: ownPath, body: { ...c.params, ...injected } } });
  if (c.kind !== 'me') list.push({ where: "the other's own path", direct: true, method: c.method, path: otherPath, ...(reads ? { query: c.params } : { json: c.params }) });
  return list;
}

function formValue(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

async function send(server: TestServer, role: OtherObjectCase['role'], a: Attempt): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { ...server.authHeaders(role) };
  const qs = a.query ? `?${new URLSearchParams(Object.entries(a.query).map(([k, v]) => [k, formValue(v)])).toString()}` : '';
  const url = `${server.restUrl}${a.path}${qs}`;
  let body: string | undefined;
  if (a.batch) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ requests: [a.batch] });
  } else if (a.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(a.json);
  } else if (a.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(a.form).map(([k, v]) => [k, formValue(v)])).toString();
  }
  const res = await fetch(url, { method: a.method, headers, body, signal: AbortSignal.timeout(120_000) });
  return { status: res.status, text: await res.text() };
}

const REFUSED = new Set([401, 403, 404]);

/**
 * Runs every attempt of one case; returns what went wrong (empty when the other object was never
 * touched nor shown) and how many requests were made.
 */
export async function tryOtherObject(server: TestServer, c: OtherObjectCase): Promise<{ failures: string[]; requests: number }> {
  const app = server.app;
  const failures: string[] = [];
  const me = server.users[c.role].id;
  const marker = `other-object-secret-${crypto.randomUUID()}`;
  let otherSet: PostSet | undefined;
  let otherUser: number | undefined;
  let otherPath = c.path;
  let injected: Record<string, number>;
  if (c.kind === 'post') {
    otherSet = await postSet(app, c.postType!, server.users.administrator.id, marker);
    injected = captureValues(c.path, c.captures, otherSet);
    otherPath = fill(c.path, injected);
  } else {
    otherUser = (await createUser(app.db, { login: `other-${crypto.randomUUID().slice(0, 8)}`, email: `${marker}@example.test`, password: `pw-${marker}`, role: 'editor' })).id;
    injected = { id: otherUser };
    otherPath = fill(c.path, injected);
  }
  const before = await snapshot(app, { set: otherSet, userId: otherUser });
  // Each attempt gets an own object of its own: an allowed delete of one must not change the next.
  const ownPathFor = async (): Promise<string> => {
    if (c.kind === 'post') return fill(c.path, captureValues(c.path, c.captures, await postSet(app, c.postType!, me, `own-${crypto.randomUUID()}`)));
    return c.kind === 'user' ? fill(c.path, { id: me }) : c.path;
  };
  let requests = 0;
  for (const shape of attemptsOf(c, c.path, otherPath, injected)) {
    const attempt = shape.direct ? shape : { ...shape, path: shape.batch ? shape.path : await ownPathFor() };
    if (attempt.batch) attempt.batch = { ...attempt.batch, path: await ownPathFor() };
    const res = await send(server, c.role, attempt);
    requests++;
    const where = `${c.method} ${c.path} as ${c.role}, other's id in ${attempt.where}: ${res.status} ${res.text.slice(0, 160)}`;
    if (res.text.includes(marker)) failures.push(`${where}: the answer shows the other object`);
    if (res.status >= 500) failures.push(`${where}: server error`);
    if (attempt.direct && attempt.method !== 'GET' && !REFUSED.has(res.status)) failures.push(`${where}: not refused`);
    const after = await snapshot(app, { set: otherSet, userId: otherUser });
    if (after !== before) failures.push(`${where}: the other object changed`);
  }
  return { failures, requests };
}
