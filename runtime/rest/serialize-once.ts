/**
 * Response bodies that are the same object from request to request (the discovery document of
 * one settings version, a kept prepared post) are turned into JSON once: `serializeOnce` freezes
 * such a body deeply, so a later change to it throws instead of going unseen, and `jsonOf`
 * answers its memoized text; a list of such bodies is their texts joined. Any other body is
 * stringified as before.
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
    if (Array.isArray(body) && body.length > 0) {
      const parts = listOfTexts(body);
      if (parts) return `[${parts.join(',')}]`;
    }
  }
  return JSON.stringify(body ?? null);
}

/** The memoized texts of every element, or undefined when one has none. */
function listOfTexts(list: unknown[]): string[] | undefined {
  const parts: string[] = [];
  for (const element of list) {
    const text = element !== null && typeof element === 'object' ? texts.get(element) : undefined;
    if (text === undefined) return undefined;
    parts.push(text);
  }
  return parts;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
