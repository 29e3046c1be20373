/**
 * The only way the server fetches a URL a client gave it (media sideload, oEmbed proxy and
 * discovery). Each hop is guarded:
 * - http and https only;
 * - the host is resolved once and every address checked against the address policy; the
 *   connection is then pinned to the checked address, so a DNS answer that changes between
 *   check and connect (rebinding) cannot reach an internal host;
 * - redirects are followed by hand, each new location checked again, up to a limit;
 * - the body is cut off past `maxBytes`, the whole exchange past `timeoutMs`;
 * - an optional content-type test refuses unexpected bodies.
 */
import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { isAddressAllowed, parseAllowList } from './address-policy.ts';

export interface GuardedFetchOptions {
  /** `config.outboundAllow`: hosts or ranges reachable although private. */
  allow: string[];
  maxBytes: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Return false to refuse the body by its content type (lower-cased, without parameters). */
  acceptContentType?: (contentType: string) => boolean;
  headers?: Record<string, string>;
  /** Keep the first `maxBytes` of a longer body instead of failing (pages read for discovery). */
  truncate?: boolean;
}

export interface FetchedResource {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  contentType: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export type OutboundFailure = 'invalid_url' | 'blocked_address' | 'dns' | 'too_large' | 'timeout' | 'content_type' | 'too_many_redirects' | 'http_status' | 'network';

/** Why a guarded fetch gave up; callers map the reason to their own REST error. */
export class OutboundError extends Error {
  readonly reason: OutboundFailure;
  constructor(reason: OutboundFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function guardedFetch(url: string, options: GuardedFetchOptions): Promise<FetchedResource> {
  const allow = parseAllowList(options.allow);
  const maxRedirects = options.maxRedirects ?? 5;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const target = parseTarget(current);
    const address = await resolveChecked(target.hostname, allow);
    const response = await requestOnce(target, address, options, deadline);
    if (REDIRECT_STATUSES.has(response.status) && response.headers.location) {
      current = new URL(String(response.headers.location), target).toString();
      continue;
    }
    if (response.status < 200 || response.status >= 300) {
      throw new OutboundError('http_status', `The remote server answered ${response.status}.`);
    }
    if (options.acceptContentType && !options.acceptContentType(response.contentType)) {
      throw new OutboundError('content_type', `The remote server sent an unexpected content type (${response.contentType || 'none'}).`);
    }
    return { ...response, url: current };
  }
  throw new OutboundError('too_many_redirects', 'The remote server redirected too many times.');
}

function parseTarget(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundError('invalid_url', 'The URL is not valid.');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new OutboundError('invalid_url', 'Only http and https URLs can be fetched.');
  }
  if (target.username || target.password) throw new OutboundError('invalid_url', 'URLs with credentials cannot be fetched.');
  return target;
}

/** Resolves the host; refuses when any of its addresses is not allowed (no partial trust). */
async function resolveChecked(hostname: string, allow: ReturnType<typeof parseAllowList>): Promise<{ address: string; family: number }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(bare)) {
    addresses = [{ address: bare, family: net.isIP(bare) }];
  } else {
    try {
      // IPv4 first: the pinned address is the first one, and most hosts serve IPv4.
      addresses = await dns.lookup(bare, { all: true, verbatim: false });
    } catch {
      throw new OutboundError('dns', `The host ${bare} could not be resolved.`);
    }
  }
  if (addresses.length === 0) throw new OutboundError('dns', `The host ${bare} could not be resolved.`);
  for (const { address } of addresses) {
    if (!isAddressAllowed(address, bare, allow)) {
      throw new OutboundError('blocked_address', `The host ${bare} resolves to an address that may not be reached.`);
    }
  }
  return addresses[0];
}

function requestOnce(
  target: URL,
  pinned: { address: string; family: number },
  options: GuardedFetchOptions,
  deadline: number,
): Promise<Omit<FetchedResource, 'url'>> {
  // The connection goes to the address we checked, whatever DNS says now.
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new OutboundError('timeout', 'The remote server took too long to answer.'));
    const req = client.request(
      target,
      {
        method: 'GET',
        lookup,
        headers: { 'user-agent': 'specpress', accept: '*/*', ...options.headers },
        timeout: remaining,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const contentType = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        if (REDIRECT_STATUSES.has(status)) {
          res.resume();
          return resolve({ status, contentType, headers: res.headers, body: Buffer.alloc(0) });
        }
        const declared = Number(res.headers['content-length']);
        if (!options.truncate && Number.isFinite(declared) && declared > options.maxBytes) {
          req.destroy();
          return reject(new OutboundError('too_large', 'The remote file is too large.'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            if (options.truncate) {
              chunks.push(chunk.subarray(0, chunk.length - (size - options.maxBytes)));
              resolve({ status, contentType, headers: res.headers, body: Buffer.concat(chunks) });
              req.destroy();
              return;
            }
            req.destroy(new OutboundError('too_large', 'The remote file is too large.'));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, contentType, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (err) => reject(asOutbound(err)));
      },
    );
    const timer = setTimeout(() => req.destroy(new OutboundError('timeout', 'The remote server took too long to answer.')), remaining);
    req.on('timeout', () => req.destroy(new OutboundError('timeout', 'The remote server took too long to answer.')));
    req.on('error', (err) => reject(asOutbound(err)));
    req.on('close', () => clearTimeout(timer));
    req.end();
  });
}

function asOutbound(err: unknown): OutboundError {
  if (err instanceof OutboundError) return err;
  return new OutboundError('network', `The remote server could not be reached: ${(err as Error).message}`);
}
