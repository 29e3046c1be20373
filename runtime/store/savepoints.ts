/**
 * One database transaction shared by several units of work, each atomic on its own: the handle
 * returned behaves as the transaction, except that `transaction().execute(fn)` runs `fn` inside a
 * SAVEPOINT of it (rolled back alone if `fn` throws) instead of refusing, as Kysely's Transaction
 * does. Code written for "open a transaction, write, commit" runs unchanged inside it.
 *
 * Used by the batch endpoint: 25 creates share one COMMIT (one fsync, one write lock on
 * PostgreSQL) while a failing item still leaves the others as they were. SAVEPOINT is the same
 * SQL on SQLite and PostgreSQL.
 */
import { sql, type Kysely, type Transaction } from 'kysely';

export function withSavepoints<DB>(trx: Transaction<DB>): Kysely<DB> {
  let made = 0;
  const transaction = () => ({
    execute: async <T>(work: (inner: Transaction<DB>) => Promise<T>): Promise<T> => {
      const name = sql.raw(`specpress_unit_${++made}`);
      await sql`savepoint ${name}`.execute(trx);
      try {
        const result = await work(handle as unknown as Transaction<DB>);
        await sql`release savepoint ${name}`.execute(trx);
        return result;
      } catch (error) {
        await sql`rollback to savepoint ${name}`.execute(trx);
        await sql`release savepoint ${name}`.execute(trx);
        throw error;
      }
    },
  });
  // A proxy rather than a subclass: Kysely keeps its state in private fields, which only the
  // transaction object itself can read, so every other member is the transaction's own, bound to it.
  const handle = new Proxy(trx, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return handle as unknown as Kysely<DB>;
}
