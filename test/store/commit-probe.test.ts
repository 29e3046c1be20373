/**
 * The probe that lets a serving process skip reading `cache_versions` before a request
 * (runtime/store/sqlite/commit-probe.ts): it says "moved" on its first call, after another
 * connection's commit and after this connection's own, and not for reads or rolled-back work.
 * That a serving process sees every write at its next request is test/runtime/cache-invalidation.test.ts's
 * and test/content/item-cache.test.ts's (a write on the same connection past the write-watch plugin).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../runtime/store/sqlite/open.ts';
import { commitProbeOf } from '../../runtime/store/sqlite/commit-probe.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-commit-probe-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the commit probe', () => {
  it('moves for any commit, another connection’s or its own, and not for reads or rollbacks', async () => {
    const file = path.join(dir, 'probe.sqlite');
    const mine = openSqlite(file);
    const theirs = openSqlite(file);
    await sql`create table t (v integer)`.execute(mine);
    const moved = commitProbeOf(mine)!;
    expect(moved()).toBe(true); // first call: nothing known yet
    expect(moved()).toBe(false);
    await sql`insert into t values (1)`.execute(theirs);
    expect(moved()).toBe(true);
    expect(moved()).toBe(false);
    await sql`insert into t values (2)`.execute(mine);
    expect(moved()).toBe(true);
    expect(moved()).toBe(false);
    await theirs.transaction().execute((trx) => sql`select * from t`.execute(trx));
    await mine.selectFrom('t' as never).selectAll().execute();
    await expect(
      mine.transaction().execute(async (trx) => {
        await sql`insert into t values (3)`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(moved()).toBe(false);
    await mine.destroy();
    await theirs.destroy();
  });

  it('answers for a transaction of the database as for the database, in memory too', async () => {
    const db = openSqlite(':memory:');
    await db.transaction().execute(async (trx) => expect(commitProbeOf(trx)).toBe(commitProbeOf(db)));
    expect(commitProbeOf(db)).toBeDefined();
    await db.destroy();
  });
});
