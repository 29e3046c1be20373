/** Errors the store raises for input an engine cannot take; the REST layer answers them as 400s. */

/** A text with a NUL character (U+0000): PostgreSQL's text type cannot hold or compare one. */
export class UnstorableTextError extends Error {
  constructor() {
    super('Text with a NUL character (U+0000) cannot be stored or searched for.');
    this.name = 'UnstorableTextError';
  }
}

/**
 * PostgreSQL ended the transaction because of another writer, not because of anything wrong in
 * it: a deadlock (40P01) or a serialization failure (40001). Run again, it succeeds; the store
 * does so a few times (postgres/conflict-retry.ts) before the error is answered 503.
 */
export function isWriteConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * Conflicts met inside a savepoint of a transaction (savepoints.ts), whose caller turned the
 * error into an answer (a batch item's): the transaction must not commit but run again whole,
 * as the locks of the cycle may have been taken before the savepoint.
 */
const conflicted = new WeakMap<object, unknown>();

export function noteWriteConflict(trx: object, error: unknown): void {
  conflicted.set(trx, error);
}

export function writeConflictOf(trx: object): unknown {
  return conflicted.get(trx);
}
