/**
 * How long a test waits for something that is going to happen (an answer, a child process's
 * banner, a sync the code asks for) on a machine busy with other work: CI runners are shared, and
 * `npm run test:all` runs both engines at once. Generous on purpose: when such a wait runs out,
 * the thing never happened; a slow machine alone never gets there.
 */
export const PATIENCE_MS = 90_000;

/**
 * The signal for a test's fetch(): an answer that never comes fails that fetch, in the test that
 * made it, instead of leaving a request open that undici gives up on minutes later, in whatever
 * test file the worker runs by then (an unhandled rejection that fails the whole run).
 */
export function patient(): AbortSignal {
  return AbortSignal.timeout(PATIENCE_MS);
}

/**
 * `promise`, or an error naming `what` once PATIENCE_MS have passed without it: for a wait on an
 * event that a broken build would never deliver, so that the test fails with a sentence instead
 * of its time limit. `what` may be a function, to say what had happened by then.
 */
export async function within<T>(promise: Promise<T>, what: string | (() => string)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${PATIENCE_MS} ms for ${typeof what === 'string' ? what : what()}`)), PATIENCE_MS);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}
