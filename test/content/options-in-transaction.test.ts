/**
 * getOption inside a transaction (runtime/content/options.ts): the process cache may not serve
 * it, so each transaction handle keeps what it read. The handle sees its own writes at once,
 * asks the database once per option however often it is asked, and a handle shared by a batch's
 * units (store/savepoints.ts) keeps its reads across them. Runs on whichever engine this run uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely, KyselyPlugin } from 'kysely';
import type { Database } from '../../runtime/store/schema.ts';
import { getOption, setOption } from '../../runtime/content/options.ts';
import { withSavepoints } from '../../runtime/store/savepoints.ts';
import { openTestDatabase } from '../../runtime/testing/test-database.ts';

let db: Kysely<Database>;
let close: () => Promise<void>;
let optionReads = 0;
/** Counts SELECTs on options, as the database receives them. */
const counter: KyselyPlugin = {
  transformQuery(args) {
    const node = args.node as { kind: string; from?: { froms?: Array<{ table?: { identifier?: { name?: string } } }> } };
    if (node.kind === 'SelectQueryNode' && node.from?.froms?.[0]?.table?.identifier?.name === 'options') optionReads++;
    return args.node;
  },
  async transformResult(args) {
    return args.result;
  },
};

beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.db.withPlugin(counter);
  close = opened.close;
  await setOption(db, 'tx_memo_a', 'before');
});
afterAll(() => close());

describe('options read inside a transaction', () => {
  it('asks the database once per option, and sees the transaction\'s own write at once', async () => {
    await db.transaction().execute(async (trx) => {
      optionReads = 0;
      for (let i = 0; i < 10; i++) expect(await getOption(trx, 'tx_memo_a', '')).toBe('before');
      expect(await getOption(trx, 'tx_memo_missing', 'fallback')).toBe('fallback');
      expect(await getOption(trx, 'tx_memo_missing', 'fallback')).toBe('fallback');
      expect(optionReads).toBe(2);
      await setOption(trx, 'tx_memo_a', 'during');
      expect(await getOption(trx, 'tx_memo_a', '')).toBe('during');
      expect(optionReads).toBe(3);
    });
    expect(await getOption(db, 'tx_memo_a', '')).toBe('during');
  });

  it('a rolled-back transaction leaves nothing behind for the next one', async () => {
    await db.transaction().execute(async (trx) => {
      await setOption(trx, 'tx_memo_b', 'kept');
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await setOption(trx, 'tx_memo_b', 'rolled back');
        expect(await getOption(trx, 'tx_memo_b', '')).toBe('rolled back');
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await db.transaction().execute(async (trx) => {
      expect(await getOption(trx, 'tx_memo_b', '')).toBe('kept');
    });
  });

  it('units of one shared transaction reuse what an earlier unit read', async () => {
    await db.transaction().execute(async (trx) => {
      const shared = withSavepoints(trx);
      optionReads = 0;
      for (let i = 0; i < 5; i++) await shared.transaction().execute(async (unit) => expect(await getOption(unit, 'tx_memo_a', '')).toBe('during'));
      expect(optionReads).toBe(1);
      // A unit that writes and fails: the next unit reads the value again, as rolled back.
      await shared.transaction().execute(async (unit) => {
        await setOption(unit, 'tx_memo_a', 'undone');
        throw new Error('unit fails');
      }).catch(() => undefined);
      expect(await getOption(shared, 'tx_memo_a', '')).toBe('during');
    });
  });
});
