/**
 * Prepared posts and pages kept by the process, with their JSON text, so that a read of an item
 * nothing has written since costs neither its relations' queries, nor building and filtering its
 * fields, nor serializing it. Kept in the process cache's `items`, which follows the `answers`
 * version row: any write to a table an item shows (posts, postmeta, terms, their relationships,
 * options, users) drops them all, in this process at once and in others at their next request,
 * except rows the change map declares unshown (runtime/cache/change-map.ts: a form's view count).
 *
 * An item depends on who reads it (allowed methods, edit links), the namespace it is read in,
 * its context and excerpt length: all in the key. Password-protected items are never kept (what
 * they show depends on the password sent).
 */
import type { Kysely } from 'kysely';
import { processCacheOf } from '../cache/process-cache.ts';
import { keptSize, serializeOnce } from '../rest/serialize-once.ts';
import type { HandlerContext } from '../rest/types.ts';
import type { PostHead, PrepareOptions } from './prepare.ts';
import { restBase } from './links.ts';

type Item = Record<string, unknown>;

/**
 * Each row's prepared item: kept ones from the cache, the others from `prepare` (called once, with
 * only the missing rows; undefined for a row gone since it was listed), kept for next time. Kept
 * items are frozen: they are shared between answers.
 */
export async function preparedThroughCache(ctx: HandlerContext, rows: PostHead[], opts: PrepareOptions, prepare: (rows: PostHead[]) => Promise<Array<Item | undefined>>): Promise<Item[]> {
  const cache = processCacheOf(ctx.app.db as Kysely<unknown>);
  if (!cache || opts.password !== undefined) return present(await prepare(rows));
  const prefix = `${restBase(ctx)}\n${opts.context}\n${ctx.user?.id ?? 0}\n${opts.excerptLength ?? ''}\n`;
  const items: Array<Item | undefined> = new Array(rows.length);
  const missing: number[] = [];
  rows.forEach((row, i) => {
    const hit = row.password ? undefined : cache.lookup('items', prefix + row.id);
    if (hit) items[i] = hit.value as Item;
    else missing.push(i);
  });
  if (missing.length) {
    const generation = cache.generation('items');
    const fresh = await prepare(missing.map((i) => rows[i]!));
    missing.forEach((i, n) => {
      const row = rows[i]!;
      const item = fresh[n];
      items[i] = item;
      if (!item || row.password) return;
      serializeOnce(item);
      cache.store('items', prefix + row.id, item, generation, prefix.length + keptSize(item));
    });
  }
  return present(items);
}

/** The items prepared, without those whose row was gone (see prepare.ts fullRows). */
function present(items: Array<Item | undefined>): Item[] {
  return items.includes(undefined) ? items.filter((i): i is Item => i !== undefined) : (items as Item[]);
}
