/**
 * `{body, status, headers}` as WordPress's envelope_response builds it, for `_envelope` and for
 * each answer of a batch: paging totals stay integers (WordPress sets them as numbers) and
 * no headers at all print as PHP's empty array `[]`.
 */
import type { RestResponse } from './types.ts';

export interface Envelope {
  body: unknown;
  status: number;
  headers: Record<string, string | number> | [];
}

export function envelopeOf(response: RestResponse): Envelope {
  const headers: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    headers[name] = /^X-WP-Total(Pages)?$/i.test(name) && /^\d+$/.test(value) ? Number(value) : value;
  }
  return { body: response.body, status: response.status, headers: Object.keys(headers).length ? headers : [] };
}
