/**
 * One map says which change reaches which cache (runtime/cache/change-map.ts): the database's
 * triggers are made from it, and this process's write watch reads it. On the engine under test:
 * the triggers in a migrated database are exactly the map's; each write moves exactly the version
 * rows the map lists, and the write watch decides the same; a write of only unshown rows (a
 * form's view count) moves nothing, whatever else shares its table; migration 160 goes down
 * and up; and the map cannot change without a migration that applies it again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { MIGRATIONS, type OpenedDatabase } from '../../runtime/store/open-database.ts';
import { engineOf } from '../../runtime/store/engine.ts';
import type { Database } from '../../runtime/store/schema.ts';
import { openTestDatabase } from '../../runtime/testing/test-database.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';
import { CHANGE_MAP, CACHED_TABLES, type CachedTable } from '../../runtime/cache/change-map.ts';
import { changeMapDigest, versionTriggerStatements } from '../../runtime/cache/version-triggers.ts';
import { cachesReachedBy } from '../../runtime/cache/write-watch-plugin.ts';
import { CHANGE_MAP_DIGEST } from '../../runtime/store/migrations/180_cache_bumps_at_commit.ts';
import { FORM_VIEWS_META } from '../../runtime/forms/view-counter.ts';

let opened: OpenedDatabase;
let db: Kysely<Database>;
beforeEach(async () => {
  opened = await openTestDatabase();
  db = opened.db;
});
afterEach(() => opened.close());

async function versions(): Promise<Record<string, number>> {
  return Object.fromEntries((await db.selectFrom('cache_versions').select(['name', 'version']).execute()).map((r) => [r.name, Number(r.version)]));
}

type Query = { toOperationNode: () => unknown; execute: () => Promise<unknown> };

/**
 * Runs the query `make` builds and answers the version rows it moved, and the caches the write
 * watch says it reaches, judged on the tree as written (a builder's toOperationNode applies the
 * engine's plugins, which the watch runs before).
 */
async function reached(make: (db: Kysely<any>) => Query): Promise<{ moved: string[]; watched: string[] }> {
  const before = await versions();
  const written = make(db.withoutPlugins()).toOperationNode() as Parameters<typeof cachesReachedBy>[0];
  const watched = [...(cachesReachedBy(written) ?? [])].sort();
  await make(db).execute();
  const after = await versions();
  return { moved: CACHED_TABLES.filter((row) => after[row] !== before[row]).sort(), watched };
}

/** The names the map's statements give their triggers and functions. */
function namesIn(statements: string[], kind: 'TRIGGER' | 'FUNCTION'): string[] {
  return statements.flatMap((s) => [...s.matchAll(new RegExp(`^CREATE (?:CONSTRAINT )?${kind} (\\w+)`, 'g'))].map((m) => m[1]!)).sort();
}

describe('the triggers', () => {
  it('in a migrated database are exactly those the map makes', async () => {
    if (engineOf(db) === 'sqlite') {
      const { rows } = await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%cache_version' ORDER BY name`.execute(db);
      expect(rows.map((r) => r.sql).sort()).toEqual(versionTriggerStatements('sqlite').sort());
      return;
    }
    const statements = versionTriggerStatements('postgres');
    const triggers = await sql<{ name: string }>`SELECT DISTINCT t.tgname AS name FROM pg_trigger t WHERE NOT t.tgisinternal AND t.tgname LIKE '%cache_version'`.execute(db);
    expect(triggers.rows.map((r) => r.name).sort()).toEqual(namesIn(statements, 'TRIGGER'));
    const functions = await sql<{ name: string; body: string }>`SELECT proname AS name, prosrc AS body FROM pg_proc WHERE proname LIKE '%cache_version'`.execute(db);
    const bodies = Object.fromEntries(statements.map((s) => /^CREATE FUNCTION (\w+)\(\).*?\$\$(.*)\$\$$/s.exec(s)?.slice(1, 3)).filter((pair) => pair !== undefined));
    expect(Object.fromEntries(functions.rows.map((r) => [r.name, r.body]))).toEqual(bodies);
  });

  it('change only through a migration that applies the map again', () => {
    // Changed the map (or how triggers are made from it)? Existing databases keep the triggers
    // of the last migration that applied it: add one that calls applyChangeMap again and records
    // the new digest, and compare with that one here.
    expect(changeMapDigest()).toBe(CHANGE_MAP_DIGEST);
  });
});

/** A row of each table that moves version rows, and a change of one of its columns. */
const SAMPLES: Partial<Record<keyof Database, { row: Record<string, unknown>; key: [string, unknown]; set: Record<string, unknown> }>> = {
  options: { row: { name: 'map_test', value: '1' }, key: ['name', 'map_test'], set: { value: '2' } },
  posts: { row: { ...BLANK_POST, slug: 'map-test', title: 'Map test' }, key: ['slug', 'map-test'], set: { title: 'Changed' } },
  term_relationships: { row: { post_id: 990_001, term_id: 990_002 }, key: ['post_id', 990_001], set: { term_id: 990_003 } },
  postmeta: { row: { post_id: 990_001, meta_key: 'map_test', meta_value: '1' }, key: ['meta_key', 'map_test'], set: { meta_value: '2' } },
  terms: { row: { taxonomy: 'category', name: 'Map test', slug: 'map-test' }, key: ['slug', 'map-test'], set: { name: 'Changed' } },
  users: { row: { login: 'maptest', email: 'map@example.com', password_hash: 'x', display_name: 'Map', nicename: 'map', roles: '[]', registered: '2024-01-01 00:00:00' }, key: ['login', 'maptest'], set: { display_name: 'Changed' } },
  usermeta: { row: { user_id: 990_001, meta_key: 'map_test', meta_value: '1' }, key: ['meta_key', 'map_test'], set: { meta_value: '2' } },
};

describe('a write', () => {
  it('moves exactly the rows the map lists for its table, and the write watch drops the same caches', async () => {
    for (const [table, reach] of Object.entries(CHANGE_MAP)) {
      if (!reach.moves.length) continue;
      const sample = SAMPLES[table as keyof Database];
      expect(sample, `a sample row of ${table}, which the map says moves rows`).toBeDefined();
      const expected = [...reach.moves].sort();
      const [column, value] = sample!.key;
      const writes = [(d: Kysely<any>) => d.insertInto(table).values(sample!.row), (d: Kysely<any>) => d.updateTable(table).set(sample!.set).where(column, '=', value), (d: Kysely<any>) => d.deleteFrom(table).where(column, '=', value)];
      for (const make of writes) expect(await reached(make), `${table}: ${make(db).compile().sql}`).toEqual({ moved: expected, watched: expected });
    }
  });

  it('of only unshown rows (a form view count) moves nothing, even beside shown rows of its table', async () => {
    const views = FORM_VIEWS_META;
    const none = { moved: [], watched: [] };
    const answers = { moved: ['answers'], watched: ['answers'] };
    await db.insertInto('postmeta').values({ post_id: 7, meta_key: 'shown_here', meta_value: '1' }).execute();
    // What form-store.ts incrementViews runs.
    expect(await reached((d) => d.insertInto('postmeta').values({ post_id: 7, meta_key: views, meta_value: '1' }))).toEqual(none);
    expect(await reached((d) => d.deleteFrom('postmeta').where('post_id', '=', 7).where('meta_key', '=', views))).toEqual(none);
    expect(await reached((d) => d.insertInto('postmeta').values({ post_id: 7, meta_key: views, meta_value: '2' }))).toEqual(none);
    expect(await reached((d) => d.updateTable('postmeta').set({ meta_value: '3' }).where('meta_key', 'in', [views]))).toEqual(none);
    expect(await reached((d) => d.updateTable('postmeta as pm').set({ meta_value: '4' }).where('pm.post_id', '=', 7).where('pm.meta_key', '=', views))).toEqual(none);

    // One shown row among them, or a condition that lets one in: the caches go.
    expect(await reached((d) => d.insertInto('postmeta').values([{ post_id: 7, meta_key: views, meta_value: '1' }, { post_id: 7, meta_key: 'shown_too', meta_value: '1' }]))).toEqual(answers);
    expect(await reached((d) => d.updateTable('postmeta').set({ meta_value: '5' }).where('meta_key', 'in', [views, 'shown_here']))).toEqual(answers);
    expect(await reached((d) => d.updateTable('postmeta').set({ meta_key: 'now_shown' }).where('meta_key', '=', views))).toEqual(answers);
    expect(await reached((d) => d.updateTable('postmeta').set({ meta_key: views }).where('meta_key', '=', 'now_shown'))).toEqual(answers);
    expect(await reached((d) => d.deleteFrom('postmeta').where('post_id', '=', 7).where('meta_key', '!=', views))).toEqual(answers);
  });

  it('the write watch may drop for nothing, never keep what the database dropped', async () => {
    await db.insertInto('postmeta').values({ post_id: 8, meta_key: FORM_VIEWS_META, meta_value: '1' }).execute();
    // Only unshown rows are deleted, but nothing in the statement says so: the watch drops.
    const result = await reached((d) => d.deleteFrom('postmeta').where('post_id', '=', 8));
    expect(result).toEqual({ moved: [], watched: ['answers'] });
  });
});

describe('migration 160', () => {
  const all: MigrationProvider = { getMigrations: async () => MIGRATIONS };

  it('goes down to the triggers of 070, 073 and 100, and up again', async () => {
    const migrator = new Migrator({ db, provider: all });
    const below160 = () => migrator.migrateTo('150_slug_counters_dense');
    const viewCount = (views: string) => db.insertInto('postmeta').values({ post_id: 9, meta_key: FORM_VIEWS_META, meta_value: views });
    const moved = async (query: { execute: () => Promise<unknown> }) => {
      const before = await versions();
      await query.execute();
      const after = await versions();
      return CACHED_TABLES.filter((row: CachedTable) => after[row] !== before[row]);
    };
    expect((await below160()).error).toBeUndefined();
    expect(await moved(viewCount('1'))).toEqual(['answers']);
    expect(await moved(db.insertInto('term_relationships').values({ post_id: 9, term_id: 9 }))).toEqual(['posts', 'answers']);
    expect(await moved(db.insertInto('options').values({ name: 'down_test', value: '1' }))).toEqual(['options', 'answers']);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await moved(viewCount('2'))).toEqual([]);
    expect(await moved(db.insertInto('postmeta').values({ post_id: 9, meta_key: 'shown', meta_value: '1' }))).toEqual(['answers']);

    // Down puts the triggers back under their old names: 100's own down finds and drops them.
    expect((await below160()).error).toBeUndefined();
    const answersRow = MIGRATIONS['100_answers_cache_version']!;
    await answersRow.down!(db);
    expect(Object.keys(await versions()).sort()).toEqual(['options', 'posts']);
    expect(await moved(db.insertInto('postmeta').values({ post_id: 9, meta_key: 'shown', meta_value: '2' }))).toEqual([]);
    await answersRow.up(db);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await moved(viewCount('3'))).toEqual([]);
    expect(await moved(db.insertInto('postmeta').values({ post_id: 9, meta_key: 'shown', meta_value: '3' }))).toEqual(['answers']);
  });
});

describe('unshown values', () => {
  it('are shown by no route of any deployment', () => {
    const deployments = path.resolve(import.meta.dirname, '../../output/deployments');
    for (const name of fs.readdirSync(deployments)) {
      const openapi = fs.readFileSync(path.join(deployments, name, 'openapi.json'), 'utf8');
      for (const reach of Object.values(CHANGE_MAP)) for (const value of reach.unshown?.values ?? []) expect(openapi.includes(value), `${value} in ${name}`).toBe(false);
    }
  });
});
