/**
 * `catalog`: read-only data shipped in the spec (`spec/data/<name>.yaml`). Lists honour the
 * declared `filters` (filters.ts: a field holding a list matches as the filter's `match` says),
 * `order_by` and `order`, `offset`, and paging, whichever of those params the endpoint declares.
 */
import type { BehaviorFilter, CatalogBehavior, CatalogOverlay } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { looseNumber, looseText } from '../rest/loose-params.ts';
import { pagedResponse, pagingOf } from './payload.ts';
import { activeFilters, matchesFilters } from './filters.ts';
import { listRecords, scopedKey } from './records.ts';

type Item = Record<string, unknown>;

export async function runCatalog(ctx: HandlerContext, b: CatalogBehavior): Promise<HandlerResult> {
  const data = ctx.app.deployment.catalogs[b.data];
  if (data === undefined) throw restError('rest_catalog_missing', [b.data]);
  const shipped = Array.isArray(data) ? data : isItemList(data) ? data.items : undefined;
  if (!shipped) return { data };
  const all = b.overlay ? await overlaid(ctx, shipped as Item[], b.overlay) : shipped;

  if (b.idParam) {
    const wanted = looseText(ctx.params[b.idParam]);
    const item = all.find((i) => String((i as Item).id) === wanted);
    if (!item) throw restError('rest_record_invalid_id', [], { id: wanted });
    return { data: item };
  }
  const p = ctx.params;
  let items = filtered(all as Item[], p, b.filters);
  if (typeof p.order_by === 'string' && p.order_by !== '') items = ordered(items, p.order_by, p.order === 'desc' ? -1 : 1);
  const offset = Math.max(0, looseNumber(p.offset) || 0);
  if (p.page === undefined && p.per_page === undefined && !offset) return { data: items };
  const { page, perPage } = pagingOf(ctx);
  const start = offset || (page - 1) * perPage;
  return pagedResponse(items.slice(start, start + perPage), items.length, perPage);
}

/** The items with the stored state of each (or of each element of `within`) laid over them. */
async function overlaid(ctx: HandlerContext, items: Item[], o: CatalogOverlay): Promise<Item[]> {
  const prefix = scopedKey('', ctx.user?.id ?? null, o.scope);
  const { items: records } = await listRecords(ctx.app.db, o.collection, { keyPrefix: prefix || undefined, limit: 10_000, offset: 0 });
  const state = new Map(records.map((r) => [r.key.slice(prefix.length), r.data]));
  const lay = (el: Item): Item => {
    const stored = state.get(looseText(el.id));
    // Stored state wins; else the shipped item's own value; else the spec's default.
    const extra = Object.fromEntries(Object.entries(o.fields).map(([f, dflt]) => [f, stored && f in stored ? stored[f] : f in el ? el[f] : dflt]));
    return { ...el, ...extra };
  };
  if (!o.within) return items.map(lay);
  return items.map((item) => (Array.isArray(item[o.within!]) ? { ...item, [o.within!]: (item[o.within!] as Item[]).map(lay) } : item));
}

/** A comma list (`?categories=a,b`) is several values, as WordPress reads one. */
function filtered(items: Item[], params: Record<string, unknown>, filters: Record<string, BehaviorFilter> | undefined): Item[] {
  const wanted = activeFilters(params, filters, true);
  return wanted.length ? items.filter((item) => matchesFilters(item, wanted)) : items;
}

function ordered(items: Item[], field: string, direction: 1 | -1): Item[] {
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : undefined);
  return [...items].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    const nx = num(x);
    const ny = num(y);
    const c = nx !== undefined && ny !== undefined ? nx - ny : looseText(x).localeCompare(looseText(y));
    return c * direction;
  });
}

function isItemList(data: unknown): data is { items: unknown[] } {
  return typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items);
}
