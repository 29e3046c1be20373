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
import { LRUCache } from 'lru-cache';

const encoded = new WeakMap<object, Buffer>();

/**
 * Joined lists, by their first element: the same page of kept items is asked again and again
 * until one of them changes (a changed item is a new object, so its lists are never matched
 * again). Joining means a fresh buffer the size of the answer per request, copied and then
 * collected; reusing it costs a comparison per element. Bounded in bytes, as items are.
 */
const JOINED_BUDGET_BYTES = 16 * 1024 * 1024;
const LISTS_PER_FIRST_ELEMENT = 4;
interface Joined {
  list: readonly object[];
  bytes: Buffer;
}
const joined = new LRUCache<object, Joined[]>({
  maxSize: JOINED_BUDGET_BYTES,
  sizeCalculation: (lists) => lists.reduce((sum, j) => sum + j.bytes.length, 0) || 1,
});

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
      const bytes = keptJoin(body) ?? joinedBytes(body);
      if (bytes) return bytes;
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

/** The bytes of a list joined before whose elements are these very objects, in this order. */
function keptJoin(list: unknown[]): Buffer | undefined {
  const first = list[0];
  if (first === null || typeof first !== 'object') return undefined;
  for (const j of joined.get(first) ?? []) {
    if (j.list.length === list.length && j.list.every((element, i) => element === list[i])) return j.bytes;
  }
  return undefined;
}

/** `[a,b,...]` from every element's kept bytes (kept for the next equal list), or undefined when one has none. */
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
  const bytes = Buffer.concat(parts, length);
  const first = list[0] as object;
  const lists = [{ list: [...list] as object[], bytes }, ...(joined.get(first) ?? [])].slice(0, LISTS_PER_FIRST_ELEMENT);
  if (bytes.length <= JOINED_BUDGET_BYTES / 8) joined.set(first, lists);
  return bytes;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
