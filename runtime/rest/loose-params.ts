/**
 * Reading a param the spec leaves untyped (the interface document declares many that way) as
 * the one string or number a handler wants. Such a param can be anything a JSON body holds, and
 * String()/Number() throw on an object whose own `toString` or `valueOf` is data rather than a
 * function (`{"id": {"toString": "x"}}`): a 500 for a request that names nothing.
 */

/** Strings, numbers and booleans as text; arrays, objects and absence as ''. */
export function looseText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** Strings and numbers as a number (NaN when not numeric); anything else NaN. */
export function looseNumber(value: unknown): number {
  return typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
}
