/**
 * A param the spec declares as an object (`meta`, `settings`...) arrives typed by its generated
 * interface, which TypeScript does not let pass for `Record<string, unknown>` (an interface has no
 * index signature), while the code that stores it walks its keys. This guard is that step, as a
 * check instead of a cast: any non-null object passes, arrays included, as the checks it replaces
 * (`typeof v === 'object'`) let them; the params' validation has already refused what the
 * schema does not allow.
 */
export function isObjectParam(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
