/**
 * Response bodies that are the same object from request to request (the discovery document of
 * one settings version) are turned into JSON once: `serializeOnce` freezes such a body deeply, so
 * a later change to it throws instead of going unseen, and `jsonOf` answers its memoized text.
 * Any other body is stringified as before.
 */
const texts = new WeakMap<object, string>();

export function serializeOnce<T extends object>(body: T): T {
  deepFreeze(body);
  texts.set(body, JSON.stringify(body));
  return body;
}

export function jsonOf(body: unknown): string {
  if (body !== null && typeof body === 'object') {
    const text = texts.get(body);
    if (text !== undefined) return text;
  }
  return JSON.stringify(body ?? null);
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
