/** `collection`: records of one kind with list (paged, searchable), get, create, update, upsert and delete. */
import type { CollectionBehavior } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { deleteRecord, getRecord, listRecords, nextNumericKey, putRecord, scopedKey, type StoredRecord } from './records.ts';
import { pagedResponse, pagingOf, payloadOf } from './payload.ts';
import { ensureSeeded } from './seed.ts';
import { looseText } from '../rest/loose-params.ts';

export async function runCollection(ctx: HandlerContext, b: CollectionBehavior): Promise<HandlerResult> {
  const db = ctx.app.db;
  await ensureSeeded(db, b.collection, b.seed);
  const prefix = scopedKey('', ctx.user?.id ?? null, b.scope);
  const idOf = (): string => {
    const raw = b.idParam ? ctx.params[b.idParam] : undefined;
    if (raw === undefined || raw === null || raw === '') throw restError('rest_missing_callback_param', [b.idParam ?? 'id'], { params: [b.idParam ?? 'id'] });
    // An untyped key param may hold a list or an object: it names no record.
    if (typeof raw === 'object') throw restError('rest_invalid_param', [b.idParam!], { params: { [b.idParam!]: `${b.idParam} is not of type string.` } });
    return looseText(raw);
  };

  switch (b.op) {
    case 'list': {
      const { page, perPage } = pagingOf(ctx);
      const search = typeof ctx.params.search === 'string' && ctx.params.search !== '' ? ctx.params.search : undefined;
      const { items, total } = await listRecords(db, b.collection, { keyPrefix: prefix || undefined, search, limit: perPage, offset: (page - 1) * perPage });
      return pagedResponse(items.map((r) => present(r, prefix)), total, perPage);
    }
    case 'get': {
      const record = await getRecord(db, b.collection, prefix + idOf());
      if (!record) throw notFound(b.collection);
      return { data: present(record, prefix) };
    }
    case 'create': {
      const key = b.idParam && ctx.params[b.idParam] !== undefined ? String(ctx.params[b.idParam]) : await nextNumericKey(db);
      if (await getRecord(db, b.collection, prefix + key)) {
        throw restError('rest_record_exists', [], { id: key });
      }
      const record = await putRecord(db, b.collection, prefix + key, payloadOf(ctx, b.idParam ? [b.idParam] : []));
      return { data: present(record, prefix), status: 201 };
    }
    case 'update':
    case 'upsert': {
      const key = prefix + idOf();
      const existing = await getRecord(db, b.collection, key);
      if (!existing && b.op === 'update') throw notFound(b.collection);
      const data = { ...(existing?.data ?? {}), ...payloadOf(ctx, b.idParam ? [b.idParam] : []) };
      const record = await putRecord(db, b.collection, key, data);
      return { data: present(record, prefix), status: existing ? 200 : 201 };
    }
    case 'delete': {
      const key = prefix + idOf();
      const existing = await getRecord(db, b.collection, key);
      if (!existing) throw notFound(b.collection);
      await deleteRecord(db, b.collection, key);
      return { data: { deleted: true, previous: present(existing, prefix) } };
    }
  }
}

/** A record as clients see it: its own fields plus its id (the key without the user prefix). */
function present(record: StoredRecord, prefix: string): Record<string, unknown> {
  return { id: record.key.slice(prefix.length), ...record.data, date_created: record.created, date_modified: record.modified };
}

function notFound(collection: string) {
  return restError('rest_record_invalid_id', [], { collection });
}
