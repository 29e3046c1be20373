/**
 * Values no well-behaved client sends: each wrong JSON type, sizes and magnitudes at the edges,
 * strings that look like numbers but are not, control and unpaired unicode, and nesting deep
 * enough to break any recursive code. The sweep sends each of them as every declared arg.
 */

/** An object nested `depth` levels deep: {"a":{"a":...{"a":1}}}. */
export function deeplyNested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { a: 1 };
  for (let i = 1; i < depth; i++) value = { a: value };
  return value;
}

export interface HostileValue {
  name: string;
  value: unknown;
  /**
   * Whether it is also sent in a query string (PHP's bracket form): the shapes only a query gives
   * (nested brackets, numeric strings, decoded bytes); the URL stays under the header limit.
   */
  inQuery: boolean;
}

export const HOSTILE_VALUES: HostileValue[] = [
  { name: 'object', value: { a: { b: 1 }, toString: 'x', __proto__x: 1 }, inQuery: true },
  { name: 'array', value: [1, ['two'], { three: 3 }], inQuery: true },
  // Items and fields whose own toString/valueOf/length are data: String(), Number() and loops over them throw or misbehave.
  { name: 'array of traps', value: [{ toString: 'x', valueOf: 'y', length: 'z' }, [{ valueOf: 1 }]], inQuery: false },
  { name: 'object of traps', value: { a: { toString: 'x' }, list: [{ toString: 'x' }], length: -1, 0: { toString: 'x' } }, inQuery: false },
  { name: 'empty array', value: [], inQuery: false },
  { name: 'huge string', value: 'x'.repeat(100_000), inQuery: false },
  { name: 'negative number', value: -1, inQuery: false },
  { name: 'huge number', value: 1e308, inQuery: false },
  { name: 'beyond 2^53', value: '999999999999999999999', inQuery: true },
  { name: 'NaN', value: 'NaN', inQuery: false },
  { name: 'Infinity', value: '-Infinity', inQuery: false },
  { name: 'unicode and NUL', value: 'a\u0000b\u202Ez\uFFFF💥e\u0301\u200D', inQuery: true },
  // Refused as invalid JSON (json_error_code 10) in a body; in a query string it arrives as U+FFFD.
  { name: 'unpaired surrogate', value: 'a\uD800b', inQuery: false },
  { name: 'deep object', value: deeplyNested(2000), inQuery: false },
  { name: 'null', value: null, inQuery: false },
  { name: 'boolean', value: true, inQuery: false },
];

/** Percent-encodes any string, unpaired surrogates included (as the replacement character). */
export function percentEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

/** PHP's bracket form of a value for a query string or form body: `a[b][0]=1`. */
export function phpEncode(name: string, value: unknown): string[] {
  if (value === null || value === undefined) return [`${percentEncode(name)}=`];
  if (typeof value !== 'object') return [`${percentEncode(name)}=${percentEncode(String(value))}`];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (entries.length === 0) return [`${percentEncode(name)}[]=`];
  return entries.flatMap(([k, v]) => phpEncode(`${name}[${k}]`, v));
}
