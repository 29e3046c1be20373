/**
 * Query strings and form bodies parsed as PHP parses them: `a[]=1&a[]=2` is a list,
 * `a[b]=c` an object, and a repeated plain key keeps its last value.
 *
 * Most queries have no brackets at all (`per_page=10&page=2`): those are split here, with what qs
 * does for plain keys (the last of a repeated key, `+` as a space, a bad escape left as sent, no
 * empty key, no key named like an Object.prototype member), and qs only sees the rest. qs sets up
 * its options and walks every key for brackets on each call, a visible share of a small read's
 * CPU. test/runtime/query-string.test.ts holds the two to the same answers.
 */
import qs from 'qs';

const QS_OPTIONS = { duplicates: 'last', depth: 20, arrayLimit: 1000, parameterLimit: 10000, allowPrototypes: false } as const;

/** Brackets, raw or escaped: keys that name lists or objects, for qs. */
const BRACKETS = /[[\]]|%5[bd]/i;

export function parseQueryString(text: string): Record<string, unknown> {
  // Most reads carry no query string: nothing for qs to set up.
  if (!text) return {};
  if (!BRACKETS.test(text)) return plainPairs(text);
  return qs.parse(text, QS_OPTIONS) as Record<string, unknown>;
}

const isPrototypeMember = (key: string) => Object.prototype.hasOwnProperty.call(Object.prototype, key);

/** `k=v&k2=v2` without brackets, as qs parses it with QS_OPTIONS. */
function plainPairs(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const parts = text.split('&', QS_OPTIONS.parameterLimit);
  for (const part of parts) {
    const eq = part.indexOf('=');
    const key = decode(eq === -1 ? part : part.slice(0, eq));
    if (key === '' || isPrototypeMember(key)) continue;
    out[key] = eq === -1 ? '' : decode(part.slice(eq + 1));
  }
  return out;
}

/** As qs's decoder: `+` is a space, then percent escapes as UTF-8, left as they are when malformed. */
function decode(text: string): string {
  const spaced = text.includes('+') ? text.replace(/\+/g, ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
