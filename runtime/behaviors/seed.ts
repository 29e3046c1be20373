/**
 * Seeds a collection with the records the spec ships (default global colours, ...) the first
 * time it is used, and never again: a user who deletes a seeded record keeps it deleted.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { getRecord, putRecord } from './records.ts';

const MARKER = '__seeded';

export async function ensureSeeded(db: Kysely<Database>, collection: string, seed: Array<Record<string, unknown>> | undefined): Promise<void> {
  if (!seed?.length) return;
  if (await getRecord(db, MARKER, collection)) return;
  await db.transaction().execute(async (trx) => {
    if (await getRecord(trx, MARKER, collection)) return;
    for (const [i, item] of seed.entries()) {
      const { id, ...data } = item;
      await putRecord(trx, collection, String(id ?? i + 1), data);
    }
    await putRecord(trx, MARKER, collection, { at: new Date().toISOString() });
  });
}
