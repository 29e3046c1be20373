/**
 * Query strings and form bodies parsed as PHP parses them: `a[]=1&a[]=2` is a list,
 * `a[b]=c` an object, and a repeated plain key keeps its last value.
 */
import qs from 'qs';

export function parseQueryString(text: string): Record<string, unknown> {
  // Most reads carry no query string: nothing for qs to set up.
  if (!text) return {};
  return qs.parse(text, { duplicates: 'last', depth: 20, arrayLimit: 1000, parameterLimit: 10000, allowPrototypes: false }) as Record<string, unknown>;
}
