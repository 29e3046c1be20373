/** `catalog`: read-only data shipped in the spec (`spec/data/<name>.yaml`), paged when asked. */
import type { CatalogBehavior } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { pagedResponse, pagingOf } from './payload.ts';

export function runCatalog(ctx: HandlerContext, b: CatalogBehavior): HandlerResult {
  const data = ctx.app.deployment.catalogs[b.data];
  if (data === undefined) throw restError('rest_catalog_missing', [b.data]);
  const items = Array.isArray(data) ? data : isItemList(data) ? data.items : undefined;
  if (!items) return { data };

  if (b.idParam) {
    const wanted = String(ctx.params[b.idParam]);
    const item = items.find((i) => String((i as Record<string, unknown>).id) === wanted);
    if (!item) throw restError('rest_record_invalid_id', [], { id: wanted });
    return { data: item };
  }
  if (ctx.params.page === undefined && ctx.params.per_page === undefined) return { data: items };
  const { page, perPage } = pagingOf(ctx);
  return pagedResponse(items.slice((page - 1) * perPage, page * perPage), items.length, perPage);
}

function isItemList(data: unknown): data is { items: unknown[] } {
  return typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items);
}
