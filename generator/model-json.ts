/**
 * A deployment's model as JSON with every value, `undefined` included, so that a key present with
 * no value and a key absent differ: what the caches that depend on a deployment's model key their
 * entries by (deployment-cache.ts, spec/clean-deployments.ts).
 */
const keepUndefined = (_key: string, value: unknown): unknown => (value === undefined ? '\0undefined' : value);

export function modelJson(value: unknown): string {
  return JSON.stringify(value, keepUndefined);
}
