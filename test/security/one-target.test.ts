/**
 * The object a permission rule judges is the object the handler acts on (runtime/auth/target.ts).
 * Before, `POST /users/me?id=1` judged the caller's own account and then changed account 1: a
 * subscriber set the administrator's password and read their edit view. Every place a param can
 * come from is tried here: query, JSON body, form body and a batch item.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestRole, type TestServer } from '../../runtime/testing/harness.ts';
import { verifyPassword } from '../../runtime/auth/users.ts';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ deployment: 'studio' });
}, 60_000);
afterAll(() => s?.close());

type Body = { json?: unknown; form?: Record<string, string> };

async function call(role: TestRole, method: string, route: string, body: Body = {}): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { ...s.authHeaders(role) };
  let payload: string | undefined;
  if (body.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body.form).toString();
  }
  const res = await fetch(`${s.restUrl}${route}`, { method, headers, body: payload, signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: await res.json() };
}

async function passwordHashOf(id: number): Promise<string> {
  return (await s.app.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;
}

describe('/users/me acts on the caller only', () => {
  const attempts: Array<[string, string, Body]> = [
    ['query id', `/wp/v2/users/me?id=ADMIN`, { json: { password: 'taken-over-1' } }],
    ['JSON body id', '/wp/v2/users/me', { json: { id: 'ADMIN', password: 'taken-over-2' } }],
    ['form body id', '/wp/v2/users/me', { form: { id: 'ADMIN', password: 'taken-over-3' } }],
  ];

  for (const [where, route, body] of attempts) {
    it(`a subscriber's ${where} naming the administrator changes only the subscriber`, async () => {
      const admin = s.users.administrator.id;
      const before = await passwordHashOf(admin);
      const resolved = JSON.parse(JSON.stringify(body).replaceAll('"ADMIN"', String(admin)));
      const res = await call('subscriber', 'POST', route.replace('ADMIN', String(admin)), resolved);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(s.users.subscriber.id);
      expect(res.body.email).not.toBe((await s.app.db.selectFrom('users').select('email').where('id', '=', admin).executeTakeFirstOrThrow()).email);
      expect(await passwordHashOf(admin)).toBe(before);
      const sent = (resolved.json ?? resolved.form).password as string;
      expect(await verifyPassword(await passwordHashOf(s.users.subscriber.id), sent)).toBe(true);
    });
  }

  it("a batch item's body id cannot point an account route elsewhere", async () => {
    const admin = s.users.administrator.id;
    const before = await passwordHashOf(admin);
    const res = await call('subscriber', 'POST', '/batch/v1', {
      json: {
        requests: [
          // Not batchable, as in WordPress: refused whatever it carries.
          { method: 'POST', path: '/wp/v2/users/me', body: { id: admin, password: 'batch-take-over-1' } },
          { method: 'POST', path: `/wp/v2/users/${s.users.subscriber.id}`, body: { id: admin, password: 'batch-take-over-2' } },
        ],
      },
    });
    expect(res.status).toBe(207);
    expect(res.body.responses[0].status).toBe(400);
    expect(res.body.responses[1].body.id).toBe(s.users.subscriber.id);
    expect(await passwordHashOf(admin)).toBe(before);
  });

  it("GET /users/me?id=ADMIN&context=edit answers the caller's own edit view", async () => {
    const res = await call('subscriber', 'GET', `/wp/v2/users/me?id=${s.users.administrator.id}&context=edit`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(s.users.subscriber.id);
    expect(res.body.roles).toEqual(['subscriber']);
  });

  it('DELETE /users/me?id=ADMIN is judged on the caller (no delete_users) and deletes nobody', async () => {
    const res = await call('subscriber', 'DELETE', `/wp/v2/users/me?id=${s.users.administrator.id}&force=true&reassign=false`);
    expect(res.status).toBe(403);
    const left = await s.app.db.selectFrom('users').select('id').where('id', 'in', [s.users.administrator.id, s.users.subscriber.id]).execute();
    expect(left).toHaveLength(2);
  });
});

describe('/users/<id> acts on the captured id', () => {
  it("a body id does not move an edit of one's own account onto another's", async () => {
    const admin = s.users.administrator.id;
    const before = await passwordHashOf(admin);
    const res = await call('author', 'POST', `/wp/v2/users/${s.users.author.id}`, { json: { id: admin, password: 'author-take-over' } });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(s.users.author.id);
    expect(await passwordHashOf(admin)).toBe(before);
  });
});

describe('posts act on the captured id', () => {
  it("an author's edit of their own post with another's id in the query, JSON or form body leaves the other post alone", async () => {
    const theirs = await call('editor', 'POST', '/wp/v2/posts', { json: { title: 'Editor only', status: 'publish' } });
    const mine = await call('author', 'POST', '/wp/v2/posts', { json: { title: 'Mine', status: 'draft' } });
    expect([theirs.status, mine.status]).toEqual([201, 201]);
    const tries: Body[] = [
      { json: { id: theirs.body.id, title: 'Hijacked by JSON' } },
      { form: { id: String(theirs.body.id), title: 'Hijacked by form' } },
    ];
    for (const body of tries) {
      const res = await call('author', 'POST', `/wp/v2/posts/${mine.body.id}`, body);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(mine.body.id);
    }
    const viaQuery = await call('author', 'POST', `/wp/v2/posts/${mine.body.id}?id=${theirs.body.id}`, { json: { title: 'Hijacked by query' } });
    expect(viaQuery.body.id).toBe(mine.body.id);
    const batch = await call('author', 'POST', '/batch/v1', {
      json: { requests: [{ method: 'PUT', path: `/wp/v2/posts/${mine.body.id}`, body: { id: theirs.body.id, title: 'Hijacked by batch' } }] },
    });
    expect(batch.body.responses[0].body.id).toBe(mine.body.id);
    const other = await s.app.db.selectFrom('posts').select('title').where('id', '=', theirs.body.id).executeTakeFirstOrThrow();
    expect(other.title).toBe('Editor only');
  });

  it("a revision delete judges and deletes under the captured parent only", async () => {
    const theirs = await call('editor', 'POST', '/wp/v2/posts', { json: { title: 'Editor v1', status: 'publish' } });
    await call('editor', 'POST', `/wp/v2/posts/${theirs.body.id}`, { json: { title: 'Editor v2' } });
    const revisions = await call('editor', 'GET', `/wp/v2/posts/${theirs.body.id}/revisions`);
    const revision = revisions.body[0].id as number;
    const mine = await call('author', 'POST', '/wp/v2/posts', { json: { title: 'Author v1', status: 'draft' } });
    const res = await call('author', 'DELETE', `/wp/v2/posts/${mine.body.id}/revisions/${revision}?force=true&parent=${theirs.body.id}`);
    expect(res.status).toBe(404);
    const still = await s.app.db.selectFrom('posts').select('id').where('id', '=', revision).executeTakeFirst();
    expect(still?.id).toBe(revision);
  });
});
