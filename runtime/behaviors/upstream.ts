/**
 * `upstream`: the endpoint belongs to a remote service (AI text, image search, licensing).
 * With the service's base URL configured, the call is forwarded by the contract of
 * runtime/upstream/README.md. Without one, an honest local provider answers where one exists
 * (saying `source: "local"`); otherwise 503 names the setting to configure.
 */
import type { UpstreamBehavior } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { payloadOf } from './payload.ts';
import { LOCAL_PROVIDERS } from './local-providers.ts';
import { getRecord, putRecord } from './records.ts';
import { upstreamBaseUrl, upstreamEnvName } from '../upstream/base-url.ts';
import { buildForwardRequest, forward } from '../upstream/forward.ts';
import { isStoredSecret, protectSecrets, revealSecret } from '../secrets/secret-params.ts';

export { upstreamEnvName };

/** Key of the one record of a collection that holds a service's account. */
const SINGLETON = '_';

export async function runUpstream(ctx: HandlerContext, b: UpstreamBehavior): Promise<HandlerResult> {
  const base = upstreamBaseUrl(ctx.app, b.setting);
  const payload = payloadOf(ctx);
  if (base) {
    const result = await forward(ctx, b, buildForwardRequest(ctx, base, payload, await credentialOf(ctx, b)));
    return b.signIn ? keepSignIn(ctx, b.signIn, result) : result;
  }
  if (b.local) {
    const data = await LOCAL_PROVIDERS[b.local](ctx, payload);
    return { data: markLocal(data), headers: { 'X-Specpress-Source': 'local' } };
  }
  throw restError('rest_upstream_not_configured', [b.service, upstreamEnvName(b.setting)], { service: b.service, setting: b.setting });
}

/** An object answered by a local provider says so; an echo keeps what was sent beside it. */
function markLocal(data: unknown): unknown {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data, source: 'local' } : data;
}

async function credentialOf(ctx: HandlerContext, b: UpstreamBehavior): Promise<string | undefined> {
  if (!b.credential) return undefined;
  const record = await getRecord(ctx.app.db, b.credential.collection, SINGLETON);
  const stored = record?.data[b.credential.field];
  return isStoredSecret(stored) && stored.$secret === 'encrypt' ? revealSecret(ctx.app.config.dataDir, stored) : undefined;
}

/** Keeps the token a sign-in answered, encrypted, and answers without it. */
async function keepSignIn(ctx: HandlerContext, signIn: NonNullable<UpstreamBehavior['signIn']>, result: HandlerResult): Promise<HandlerResult> {
  const data = 'data' in result ? result.data : undefined;
  // An answer without a token (a sign-up waiting for its email check) signs nothing in.
  if (typeof data !== 'object' || data === null || typeof (data as Record<string, unknown>)[signIn.tokenField] !== 'string') return result;
  const { [signIn.tokenField]: token, ...rest } = data as Record<string, unknown>;
  const sealed = await protectSecrets(ctx.app.config.dataDir, { [signIn.tokenField]: token }, { [signIn.tokenField]: 'encrypt' });
  const status = signIn.status ?? 'signed-in';
  await putRecord(ctx.app.db, signIn.collection, SINGLETON, { ...rest, status, ...sealed });
  return { ...result, data: { ...rest, status } };
}
