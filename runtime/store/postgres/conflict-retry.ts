/**
 * A transaction PostgreSQL ends for a conflict with another writer (a deadlock, a serialization
 * failure: ../errors.ts isWriteConflict) is run again from the start, a few times, after a short
 * random pause so the two writers do not meet again at once. Nothing of the failed attempt was
 * committed, so running the work again is running it once, as long as the work keeps what it
 * does outside the database to what it can do twice (a transaction's callback that collects
 * answers starts its list afresh). Writers take their locks in key order
 * (../write-guards.ts) and the version rows are bumped in name order at commit, so conflicts are
 * rare; this is for those no order rules out (two batches, or a batch and another program,
 * locking the same rows in different orders across their items). A conflict met inside a
 * savepoint whose caller answered it (a batch item: ../savepoints.ts) also runs the whole
 * transaction again instead of committing it.
 */
import type { Kysely, Transaction } from 'kysely';
import { isWriteConflict, writeConflictOf } from '../errors.ts';

/** Attempts in all; after the last conflict the error goes to the caller (answered 503, rest/dispatch.ts). */
export const CONFLICT_ATTEMPTS = 5;

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** attempt));

/**
 * Told of every conflict met: the attempt it ended (1 = the first run), and whether the work runs
 * again (`retried`) or the error goes to the caller. Conflicts are rare by design; counting them
 * (the server logs each one) is how an operator or a benchmark sees writers meeting anyway.
 */
export type ConflictListener = (conflict: { attempt: number; retried: boolean; code: string }) => void;

/** Runs `work` again on a write conflict, up to CONFLICT_ATTEMPTS times in all. */
export async function retryingConflicts<T>(work: () => Promise<T>, onConflict?: ConflictListener): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isWriteConflict(error)) throw error;
      const retried = attempt < CONFLICT_ATTEMPTS;
      onConflict?.({ attempt, retried, code: String((error as { code?: unknown }).code) });
      if (!retried) throw error;
      await pause(attempt);
    }
  }
}

type Builder<DB> = ReturnType<Kysely<DB>['transaction']>;

function retrying<DB>(builder: Builder<DB>, onConflict?: ConflictListener): Builder<DB> {
  return {
    execute: <T>(callback: (trx: Transaction<DB>) => Promise<T>) =>
      retryingConflicts(() =>
        builder.execute(async (trx) => {
          const result = await callback(trx);
          // A unit in a savepoint met a conflict and its caller answered it (savepoints.ts): not committed, run again.
          const conflict = writeConflictOf(trx);
          if (conflict !== undefined) throw conflict;
          return result;
        }),
        onConflict,
      ),
    setAccessMode: (mode: Parameters<Builder<DB>['setAccessMode']>[0]) => retrying(builder.setAccessMode(mode), onConflict),
    setIsolationLevel: (level: Parameters<Builder<DB>['setIsolationLevel']>[0]) => retrying(builder.setIsolationLevel(level), onConflict),
  } as unknown as Builder<DB>;
}

/** Makes `db.transaction().execute(fn)` retry on write conflicts (its own property: derived instances do not inherit it). */
export function retryConflictingTransactions<DB>(db: Kysely<DB>, onConflict?: ConflictListener): Kysely<DB> {
  const transaction = db.transaction.bind(db);
  Object.defineProperty(db, 'transaction', { value: () => retrying(transaction(), onConflict), configurable: true, writable: true });
  return db;
}
