/**
 * A deployment's model as JSON with every value, `undefined` included, so that a key present with
 * no value and a key absent differ: what the caches that depend on a deployment's model key their
 * entries by (deployment-cache.ts, spec/clean-deployments.ts).
 */
import { createHash } from 'node:crypto';

const keepUndefined = (_key: string, value: unknown): unknown => (value === undefined ? '\0undefined' : value);

export function modelJson(value: unknown): string {
  return JSON.stringify(value, keepUndefined);
}

/**
 * A hash of a loaded model's JSON (a deployment, or its projection without descriptions), made
 * once per object: the spec checks, the validators and the deployment cache each key by it, so the
 * megabytes of JSON are made and hashed once, and not kept. A model is never changed once loaded
 * (spec/load.ts hands it out finished; a model given to the generator is not changed afterwards).
 */
export function loadedModelDigest(model: object): string {
  let digest = digests.get(model);
  if (digest === undefined) digests.set(model, (digest = createHash('sha256').update(modelJson(model)).digest('hex')));
  return digest;
}
const digests = new WeakMap<object, string>();
