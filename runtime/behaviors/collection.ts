/** `collection`: records of one kind with list (paged, searchable), get, create, update, upsert and delete. */
import type { CollectionBehavior } from '../../contract/model.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { deleteRecord, getRecord, getRecordToChange, insertRecord, insertWithNextKey, listRecords, putRecord, scopedKey, type StoredRecord } from './records.ts';
import { pagedResponse, pagingOf, payloadOf } from './payload.ts';
import { ensureSeeded } from './seed.ts';
import { activeFilters, matchesFilters } from './filters.ts';
import { looseText } from '../rest/loose-params.ts';
import { maskSecrets, protectSecrets } from '../secrets/secret-params.ts';

/** More records than any collection of this kind holds; filtered lists are paged after filtering. */
const FILTER_SCAN_LIMIT = 10_000;

export async function runCollection(ctx: HandlerContext, b: CollectionBehavior): Promise<HandlerResult> {
  const db = ctx.app.db;
  await ensureSeeded(db, b.collection, b.seed);
  const prefix = scopedKey('', ctx.user?.id ?? null, b.scope);
  const idOf = (): string => {
    // Without an id param, the record is the collection's one record (the state an action keeps).
    if (!b.idParam && b.op === 'get') return '_';
    const raw = b.idParam ? ctx.params[b.idParam] : undefined;
    if (raw === undefined || raw === null || raw === '') throw restError('rest_missing_callback_param', [b.idParam ?? 'id'], { params: [b.idParam ?? 'id'] });
    // An untyped key param may hold a list or an object: it names no record.
    if (typeof raw === 'object') throw restError('rest_invalid_param', [b.idParam!], { params: { [b.idParam!]: `${b.idParam} is not of type string.` } });
    return looseText(raw);
  };

  /** What a write stores: the params sent (renamed as the spec says), secrets protected. */
  const stored = async () => {
    const payload = payloadOf(ctx, b.idParam ? [b.idParam] : []);
    for (const [from, to] of Object.entries(b.rename ?? {})) {
      if (from in payload) {
        payload[to] = payload[from];
        delete payload[from];
      }
    }
    return protectSecrets(ctx.app.config.dataDir, payload, b.secrets);
  };

  switch (b.op) {
    case 'list': {
      const { page, perPage } = pagingOf(ctx);
      const search = typeof ctx.params.search === 'string' && ctx.params.search !== '' ? ctx.params.search : undefined;
      const wanted = activeFilters(ctx.params, b.filters);
      if (!wanted.length) {
        const { items, total } = await listRecords(db, b.collection, { keyPrefix: prefix || undefined, search, limit: perPage, offset: (page - 1) * perPage });
        return pagedResponse(items.map((r) => present(r, prefix)), total, perPage);
      }
      const { items } = await listRecords(db, b.collection, { keyPrefix: prefix || undefined, search, limit: FILTER_SCAN_LIMIT, offset: 0 });
      const kept = items.map((r) => present(r, prefix)).filter((item) => matchesFilters(item, wanted));
      return pagedResponse(kept.slice((page - 1) * perPage, page * perPage), kept.length, perPage);
    }
    case 'get': {
      const id = idOf();
      const record = await getRecord(db, b.collection, prefix + id);
      if (!record && b.absent) return { data: { id, ...b.absent } };
      if (!record) throw notFound(b.collection);
      return { data: present(record, prefix) };
    }
    // Writes that read what they change run in one transaction: a new key is claimed by the
    // unique index (insertWithNextKey), a merge locks its key from the read to the commit, so
    // concurrent requests to any process neither pick one key twice nor lose the fields another
    // update merged in.
    case 'create': {
      const data = await stored();
      if (!b.idParam || ctx.params[b.idParam] === undefined) {
        const record = await db.transaction().execute((trx) => insertWithNextKey(trx, b.collection, prefix, data));
        return { data: present(record, prefix), status: 201 };
      }
      const key = String(ctx.params[b.idParam]);
      const record = await insertRecord(db, b.collection, prefix + key, data);
      if (!record) throw restError('rest_record_exists', [], { id: key });
      return { data: present(record, prefix), status: 201 };
    }
    case 'update':
    case 'upsert': {
      const key = prefix + idOf();
      const changes = await stored();
      const { record, existed } = await db.transaction().execute(async (trx) => {
        const existing = await getRecordToChange(trx, b.collection, key);
        if (!existing && b.op === 'update') throw notFound(b.collection);
        return { record: await putRecord(trx, b.collection, key, { ...(existing?.data ?? {}), ...changes }), existed: Boolean(existing) };
      });
      return { data: present(record, prefix), status: existed ? 200 : 201 };
    }
    case 'delete': {
      const previous = await deleteRecord(db, b.collection, prefix + idOf());
      if (!previous) throw notFound(b.collection);
      return { data: { deleted: true, previous: present(previous, prefix) } };
    }
  }
}

/**
 * A record as clients see it: its own fields plus its id (the key without the user prefix; a
 * stored field named `id` never hides the key), secrets masked.
 */
function present(record: StoredRecord, prefix: string): Record<string, unknown> {
  const { id: _hidden, ...data } = record.data;
  return maskSecrets({ id: record.key.slice(prefix.length), ...data, date_created: record.created, date_modified: record.modified });
}

function notFound(collection: string) {
  return restError('rest_record_invalid_id', [], { collection });
}
