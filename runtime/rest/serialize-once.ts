/**
 * Response bodies that are the same object from request to request (the discovery document of
 * one settings version, a kept prepared post) are turned into JSON once: `serializeOnce` freezes
 * such a body deeply, so a later change to it throws instead of going unseen, and keeps its
 * UTF-8 bytes. `bodyBytes` answers them, and a list of such bodies as their bytes joined. Any
 * other body is stringified as before.
 *
 * Bytes rather than text: a string sent on a socket is measured (Content-Length) and encoded on
 * every send, and for a list of a hundred kept posts or the discovery document that was most of
 * the answer's CPU (bench/profile-serve.bench.ts); bytes are copied as they are.
 */
const encoded = new WeakMap<object, Buffer>();

export function serializeOnce<T extends object>(body: T): T {
  deepFreeze(body);
  encoded.set(body, Buffer.from(JSON.stringify(body), 'utf8'));
  return body;
}

/** The body as it is sent: the kept bytes (or kept items' bytes joined), else its JSON text. */
export function bodyBytes(body: unknown): Buffer | string {
  if (body !== null && typeof body === 'object') {
    const bytes = encoded.get(body);
    if (bytes !== undefined) return bytes;
    if (Array.isArray(body) && body.length > 0) {
      const joined = joinedBytes(body);
      if (joined) return joined;
    }
  }
  return JSON.stringify(body ?? null);
}

/** The body's JSON text (the kept bytes decoded when it has them). */
export function jsonOf(body: unknown): string {
  const sent = bodyBytes(body);
  return typeof sent === 'string' ? sent : sent.toString('utf8');
}

/** The size in bytes of a body kept by serializeOnce (0 for any other). */
export function keptSize(body: object): number {
  return encoded.get(body)?.length ?? 0;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** `[a,b,...]` from every element's kept bytes, or undefined when one has none. */
function joinedBytes(list: unknown[]): Buffer | undefined {
  const parts: Buffer[] = [OPEN];
  let length = 1;
  for (const element of list) {
    const bytes = element !== null && typeof element === 'object' ? encoded.get(element) : undefined;
    if (bytes === undefined) return undefined;
    if (parts.length > 1) parts.push(COMMA);
    parts.push(bytes);
    length += bytes.length + 1;
  }
  parts.push(CLOSE);
  return Buffer.concat(parts, length);
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
