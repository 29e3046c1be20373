/** A small HTTP client for the extension tests: JSON in, parsed JSON (or text) out, as a role. */
import qs from 'qs';
import type { TestRole, TestServer } from '../../runtime/testing/harness.ts';
import { patient } from '../support/patience.ts';

export interface CallOptions {
  role?: TestRole | 'anonymous';
  body?: unknown;
  /** Encoded as PHP reads query strings: lists as `a[]=`, objects as `a[b]=` (qs brackets). */
  query?: Record<string, unknown>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export function clientFor(server: TestServer) {
  return async function call(method: string, route: string, opts: CallOptions = {}): Promise<CallResult> {
    const query = opts.query ? qs.stringify(opts.query, { arrayFormat: 'brackets', encodeValuesOnly: true }) : '';
    const url = new URL(`${server.restUrl}${route}${query ? `?${query}` : ''}`);
    const res = await fetch(url, {
      method,
      headers: { ...server.authHeaders(opts.role ?? 'administrator'), ...(opts.body !== undefined && { 'content-type': 'application/json' }) },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal: patient(),
    });
    const text = await res.text();
    const json = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : undefined;
    return { status: res.status, headers: res.headers, body: json, text };
  };
}
