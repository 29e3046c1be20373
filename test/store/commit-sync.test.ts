/**
 * Group commit for SQLite (runtime/store/sqlite/commit-sync.ts): every commit on a file database
 * is noted, `durable()` syncs the write-ahead log once for all the commits noted so far (on the
 * thread pool, not in COMMIT), a failed sync stays failed, and closing the database syncs first.
 * Over HTTP: a request that committed is answered only once its commit is synced, a read only
 * waits while an earlier commit's sync runs, and a failed sync is answered with an error in the
 * interface's shape.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../runtime/store/sqlite/open.ts';
import { openDatabase } from '../../runtime/store/open-database.ts';
import { attachCommitSync, CommitSync, commitSyncOf, type SyncFile } from '../../runtime/store/sqlite/commit-sync.ts';
import { startTestServer } from '../../runtime/testing/harness.ts';
import { patient, PATIENCE_MS } from '../support/patience.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-commit-sync-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fileDb = () => openSqlite(path.join(dir, `db-${++files}.sqlite`)) as unknown as Kysely<any>;

/** An empty stand-in for a database's log file, for a CommitSync of its own. */
function logFile(name: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, '');
  return file;
}

/**
 * A sync the test finishes by hand, and tells the test when it is asked for. Each call waits until
 * released; `next()` resolves, with its release, at the first call not taken yet, whenever the
 * code under test makes it: the test waits for the code to ask, not for time to pass. After
 * `releaseAll()` every held call and every later one finishes at once (still counted), so that a
 * failed assertion never leaves a server waiting on a sync.
 */
function heldSync() {
  const untaken: Array<() => void> = [];
  const takers: Array<(release: () => void) => void> = [];
  const held = new Set<() => void>();
  let count = 0;
  let open = false;
  const sync: SyncFile = () =>
    new Promise<void>((resolve) => {
      count++;
      if (open) return resolve();
      const release = () => {
        held.delete(release);
        resolve();
      };
      held.add(release);
      const taker = takers.shift();
      if (taker) taker(release);
      else untaken.push(release);
    });
  return {
    sync,
    /** How many syncs were asked for so far. */
    count: () => count,
    next: () =>
      new Promise<() => void>((resolve) => {
        const call = untaken.shift();
        if (call) resolve(call);
        else takers.push(resolve);
      }),
    releaseAll: () => {
      open = true;
      for (const release of [...held]) release();
    },
  };
}

/** Which of the named promises settles first: an order of events, read without a clock. */
function firstOf(races: Record<string, Promise<unknown>>): Promise<string> {
  return Promise.race(Object.entries(races).map(([name, promise]) => promise.then(() => name, () => name)));
}

describe('commits noted on a file database', () => {
  it('counts each commit once: autocommit writes, a transaction, a write with RETURNING; not reads or rollbacks', async () => {
    const db = fileDb();
    const commits = commitSyncOf(db)!;
    expect(commits).toBeDefined();
    await sql`create table t (id integer primary key, v text)`.execute(db);
    const start = commits.noted;
    await db.insertInto('t').values({ v: 'a' }).execute();
    expect(commits.noted).toBe(start + 1);
    await db.transaction().execute(async (trx) => {
      for (const v of ['b', 'c', 'd']) await trx.insertInto('t').values({ v }).execute();
      expect(commits.noted).toBe(start + 1); // not before COMMIT
    });
    expect(commits.noted).toBe(start + 2);
    await db.insertInto('t').values({ v: 'e' }).returning('id').execute();
    expect(commits.noted).toBe(start + 3);
    // A transaction that only read commits nothing that needs a sync.
    await db.selectFrom('t').selectAll().execute();
    await db.transaction().execute(async (trx) => trx.selectFrom('t').selectAll().execute());
    expect(commits.noted).toBe(start + 3);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ v: 'gone' }).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(commits.noted).toBe(start + 3);

    await commits.durable();
    expect(commits.synced).toBe(commits.noted);
    await db.destroy();
    await commits.close();
  });

  it('has nothing to sync in memory: SQLite there is not durable anyway, and keeps synchronous=FULL', async () => {
    const db = openSqlite(':memory:');
    expect(commitSyncOf(db)).toBeUndefined();
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows[0]!.synchronous).toBe(2);
    await db.destroy();
  });
});

describe('durable()', () => {
  it('syncs once for every commit noted before it, however many wait', async () => {
    const syncs = heldSync();
    const commits = new CommitSync(logFile('group-wal'), syncs.sync);
    commits.note();
    commits.note();
    let done = 0;
    const waiting = [commits.durable(), commits.durable(), commits.durable()].map((p) => p.then(() => done++));
    try {
      const folder = await syncs.next(); // the folder the log is in (first sync only)
      expect(syncs.count()).toBe(1);
      folder();
      await syncs.next(); // then the log itself, held: nobody is answered before it is done
      expect(syncs.count()).toBe(2);
      expect(done).toBe(0);
      syncs.releaseAll(); // the log's sync finishes, and any further one would at once (and be counted)
      await Promise.all(waiting);
      expect(done).toBe(3);
      expect(commits.synced).toBe(2);
      expect(syncs.count()).toBe(2); // one sync of the log for the three of them
      // Nothing new: no sync at all.
      await commits.durable();
      expect(syncs.count()).toBe(2);
    } finally {
      syncs.releaseAll();
      await Promise.allSettled(waiting);
      await commits.close();
    }
  });

  it('does not count a commit noted while a sync runs as covered by it: the next sync is', async () => {
    const syncs = heldSync();
    const commits = new CommitSync(logFile('late-wal'), syncs.sync);
    commits.note();
    const first = commits.durable();
    let second: Promise<unknown> | undefined;
    try {
      (await syncs.next())(); // the folder
      const firstLog = await syncs.next(); // the log's first sync is running
      commits.note(); // lands while it runs
      let secondDone = false;
      second = commits.durable().then(() => (secondDone = true));
      firstLog();
      await first;
      expect(commits.synced).toBe(1);
      // The commit noted during the first sync asks for a sync of its own, and its waiter waits for it.
      const secondLog = syncs.next();
      expect(await firstOf({ 'a second sync': secondLog, 'the waiter answered': second })).toBe('a second sync');
      expect(secondDone).toBe(false);
      (await secondLog)();
      await second;
      expect(commits.synced).toBe(2);
      expect(syncs.count()).toBe(3);
    } finally {
      syncs.releaseAll();
      await Promise.allSettled([first, second]);
      await commits.close();
    }
  });

  it('counts other connections\' commits once per change of data_version, and only when asked', async () => {
    let version = 7;
    const commits = new CommitSync(logFile('others-wal'), async () => {}, () => version);
    commits.noteOthers();
    expect(commits.noted).toBe(0); // the version it was made with is not a commit
    version = 9;
    expect(commits.noted).toBe(0);
    commits.noteOthers();
    commits.noteOthers();
    expect(commits.noted).toBe(1);
    await commits.durable();
    expect(commits.synced).toBe(1);
    // Without a way to read data_version, nothing is counted.
    const alone = new CommitSync(path.join(dir, 'others-wal'), async () => {});
    alone.noteOthers();
    expect(alone.noted).toBe(0);
    await commits.close();
  });

  it('stays failed once a sync failed, even if a later one would succeed', async () => {
    let fail = true;
    const commits = new CommitSync(logFile('failing-wal'), async () => {
      if (fail) throw new Error('EIO: i/o error');
    });
    commits.note();
    await expect(commits.durable()).rejects.toThrow(/syncing the database log .* failed: EIO/);
    fail = false;
    commits.note();
    await expect(commits.durable()).rejects.toThrow(/EIO/);
    expect(commits.synced).toBe(0);
    await commits.close();
  });
});

describe('closing the database', () => {
  it('syncs what was committed before it reports closed', async () => {
    const opened = await openDatabase(path.join(dir, 'close.sqlite'));
    const commits = commitSyncOf(opened.db)!;
    await opened.db.insertInto('options').values({ name: 'close_test', value: '"x"' }).execute();
    expect(commits.synced).toBeLessThan(commits.noted);
    await opened.close();
    expect(commits.synced).toBe(commits.noted);
  });
});

// SQLite on a file whichever engine the suite runs on: PostgreSQL's commits are durable by themselves.
const sqliteSite = (name: string) => startTestServer({ deployment: 'studio', config: { database: path.join(dir, `${name}.sqlite`) } });

// Each test starts a whole site (the first one in the process loads the deployment too).
describe('answers over HTTP', { timeout: 2 * PATIENCE_MS }, () => {
  it('answers a write once its commit is synced, and a read without syncing', async () => {
    const server = await sqliteSite('http-durable');
    try {
      const commits = commitSyncOf(server.app.db)!;
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ title: `Synced ${i}`, status: 'publish' }), signal: patient() });
        expect(res.status).toBe(201);
        // Checked when the answer arrives: nothing else writes on this server meanwhile.
        expect(commits.synced).toBe(commits.noted);
      }
      const before = { noted: commits.noted, synced: commits.synced };
      const list = await fetch(`${server.restUrl}/core/v2/posts?search=Synced`, { signal: patient() });
      expect(((await list.json()) as unknown[]).length).toBe(3);
      expect({ noted: commits.noted, synced: commits.synced }).toEqual(before);
    } finally {
      await server.close();
    }
  });

  it('answers a read that began while a commit was not yet synced only once it is', async () => {
    const server = await sqliteSite('http-read-waits');
    const original = commitSyncOf(server.app.db)!;
    const syncs = heldSync();
    const held = new CommitSync(path.join(dir, 'http-read-waits.sqlite-wal'), syncs.sync);
    let read: Promise<Response> | undefined;
    try {
      await original.durable();
      attachCommitSync(server.app.db, held);
      // Another connection's write would be the same: committed, on no disk yet.
      await server.app.db.insertInto('options').values({ name: 'read_waits', value: '"x"' }).execute();
      expect(held.synced).toBeLessThan(held.noted);
      read = fetch(`${server.restUrl}/core/v2/posts?per_page=1`, { signal: patient() });
      // The read asks for the sync and is not answered while it is held: first the log's folder...
      const folder = syncs.next();
      expect(await firstOf({ 'a sync': folder, 'an answer': read })).toBe('a sync');
      (await folder)();
      // ...then the log itself.
      const log = syncs.next();
      expect(await firstOf({ 'a sync': log, 'an answer': read })).toBe('a sync');
      syncs.releaseAll();
      expect((await read).status).toBe(200);
      expect(held.synced).toBe(held.noted);
      // Nothing pending: the next read asks for no sync.
      expect((await fetch(`${server.restUrl}/core/v2/posts?per_page=1`, { signal: patient() })).status).toBe(200);
      expect(syncs.count()).toBe(2);
    } finally {
      // Nothing left held, the read settled, the site's own CommitSync back (it closes with the database).
      syncs.releaseAll();
      await read?.catch(() => undefined);
      attachCommitSync(server.app.db, original);
      await held.close();
      await server.close();
    }
  });

  it('counts another connection\'s commit that a read may show, and syncs the log before answering', async () => {
    const server = await sqliteSite('http-others');
    const other = openSqlite(path.join(dir, 'http-others.sqlite'));
    try {
      const commits = commitSyncOf(server.app.db)!;
      await commits.durable();
      const before = commits.noted;
      // Nothing committed anywhere: a read counts nothing and syncs nothing.
      expect((await fetch(`${server.restUrl}/core/v2/posts?per_page=1`, { signal: patient() })).status).toBe(200);
      expect(commits.noted).toBe(before);
      // Another connection (another worker process would be the same) commits and syncs nothing
      // here: the next read counts that commit, and is answered only once this side synced the log.
      await other.insertInto('options').values({ name: 'other_connection', value: '"x"' }).execute();
      expect(commits.noted).toBe(before);
      expect((await fetch(`${server.restUrl}/core/v2/posts?per_page=1`, { signal: patient() })).status).toBe(200);
      expect(commits.noted).toBe(before + 1);
      expect(commits.synced).toBe(commits.noted);
    } finally {
      await other.destroy();
      await server.close();
    }
  });

  it('answers rest_write_not_durable (500) when the sync fails, and no later write is answered as saved', async () => {
    const server = await sqliteSite('http-failing');
    const original = commitSyncOf(server.app.db)!;
    // The log's sync fails from now on (a disk error); the server reads the database's CommitSync per request.
    const failing = new CommitSync(path.join(dir, 'http-failing.sqlite-wal'), async () => {
      throw new Error('EIO: i/o error');
    });
    try {
      await original.durable();
      attachCommitSync(server.app.db, failing);
      const create = () => fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ title: 'Not confirmed', status: 'publish' }), signal: patient() });
      for (let i = 0; i < 2; i++) {
        const res = await create();
        expect(res.status).toBe(500);
        expect(await res.json()).toEqual({ code: 'rest_write_not_durable', message: expect.stringContaining('could not be confirmed on disk'), data: { status: 500 } });
      }
      // Reads that commit nothing are still answered.
      expect((await fetch(`${server.restUrl}/core/v2/posts?per_page=1`, { signal: patient() })).status).toBe(200);
    } finally {
      attachCommitSync(server.app.db, original);
      await failing.close();
      await server.close();
    }
  });
});
