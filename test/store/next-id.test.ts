/**
 * runtime/store/next-id.ts on whichever engine this run uses: the id it gives is the one the
 * table would have given a plain insert, it is never one a row ever had (a deleted highest row
 * included), and a row inserted with it explicitly moves the next id past it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../../runtime/store/schema.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';
import { nextId } from '../../runtime/store/next-id.ts';
import { openTestDatabase } from '../../runtime/testing/test-database.ts';

let db: Kysely<Database>;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await openTestDatabase());
});
afterAll(() => close());

const insertPlain = async () => (await db.insertInto('posts').values({ ...BLANK_POST, title: 'plain' }).returning('id').executeTakeFirstOrThrow()).id;

describe('nextId', () => {
  it('gives, inside a transaction, the id the insert then stores, and never an id a deleted row had', async () => {
    const first = await insertPlain();
    const taken = await db.transaction().execute(async (trx) => {
      const id = await nextId(trx, 'posts');
      await trx.insertInto('posts').values({ ...BLANK_POST, id, title: 'explicit', guid: `http://example.test/?p=${id}` }).execute();
      return id;
    });
    expect(taken).toBeGreaterThan(first);
    const row = await db.selectFrom('posts').select(['title', 'guid']).where('id', '=', taken).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: 'explicit', guid: `http://example.test/?p=${taken}` });

    // A plain insert after an explicit one goes past it, and a deleted highest id is not given again.
    const after = await insertPlain();
    expect(after).toBeGreaterThan(taken);
    await db.deleteFrom('posts').where('id', '=', after).execute();
    const next = await db.transaction().execute((trx) => nextId(trx, 'posts'));
    expect(next).toBeGreaterThan(after);
  });

  it('never gives two transactions the same id', async () => {
    const ids = await Promise.all(
      Array.from({ length: 5 }, () =>
        db.transaction().execute(async (trx) => {
          const id = await nextId(trx, 'posts');
          await trx.insertInto('posts').values({ ...BLANK_POST, id, title: 'concurrent' }).execute();
          return id;
        }),
      ),
    );
    expect(new Set(ids).size).toBe(5);
  });
});
