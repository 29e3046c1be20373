/**
 * PostgreSQL's cache versions are sums of counters, one per group of connections
 * (runtime/store/postgres/cache-version-shards.ts, migration 200): two writers bumping the same
 * version at once lock different rows, so the second commits while the first still holds its
 * bump; each bump still moves the sum in its own transaction, as the change signal needs; the
 * view takes the writes the table took. Always on PostgreSQL: it runs in the
 * PostgreSQL pass (test/support/engine-scope.ts); run alone without one, it starts a cluster of its own.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../runtime/store/open-database.ts';
import { scratchPostgresDatabase, type ScratchPostgresDatabase } from '../support/scratch-postgres-database.ts';
import { SHARDS } from '../../runtime/store/postgres/cache-version-shards.ts';

let scratch: ScratchPostgresDatabase | undefined;
let databaseUrl: string;
const clients: pg.Client[] = [];

beforeAll(async () => {
  scratch = await scratchPostgresDatabase('shards', { maxConnections: 30 });
  databaseUrl = scratch.url;
  // Migrated as a server would migrate it.
  const { close } = await openDatabase(databaseUrl);
  await close();
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end()));
  await scratch?.drop();
});

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  clients.push(c);
  return c;
}

async function shardOf(c: pg.Client): Promise<number> {
  return (await c.query(`SELECT pg_backend_pid() % ${SHARDS} AS shard`)).rows[0].shard;
}

/** Two connections whose bumps go to different counters. */
async function twoWriters(): Promise<[pg.Client, pg.Client]> {
  const first = await client();
  const taken = await shardOf(first);
  for (;;) {
    const second = await client();
    if ((await shardOf(second)) !== taken) return [first, second];
  }
}

async function version(c: pg.Client, name: string): Promise<number | undefined> {
  const { rows } = await c.query('SELECT version FROM cache_versions WHERE name = $1', [name]);
  return rows[0] === undefined ? undefined : Number(rows[0].version);
}

describe('cache versions as sums of counters (PostgreSQL)', () => {
  it('a second writer bumps and commits a version while the first holds its bump of it; the sum counts both, each at its commit', async () => {
    const [first, second] = await twoWriters();
    const reader = await client();
    const before = (await version(reader, 'posts'))!;
    expect(before).toBeGreaterThanOrEqual(0);

    await first.query('BEGIN');
    await first.query("UPDATE cache_versions SET version = version + 1 WHERE name = 'posts'");
    // Any wait for the first writer's row would end this statement with an error: it must not wait.
    await second.query("SET lock_timeout = '1s'");
    await second.query('BEGIN');
    await second.query("UPDATE cache_versions SET version = version + 1 WHERE name = 'posts'");
    await second.query('COMMIT');
    expect(await version(reader, 'posts')).toBe(before + 1);
    await first.query('COMMIT');
    expect(await version(reader, 'posts')).toBe(before + 2);
  });

  it('a write to a watched table moves its version at commit, not before', async () => {
    const [writer] = await twoWriters();
    const reader = await client();
    const before = (await version(reader, 'options'))!;
    await writer.query('BEGIN');
    await writer.query("INSERT INTO options (name, value) VALUES ('shards_test', '1')");
    expect(await version(reader, 'options')).toBe(before);
    await writer.query('COMMIT');
    expect(await version(reader, 'options')).toBeGreaterThan(before);
  });

  it('takes the writes the table took: a version set, a name added, a name removed', async () => {
    const c = await client();
    await c.query("UPDATE cache_versions SET version = 7 WHERE name = 'answers'");
    expect(await version(c, 'answers')).toBe(7);
    await c.query("INSERT INTO cache_versions (name, version) VALUES ('shards_test', 3)");
    expect(await version(c, 'shards_test')).toBe(3);
    await c.query("UPDATE cache_versions SET version = version + 1 WHERE name = 'shards_test'");
    expect(await version(c, 'shards_test')).toBe(4);
    await c.query("DELETE FROM cache_versions WHERE name = 'shards_test'");
    expect(await version(c, 'shards_test')).toBeUndefined();
    expect((await c.query("SELECT count(*)::int AS n FROM cache_version_shards WHERE name = 'shards_test'")).rows[0].n).toBe(0);
  });
});
