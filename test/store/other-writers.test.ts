/**
 * The probe that lets a serving process skip reading `cache_versions` before a request
 * (runtime/store/sqlite/other-writers.ts): it says "moved" on its first call and after another
 * connection's commit, and never for this connection's own commits. That a serving process still
 * sees every other writer's change at its next request is test/runtime/cache-invalidation.test.ts's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../runtime/store/sqlite/open.ts';
import { otherWritersProbeOf } from '../../runtime/store/sqlite/other-writers.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-other-writers-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the other-writers probe', () => {
  it('moves for another connection’s commit, not for its own', async () => {
    const file = path.join(dir, 'probe.sqlite');
    const mine = openSqlite(file);
    const theirs = openSqlite(file);
    await sql`create table t (v integer)`.execute(mine);
    const moved = otherWritersProbeOf(mine)!;
    expect(moved()).toBe(true); // first call: nothing known yet
    expect(moved()).toBe(false);
    await sql`insert into t values (1)`.execute(mine);
    expect(moved()).toBe(false);
    await sql`insert into t values (2)`.execute(theirs);
    expect(moved()).toBe(true);
    expect(moved()).toBe(false);
    // A transaction of another connection that only reads moves nothing.
    await theirs.transaction().execute((trx) => sql`select * from t`.execute(trx));
    expect(moved()).toBe(false);
    await mine.destroy();
    await theirs.destroy();
  });

  it('answers for a transaction of the database as for the database', async () => {
    const db = openSqlite(path.join(dir, 'trx.sqlite'));
    await db.transaction().execute(async (trx) => expect(otherWritersProbeOf(trx)).toBe(otherWritersProbeOf(db)));
    await db.destroy();
  });
});
