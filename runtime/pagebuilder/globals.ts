/**
 * `GET pagebuilder/v1/globals`: the global colours and typography in one answer, keyed by kind
 * and then by id, as the editor loads them at start. The records are those of the two
 * `collection` behaviours; their shipped defaults are taken from those endpoints' own spec
 * (`seed`) so the two answers can never disagree.
 */
import type { CollectionBehavior } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { listRecords } from '../behaviors/records.ts';
import { ensureSeeded } from '../behaviors/seed.ts';
import { asResult } from '../rest/answer.ts';

const KINDS = { colors: 'pagebuilder.colors', typography: 'pagebuilder.typography' } as const;

function seedOf(ctx: HandlerContext<unknown>, collection: string): CollectionBehavior['seed'] {
  for (const route of ctx.app.routes) {
    for (const endpoint of route.endpoints) {
      const b = endpoint.behavior;
      if (b?.kind === 'collection' && b.collection === collection && b.seed?.length) return b.seed;
    }
  }
  return undefined;
}

/** Takes no params: both kinds, every record. */
export async function getGlobals<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [kind, collection] of Object.entries(KINDS)) {
    await ensureSeeded(ctx.app.db, collection, seedOf(ctx, collection));
    const { items } = await listRecords(ctx.app.db, collection, { limit: 10_000, offset: 0 });
    out[kind] = Object.fromEntries(items.map((r) => [r.key, { id: r.key, ...r.data }]));
  }
  return asResult<R>(out);
}
