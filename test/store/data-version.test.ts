/**
 * `PRAGMA data_version` read as rarely as correctness allows (runtime/store/sqlite/data-version.ts):
 * the commit probe reads it afresh at each request; CommitSync.noteOthers reuses the last reading
 * while no statement has run on the connection since, so a read answered from the process's
 * caches asks SQLite once, not twice. Over HTTP: another connection's commit that no cache
 * version follows is still counted by such a read, which is answered once the log is synced.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DataVersion } from '../../runtime/store/sqlite/data-version.ts';
import { commitSyncOf } from '../../runtime/store/sqlite/commit-sync.ts';
import { startTestServer } from '../../runtime/testing/harness.ts';
import { patient, PATIENCE_MS } from '../support/patience.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-data-version-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function walFile(name: string): SQLite.Database {
  const db = new SQLite(path.join(dir, name));
  db.pragma('journal_mode = WAL');
  return db;
}

describe('DataVersion', () => {
  it('reads afresh when asked to; reuses a reading only while no statement ran since it', () => {
    const here = walFile('unit.sqlite');
    const other = walFile('unit.sqlite');
    try {
      here.exec('CREATE TABLE t (x)');
      const version = new DataVersion(here);
      const first = version.read();
      other.prepare('INSERT INTO t VALUES (1)').run();
      // No statement ran here since the reading: nothing read here can show the other commit.
      expect(version.covering()).toBe(first);
      // A statement may have seen it: the next covering reading asks SQLite again.
      version.noteStatement();
      const second = version.covering();
      expect(second).not.toBe(first);
      expect(version.covering()).toBe(second);
      // The probe's reading always asks, and a covering one after it reuses it.
      other.prepare('INSERT INTO t VALUES (2)').run();
      const third = version.read();
      expect(third).not.toBe(second);
      expect(version.covering()).toBe(third);
    } finally {
      other.close();
      here.close();
    }
  });
});

describe('over HTTP', { timeout: 2 * PATIENCE_MS }, () => {
  it('counts another connection\'s commit in a read answered from the caches, and syncs before answering', async () => {
    const file = path.join(dir, 'http.sqlite');
    const server = await startTestServer({ deployment: 'studio', config: { database: file } });
    const other = new SQLite(file);
    try {
      const created = await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ title: 'Kept', status: 'publish' }), signal: patient() });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const read = async () => {
        const res = await fetch(`${server.restUrl}/core/v2/posts/${id}`, { signal: patient() });
        expect(res.status).toBe(200);
        return res.text();
      };
      const first = await read();
      const commits = commitSyncOf(server.app.db)!;
      await commits.durable();
      const before = commits.noted;
      // Answered from the caches: nothing committed anywhere, nothing counted.
      expect(await read()).toBe(first);
      expect(commits.noted).toBe(before);
      // A commit of another connection that no cache version follows: the read runs no statement,
      // yet counts it (from the reading made as it began) and is answered once the log is synced.
      other.exec('CREATE TABLE elsewhere (x); INSERT INTO elsewhere VALUES (1)');
      expect(await read()).toBe(first);
      expect(commits.noted).toBe(before + 1);
      expect(commits.synced).toBe(commits.noted);
      expect(await read()).toBe(first);
      expect(commits.noted).toBe(before + 1);
    } finally {
      other.close();
      await server.close();
    }
  });
});
