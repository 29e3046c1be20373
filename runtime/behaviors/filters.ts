/**
 * The list filters of `collection` and `catalog` behaviours: which items a list keeps for the
 * filter params a request sends. A filter names the field its param is compared with and, for a
 * field holding a list, how that list matches the values asked for (spec/FORMAT.md, Behaviours):
 * `any` keeps an item whose list holds one of them, `all` one whose list holds every one. A field
 * holding one value matches when it is one of the values asked for.
 */
import type { BehaviorFilter } from '../../contract/model.ts';
import { looseText } from '../rest/loose-params.ts';

type Item = Record<string, unknown>;

/** A filter the request uses: the field, the values asked for, and how a list field matches them. */
export interface ActiveFilter {
  field: string;
  values: string[];
  match: 'any' | 'all';
}

/**
 * The declared filters whose param the request sends (an empty value or list sends nothing).
 * `splitCommas`: a catalog reads `a,b` as two values, as WordPress reads a comma list.
 */
export function activeFilters(params: Record<string, unknown>, filters: Record<string, BehaviorFilter> | undefined, splitCommas = false): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  for (const [param, filter] of Object.entries(filters ?? {})) {
    const v = params[param];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    const values = Array.isArray(v) ? v.map((x) => looseText(x)) : splitCommas ? String(v).split(',') : [looseText(v)];
    const { field, match } = typeof filter === 'string' ? { field: filter, match: undefined } : filter;
    out.push({ field, values: splitCommas ? values.map((x) => x.trim()) : values, match: match ?? 'any' });
  }
  return out;
}

/** Whether an item passes every active filter. */
export function matchesFilters(item: Item, filters: ActiveFilter[]): boolean {
  return filters.every(({ field, values, match }) => {
    const have = item[field] ?? '';
    const held = new Set((Array.isArray(have) ? have : [have]).map((h) => looseText(h)));
    return match === 'all' ? values.every((v) => held.has(v)) : values.some((v) => held.has(v));
  });
}
