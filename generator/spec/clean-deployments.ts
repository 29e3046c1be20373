/**
 * Deployments whose own whole-spec checks (routes that overlap, type names that clash: each reads
 * the deployment's model alone) found nothing, remembered by the model they ran on. Those checks
 * walk every route of every deployment, a tenth of a second on this project, and an edit changes
 * one deployment's model, not the others': a model they passed before passes again, so they run
 * only for the deployments whose model is new. Only a clean result is remembered: a problem is
 * found again, at its position in the files as they are now.
 *
 * Kept in the cache store (cache-store.ts), keyed by the digest of the JSON (`undefined` values
 * written out) of the model without its args' descriptions (emit/without-arg-descriptions.ts:
 * neither check reads them, and the deployment cache keys by that digest too: model-json.ts),
 * salted with the generator's code and library versions: a stale entry can only miss. Off with
 * the cache.
 */
import { createHash } from 'node:crypto';
import type { DeploymentModel } from '../../contract/model.ts';
import { cacheStore, type CacheStore } from '../cache-store.ts';
import { codeDigest } from '../run-cache.ts';
import { loadedModelDigest } from '../model-json.ts';
import { withoutArgDescriptions } from '../emit/without-arg-descriptions.ts';

export class CleanDeployments {
  private constructor(
    private readonly store: CacheStore | undefined,
    private readonly salt: string,
  ) {}

  static async open(cache: boolean): Promise<CleanDeployments> {
    const store = cache ? cacheStore() : undefined;
    return new CleanDeployments(store, store !== undefined ? await codeDigest() : '');
  }

  private key(deployment: DeploymentModel): string {
    return `clean-checks:${createHash('sha256').update(this.salt).update('\0').update(loadedModelDigest(withoutArgDescriptions(deployment))).digest('hex')}`;
  }

  /** Whether the deployment's checks passed on this very model before. */
  passedBefore(deployment: DeploymentModel): boolean {
    return this.store?.get('text', this.key(deployment)) !== undefined;
  }

  /** Remembers that they passed on this model. */
  passed(deployment: DeploymentModel): void {
    this.store?.put('text', this.key(deployment), '');
  }
}
