/**
 * Form views counted in batches. `POST /formsuite/v1/forms/track-view` comes from every
 * visitor's browser, and each view counted alone was a commit, many a second on a busy site: on
 * SQLite each a log sync that every read answered meanwhile waits for (the server answers only
 * what is durable, runtime/http/server.ts). A view waits at most WINDOW_MS for those that arrive
 * meanwhile; one transaction adds them all to their forms' counts, and each view is answered
 * with its own number, as if they had been counted one by one. A view is still answered only
 * once its count is committed (and, on SQLite, synced).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { incrementViews } from './form-store.ts';

/** Long enough to gather a busy site's views into a few commits a second; a view is a beacon nobody waits on. */
const WINDOW_MS = 200;

interface Waiting {
  resolve: (views: number) => void;
  reject: (error: unknown) => void;
}

/** The batch being gathered per database: form id → its views, in arrival order. */
const gathering = new WeakMap<object, Map<number, Waiting[]>>();

/** Counts one view of `formId`; answers the form's view count with it. */
export function countView(db: Kysely<Database>, formId: number): Promise<number> {
  // Inside a caller's transaction, the view commits with it: nothing to gather.
  if (db.isTransaction) return incrementViews(db, formId);
  const batch = gathering.get(db) ?? gather(db);
  const views = batch.get(formId) ?? batch.set(formId, []).get(formId)!;
  return new Promise((resolve, reject) => views.push({ resolve, reject }));
}

/** Opens the batch of `db`, counted WINDOW_MS from now. */
function gather(db: Kysely<Database>): Map<number, Waiting[]> {
  const batch = new Map<number, Waiting[]>();
  gathering.set(db, batch);
  setTimeout(() => {
    gathering.delete(db);
    void flush(db, batch);
  }, WINDOW_MS);
  return batch;
}

async function flush(db: Kysely<Database>, batch: Map<number, Waiting[]>): Promise<void> {
  // In id order: each count locks its form's row until the commit (form-store.ts incrementViews),
  // and two processes flushing the same forms then never wait for each other in a cycle.
  const forms = [...batch].sort(([a], [b]) => a - b);
  try {
    // One transaction for the batch: views counted by other processes meanwhile are kept.
    const totals = await db.transaction().execute(async (trx) => {
      const out: number[] = [];
      for (const [form, views] of forms) out.push(await incrementViews(trx, form, views.length));
      return out;
    });
    forms.forEach(([, views], i) => views.forEach((view, n) => view.resolve(totals[i]! - views.length + 1 + n)));
  } catch (error) {
    for (const [, views] of forms) for (const view of views) view.reject(error);
  }
}
