/**
 * Rows a batch's creates add to the tables no later create of the batch reads, written once per
 * table instead of once per item: a post's terms (`term_relationships`), the published counts of
 * those terms (`terms.count`, one increment per term by the number of posts) and a new post's meta
 * (`postmeta`). Each statement costs more in the layers above SQLite (building, plugins, the
 * connection's queue) than in SQLite itself, and a batch of 25 creates ran 25 of each.
 *
 * Also kept for the run: what a create reads again and again and only a create of the same run
 * could change, as this transaction alone writes (SQLite's one writer; on PostgreSQL sequences
 * and row locks): the next post id (SQLite) and the default category found.
 *
 * The batch (rest/batch.ts) flushes before anything could read what is pending: before the
 * answers of the creates are prepared and before an item of another kind runs. Each item runs in
 * a savepoint (store/savepoints.ts): an item rolled back drops what it added here, and what was
 * remembered (its id may be taken again), so a failing item leaves no row of itself.
 * Outside a batch nothing is pending: writers write at once.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { countsAtCommit, noteTermCounts } from './term-count-notes.ts';

type Pending = { table: 'term_relationships'; row: { post_id: number; term_id: number } } | { table: 'postmeta'; row: { post_id: number; meta_key: string; meta_value: string } } | { table: 'term_count'; termId: number };

export class BatchWrites {
  #pending: Pending[] = [];
  #remembered = new Map<string, unknown>();

  relate(postId: number, termId: number): void {
    this.#pending.push({ table: 'term_relationships', row: { post_id: postId, term_id: termId } });
  }

  countOneMore(termId: number): void {
    this.#pending.push({ table: 'term_count', termId });
  }

  addMeta(postId: number, key: string, value: string): void {
    this.#pending.push({ table: 'postmeta', row: { post_id: postId, meta_key: key, meta_value: value } });
  }

  /** A value read once for the run of creates (until the next flush or rollback). */
  remembered<T>(name: string): T | undefined {
    return this.#remembered.get(name) as T | undefined;
  }

  remember(name: string, value: unknown): void {
    this.#remembered.set(name, value);
  }

  /** Where an item's savepoint begins. */
  mark(): number {
    return this.#pending.length;
  }

  /** The item's savepoint was rolled back: what it added goes, and nothing remembered is trusted. */
  rollBackTo(mark: number): void {
    this.#pending.length = Math.min(mark, this.#pending.length);
    this.#remembered.clear();
  }

  /** Writes what is pending, one statement per table (terms: one per term, in id order). */
  async flush(db: Kysely<Database>): Promise<void> {
    const pending = this.#pending;
    this.#pending = [];
    this.#remembered.clear();
    const relations = pending.flatMap((p) => (p.table === 'term_relationships' ? [p.row] : []));
    const meta = pending.flatMap((p) => (p.table === 'postmeta' ? [p.row] : []));
    const counts = new Map<number, number>();
    for (const p of pending) if (p.table === 'term_count') counts.set(p.termId, (counts.get(p.termId) ?? 0) + 1);
    if (relations.length) await db.insertInto('term_relationships').values(relations).execute();
    if (meta.length) await db.insertInto('postmeta').values(meta).execute();
    // PostgreSQL raises them at COMMIT (./term-count-notes.ts), in one note for the batch.
    if (countsAtCommit(db)) return noteTermCounts(db, [...counts].map(([termId, more]) => ({ termId, more })));
    // In id order, as single increments lock them: two writers never wait for each other in a cycle.
    for (const [termId, more] of [...counts].sort((a, b) => a[0] - b[0])) {
      await db.updateTable('terms').set((eb) => ({ count: eb('count', '+', more) })).where('id', '=', termId).execute();
    }
  }
}

const byHandle = new WeakMap<object, BatchWrites>();

/** The batch's pending writes when `db` is a batch's transaction handle. */
export function batchWritesOf<DB>(db: Kysely<DB>): BatchWrites | undefined {
  return byHandle.get(db);
}

export function attachBatchWrites<DB>(db: Kysely<DB>, writes: BatchWrites): void {
  byHandle.set(db, writes);
}
