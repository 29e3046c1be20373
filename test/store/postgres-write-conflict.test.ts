/**
 * A write PostgreSQL keeps ending for a conflict with other writers is run again a few times
 * (runtime/store/postgres/conflict-retry.ts), then answered 503 `rest_write_conflict` in
 * WordPress's error shape, with nothing of it stored. Conflicts are made on purpose, in a real
 * `specpress serve` process: a trigger the test installs on `posts` raises a serialization failure
 * (SQLSTATE 40001, what PostgreSQL raises when two writers meet) for the titles it is told to, and
 * counts each attempt in a sequence (a sequence is not rolled back with the attempt, so it counts
 * attempts that left nothing else behind). Every conflict is a warning line in the server's log.
 * Always on PostgreSQL: it runs in the
 * PostgreSQL pass (test/support/engine-scope.ts); run alone without one, it starts a cluster of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServe, type ServeProcess } from '../../runtime/testing/serve-process.ts';
import { scratchPostgresDatabase, type ScratchPostgresDatabase } from '../support/scratch-postgres-database.ts';
import { CONFLICT_ATTEMPTS } from '../../runtime/store/postgres/conflict-retry.ts';
import { patient } from '../support/patience.ts';

let scratch: ScratchPostgresDatabase | undefined;
let databaseUrl: string;
let root: string;
let server: ServeProcess;
let auth: string;
let writer: pg.Client;

/**
 * Titles the trigger refuses: `Always refused` on every attempt; `Refused twice` on its first
 * two attempts only (the third succeeds). Each attempt moves its title's sequence.
 */
const INJECT = [
  'CREATE SEQUENCE always_attempts',
  'CREATE SEQUENCE twice_attempts',
  `CREATE FUNCTION inject_conflict() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NEW.type = 'post' AND NEW.title = 'Always refused' THEN
       PERFORM nextval('always_attempts');
       RAISE EXCEPTION 'conflict injected by the test' USING ERRCODE = '40001';
     END IF;
     IF NEW.type = 'post' AND NEW.title = 'Refused twice' AND nextval('twice_attempts') <= 2 THEN
       RAISE EXCEPTION 'conflict injected by the test' USING ERRCODE = '40001';
     END IF;
     RETURN NEW;
   END $$`,
  'CREATE TRIGGER inject_conflict BEFORE INSERT ON posts FOR EACH ROW EXECUTE FUNCTION inject_conflict()',
];

beforeAll(async () => {
  scratch = await scratchPostgresDatabase('conflict', { maxConnections: 30 });
  databaseUrl = scratch.url;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-conflict-'));
  server = await spawnServe({ dataDir: path.join(root, 'data'), database: databaseUrl, deployment: 'studio', env: { SPECPRESS_PG_POOL_SIZE: '4' } });
  const appPassword = /application password: (.+)\n/.exec(server.output())?.[1]?.trim();
  expect(appPassword).toBeTruthy();
  auth = `Basic ${Buffer.from(`admin:${appPassword}`).toString('base64')}`;
  writer = new pg.Client({ connectionString: databaseUrl });
  await writer.connect();
  for (const statement of INJECT) await writer.query(statement);
}, 400_000);

afterAll(async () => {
  await writer?.end();
  await server?.stop();
  await scratch?.drop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

async function createPost(title: string): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${server.restUrl}/core/v2/posts`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ title, status: 'publish', content: '<p>Body</p>' }),
    signal: patient(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** What a refused create must leave as it was: the posts, the default category's count, the cache versions. */
async function snapshot(): Promise<unknown> {
  const { rows: [posts] } = await writer.query('SELECT count(*)::int AS n, coalesce(max(id), 0)::int AS last FROM posts');
  const { rows: terms } = await writer.query('SELECT id, count FROM terms ORDER BY id');
  const { rows: versions } = await writer.query('SELECT name, version FROM cache_versions ORDER BY name');
  return { posts, terms, versions };
}

/** Lines of the server's log about write conflicts since `from` (an offset in its output). */
const conflictLines = (from: number) => server.output().slice(from).split('\n').filter((line) => line.includes('write conflict'));

describe('write conflicts on PostgreSQL', () => {
  it(`a create that conflicts on every attempt is tried ${CONFLICT_ATTEMPTS} times, answered 503 rest_write_conflict, and stores nothing`, async () => {
    // A first create makes the default category and the site's first rows: the snapshot starts after it.
    expect((await createPost('Before the refused one')).status).toBe(201);
    const before = await snapshot();
    const logFrom = server.output().length;

    const refused = await createPost('Always refused');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 'rest_write_conflict', message: expect.any(String), data: { status: 503 } });
    expect(refused.body.message.length).toBeGreaterThan(0);
    const { rows: [attempts] } = await writer.query('SELECT last_value::int AS n, is_called FROM always_attempts');
    expect(attempts).toEqual({ n: CONFLICT_ATTEMPTS, is_called: true });

    expect(await snapshot()).toEqual(before);
    const { rows: stored } = await writer.query("SELECT id FROM posts WHERE title = 'Always refused'");
    expect(stored).toEqual([]);
    // Each conflict is logged: every attempt but the last runs again, the last gives up.
    const lines = conflictLines(logFrom);
    expect(lines.filter((line) => line.includes('runs again'))).toHaveLength(CONFLICT_ATTEMPTS - 1);
    expect(lines.filter((line) => line.includes('attempts exhausted'))).toHaveLength(1);
  }, 120_000);

  it('a create that conflicts twice is run a third time and answered 201, stored once', async () => {
    const logFrom = server.output().length;
    const created = await createPost('Refused twice');
    expect(created.status).toBe(201);
    expect(created.body.title.raw ?? created.body.title.rendered).toBe('Refused twice');
    const { rows: [attempts] } = await writer.query('SELECT last_value::int AS n FROM twice_attempts');
    expect(attempts.n).toBe(3);
    const { rows: stored } = await writer.query("SELECT id::int AS id, slug FROM posts WHERE title = 'Refused twice' AND type = 'post'");
    expect(stored).toEqual([{ id: created.body.id, slug: 'refused-twice' }]);
    expect(conflictLines(logFrom).filter((line) => line.includes('runs again'))).toHaveLength(2);
  }, 120_000);
});
