/**
 * One database transaction shared by several units of work, each atomic on its own: the handle
 * returned behaves as the transaction, except that `transaction().execute(fn)` runs `fn` inside a
 * SAVEPOINT of it (rolled back alone if `fn` throws) instead of refusing, as Kysely's Transaction
 * does. Code written for "open a transaction, write, commit" runs unchanged inside it.
 *
 * Used by the batch endpoint: 25 creates share one COMMIT (one fsync) while a failing item still
 * leaves the others as they were. SAVEPOINT is the same SQL on SQLite and PostgreSQL.
 *
 * A unit PostgreSQL stops for a conflict with another writer (a deadlock: ./errors.ts
 * isWriteConflict) is rolled back to its savepoint and the conflict noted on the transaction:
 * the locks of the cycle may be older than the savepoint, so the whole transaction runs again
 * instead of committing (./postgres/conflict-retry.ts), even when the caller of the unit turned
 * its error into an answer (a batch item's).
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { isWriteConflict, noteWriteConflict } from './errors.ts';

/** Told where each unit begins and when one is rolled back (the batch's pending writes follow them). */
export interface UnitWatcher {
  mark(): number;
  rollBackTo(mark: number): void;
}

/**
 * The three statements of a unit, the same text for every unit and on both engines, so they are
 * written once instead of built and compiled for each unit (a batch of 25 creates runs 50). One
 * name serves every unit: units nest strictly (an inner one ends before its outer one does), and
 * both SQLite and PostgreSQL release or roll back to the most recent savepoint of a name, which is
 * then always the unit's own.
 */
const SAVEPOINT = CompiledQuery.raw('savepoint specpress_unit');
const RELEASE = CompiledQuery.raw('release savepoint specpress_unit');
const ROLLBACK = CompiledQuery.raw('rollback to savepoint specpress_unit');

export function withSavepoints<DB>(trx: Transaction<DB>, watcher?: UnitWatcher): Kysely<DB> {
  const transaction = () => ({
    execute: async <T>(work: (inner: Transaction<DB>) => Promise<T>): Promise<T> => {
      await trx.executeQuery(SAVEPOINT);
      const mark = watcher?.mark();
      try {
        const result = await work(handle as unknown as Transaction<DB>);
        await trx.executeQuery(RELEASE);
        return result;
      } catch (error) {
        await trx.executeQuery(ROLLBACK);
        if (mark !== undefined) watcher?.rollBackTo(mark);
        await trx.executeQuery(RELEASE);
        if (isWriteConflict(error)) noteWriteConflict(trx, error);
        throw error;
      }
    },
  });
  // A proxy rather than a subclass: Kysely keeps its state in private fields, which only the
  // transaction object itself can read, so every other member is the transaction's own, bound to it.
  // Each method is bound once: every query of every unit reads several of them through the handle.
  const bound = new Map<PropertyKey, { of: Function; fn: Function }>();
  const handle = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const known = bound.get(property);
      if (known && known.of === value) return known.fn;
      const fn = value.bind(target);
      bound.set(property, { of: value, fn });
      return fn;
    },
  });
  return handle as unknown as Kysely<DB>;
}
