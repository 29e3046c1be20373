/**
 * runtime/store/savepoints.ts on whichever engine this run uses: units of work sharing one
 * transaction, each atomic on its own. A unit that throws leaves nothing of its own writes and
 * keeps what the others wrote; nested units nest; the outer transaction still decides for all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../runtime/store/schema.ts';
import { withSavepoints } from '../../runtime/store/savepoints.ts';
import { openTestDatabase } from '../../runtime/testing/test-database.ts';

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
});
afterAll(() => close());

const names = async (prefix: string) => (await db.selectFrom('options').select('name').where('name', 'like', `${prefix}%`).orderBy('name').execute()).map((r) => r.name);
const put = (d: Kysely<Database>, name: string) => d.insertInto('options').values({ name, value: '1' }).execute();

describe('withSavepoints', () => {
  it('keeps the units that finished and drops the one that threw', async () => {
    await db.transaction().execute(async (trx) => {
      const shared = withSavepoints(trx);
      await shared.transaction().execute((t) => put(t, 'sp_a_1'));
      await expect(
        shared.transaction().execute(async (t) => {
          await put(t, 'sp_a_2');
          throw new Error('this unit fails after writing');
        }),
      ).rejects.toThrow('this unit fails');
      await shared.transaction().execute((t) => put(t, 'sp_a_3'));
      // The failed unit's write is already gone inside the transaction.
      expect((await shared.selectFrom('options').select('name').where('name', 'like', 'sp_a_%').orderBy('name').execute()).map((r) => r.name)).toEqual(['sp_a_1', 'sp_a_3']);
    });
    expect(await names('sp_a_')).toEqual(['sp_a_1', 'sp_a_3']);
  });

  it('nests: an inner unit that throws inside an outer one that goes on', async () => {
    await db.transaction().execute(async (trx) => {
      const shared = withSavepoints(trx);
      await shared.transaction().execute(async (outer) => {
        await put(outer, 'sp_b_outer');
        await expect(
          outer.transaction().execute(async (inner) => {
            await put(inner, 'sp_b_inner');
            throw new Error('inner fails');
          }),
        ).rejects.toThrow('inner fails');
      });
    });
    expect(await names('sp_b_')).toEqual(['sp_b_outer']);
  });

  it('leaves nothing when the shared transaction itself rolls back', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        const shared = withSavepoints(trx);
        await shared.transaction().execute((t) => put(t, 'sp_c_1'));
        throw new Error('the whole batch fails');
      }),
    ).rejects.toThrow('whole batch');
    expect(await names('sp_c_')).toEqual([]);
  });

  it('is a transaction handle: reads through it see its own writes, and it says it is one', async () => {
    await db.transaction().execute(async (trx) => {
      const shared = withSavepoints(trx);
      expect(shared.isTransaction).toBe(true);
      await put(shared, 'sp_d_1');
      expect(await shared.selectFrom('options').select('name').where('name', '=', 'sp_d_1').execute()).toHaveLength(1);
    });
  });
});
