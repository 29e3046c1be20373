/**
 * Which peers may tell the client's address in `X-Forwarded-For`: the site's reverse proxies,
 * listed as addresses or CIDR ranges (`--trust-proxy 10.0.0.0/8,127.0.0.1` or
 * SPECPRESS_TRUST_PROXY). Nobody by default: a header anyone can send must not choose whose
 * login attempts are counted.
 */
import ipaddr from 'ipaddr.js';
import type { AppConfig } from '../rest/types.ts';

/** The list from the config, else from SPECPRESS_TRUST_PROXY; every entry checked. */
export function trustedProxies(config: Pick<AppConfig, 'trustProxy'>, env: NodeJS.ProcessEnv = process.env): string[] {
  const list = config.trustProxy ?? parseProxyList(env.SPECPRESS_TRUST_PROXY ?? '');
  for (const entry of list) {
    const ok = entry.includes('/') ? safely(() => ipaddr.parseCIDR(entry)) : ipaddr.isValid(entry);
    if (!ok) throw new Error(`Not an IP address or CIDR range in the trusted proxies: "${entry}"`);
  }
  return list;
}

export function parseProxyList(text: string): string[] {
  return text.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

/** fastify's `trustProxy`: false, or the list (fastify walks X-Forwarded-For from the right through it). */
export function trustProxyOf(config: Pick<AppConfig, 'trustProxy'>): false | string[] {
  const list = trustedProxies(config);
  return list.length > 0 ? list : false;
}

function safely(f: () => unknown): boolean {
  try {
    f();
    return true;
  } catch {
    return false;
  }
}
