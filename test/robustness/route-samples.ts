/**
 * Concrete URLs for the routes of a generated table: each capture filled with a value its
 * pattern accepts, or with a chosen hostile one where the pattern lets it through.
 */
import type { RouteDef } from '../../runtime/rest/types.ts';

// Tried in order; the first one the capture's pattern accepts fills it.
const CANDIDATES = ['1', 'default', 'abc', 'a-b', 'x.y', '%'];

function fits(pattern: string, value: string): boolean {
  return new RegExp(`^(?:${pattern})$`).test(value);
}

/** The route's path with every capture filled: ordinary values, `overrides` where they fit. */
export function samplePath(route: RouteDef, overrides: Record<string, string> = {}): string | undefined {
  let path = route.path;
  for (const capture of route.captures) {
    const wanted = overrides[capture.name];
    const value = wanted !== undefined && fits(capture.pattern, wanted) ? wanted : CANDIDATES.find((c) => fits(capture.pattern, c));
    if (value === undefined) return undefined;
    path = path.replace(`<${capture.name}>`, encodeURIComponent(value));
  }
  return path;
}

/** Captures that take digits, for out-of-range id cases. */
export function numericCaptures(route: RouteDef): string[] {
  return route.captures.filter((c) => fits(c.pattern, '999999999999999999999')).map((c) => c.name);
}
