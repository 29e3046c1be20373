/**
 * `upstream`: the endpoint belongs to a remote service (AI text, image search, licensing).
 * With the service's address configured (`SPECPRESS_UPSTREAM_<SETTING>` or the server config),
 * params are forwarded as JSON and the answer relayed. Without one, an honest local provider
 * answers where one exists; otherwise 503 names the setting to configure.
 */
import type { UpstreamBehavior } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { payloadOf } from './payload.ts';
import { LOCAL_PROVIDERS } from './local-providers.ts';

const TIMEOUT_MS = 15_000;

export function upstreamEnvName(setting: string): string {
  return `SPECPRESS_UPSTREAM_${setting.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

export async function runUpstream(ctx: HandlerContext, b: UpstreamBehavior): Promise<HandlerResult> {
  const url = ctx.app.config.upstreams[b.setting] ?? process.env[upstreamEnvName(b.setting)];
  const payload = payloadOf(ctx);
  if (url) return forward(url, b, payload);
  if (b.local) return { data: await LOCAL_PROVIDERS[b.local](ctx, payload) };
  throw restError('rest_upstream_not_configured', [b.service, upstreamEnvName(b.setting)], { service: b.service, setting: b.setting });
}

async function forward(url: string, b: UpstreamBehavior, payload: Record<string, unknown>): Promise<HandlerResult> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    const data = text ? (JSON.parse(text) as unknown) : null;
    return { data, status: res.ok ? 200 : 502 };
  } catch (err) {
    throw restError('rest_upstream_failed', [b.service], { reason: err instanceof Error ? err.message : String(err) });
  }
}
