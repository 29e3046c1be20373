/**
 * Stores that hand-written handlers read back (the classifier of endpoint-classes.ts cannot see
 * inside a handler body). Each entry names the handler that reads it.
 */
export const STORES_READ_BY_HANDLERS: string[] = [];
