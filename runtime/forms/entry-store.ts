/**
 * How an entry row is read and answered, and its log: shared by the visitor's submission and
 * the administrator's entry operations.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { restError } from '../rest/errors.ts';
import type { Database, FormEntriesTable } from '../store/schema.ts';
import { gmtNow } from '../content/dates.ts';

export type Db = Kysely<Database> | Transaction<Database>;
export type EntryRow = Selectable<FormEntriesTable>;

export function presentEntry(row: EntryRow) {
  return {
    id: row.id,
    form_id: row.form_id,
    user_id: row.user_id,
    status: row.status,
    type: row.type,
    data: JSON.parse(row.data) as Record<string, unknown>,
    created_at: row.created_at.replace(' ', 'T'),
    updated_at: row.updated_at.replace(' ', 'T'),
  };
}

export async function addLog(db: Db, entryId: number, message: string, now: Date): Promise<void> {
  await db.insertInto('form_entry_logs').values({ entry_id: entryId, message, created_at: gmtNow(now) }).execute();
}

export async function requireEntry(db: Db, id: number): Promise<EntryRow> {
  const row = await db.selectFrom('form_entries').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw restError('rest_entry_invalid_id', [], { entry_id: id });
  return row;
}
