/**
 * The page builder's design variables (colours, fonts, sizes). All variables live in one
 * record with a watermark that every change increments: editors send the watermark they last
 * saw with a batch, and a stale one is refused rather than overwriting someone else's work.
 * Deletion is soft so that `restore` can bring a variable back.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import type { Database } from '../store/schema.ts';
import { getRecord, getRecordToChange, putRecord } from '../behaviors/records.ts';
import { asResult } from '../rest/answer.ts';

type Db = Kysely<Database> | Transaction<Database>;
const COLLECTION = 'pagebuilder.variables';
const KEY = 'site';

interface Variable {
  type: string;
  label: string;
  value: string;
  order?: number;
  deleted?: boolean;
  deleted_at?: string;
}

interface VariableSet {
  watermark: number;
  variables: Record<string, Variable>;
}

/** The set; inside a write (`trx`), locked until the commit, so the watermark check and the change see no other write in between. */
async function load(db: Db, trx?: Transaction<Database>): Promise<VariableSet> {
  const record = trx ? await getRecordToChange(trx, COLLECTION, KEY) : await getRecord(db, COLLECTION, KEY);
  return (record?.data as unknown as VariableSet) ?? { watermark: 0, variables: {} };
}

async function save(db: Db, set: VariableSet): Promise<VariableSet> {
  const next = { ...set, watermark: set.watermark + 1 };
  await putRecord(db, COLLECTION, KEY, next as unknown as Record<string, unknown>);
  return next;
}

function live(set: VariableSet): Record<string, Variable> {
  return Object.fromEntries(Object.entries(set.variables).filter(([, v]) => !v.deleted));
}

function assertLabelFree(set: VariableSet, label: string, exceptId?: string): void {
  const taken = Object.entries(live(set)).some(([id, v]) => id !== exceptId && v.label.toLowerCase() === label.toLowerCase());
  if (taken) throw restError('rest_variable_duplicated_label', [label]);
}

function requireVariable(set: VariableSet, id: string): Variable {
  const v = set.variables[id];
  if (!v) throw restError('rest_variable_not_found', [id]);
  return v;
}

type Operation = { type: string; id?: unknown; variable?: Record<string, unknown> } & Record<string, unknown>;

/**
 * Operation fields are not typed by the spec (restore's `id`, a batch's operations): only a
 * string, number or boolean is text; anything else reads as '' rather than throwing in
 * String() (an object whose own `toString` is not a function does).
 */
function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** Applies one change to the set in memory; returns the id it touched. */
function apply(set: VariableSet, op: Operation, now: Date): string {
  const fields = (op.variable ?? op) as Record<string, unknown>;
  const id = text(op.id ?? fields.id ?? '');
  switch (op.type) {
    case 'create': {
      const label = text(fields.label ?? '');
      assertLabelFree(set, label);
      const newId = `e-gv-${randomBytes(4).toString('hex')}`;
      const order = Object.keys(live(set)).length + 1;
      set.variables[newId] = { type: text(fields.type ?? ''), label, value: text(fields.value ?? ''), order };
      return newId;
    }
    case 'update': {
      const v = requireVariable(set, id);
      if (v.deleted) throw restError('rest_variable_not_found', [id]);
      if (fields.label !== undefined) assertLabelFree(set, text(fields.label), id);
      set.variables[id] = {
        ...v,
        ...(fields.label !== undefined && { label: text(fields.label) }),
        ...(fields.value !== undefined && { value: text(fields.value) }),
        ...(fields.type !== undefined && { type: text(fields.type) }),
        ...(fields.order !== undefined && { order: Number(text(fields.order)) }),
      };
      return id;
    }
    case 'delete': {
      const v = requireVariable(set, id);
      set.variables[id] = { ...v, deleted: true, deleted_at: now.toISOString() };
      return id;
    }
    case 'restore': {
      const v = requireVariable(set, id);
      const label = fields.label !== undefined ? text(fields.label) : v.label;
      assertLabelFree(set, label, id);
      const { deleted: _d, deleted_at: _a, ...rest } = v;
      set.variables[id] = {
        ...rest,
        label,
        ...(fields.value !== undefined && { value: text(fields.value) }),
        ...(fields.type !== undefined && { type: text(fields.type) }),
      };
      return id;
    }
    default:
      throw restError('rest_invalid_param', ['operations'], { params: { operations: `Unknown operation type ${text(op.type)}.` } });
  }
}

/** The body every variables route answers: the live set, its size and watermark, and what the route adds. */
function answer(set: VariableSet, extra: Record<string, unknown> = {}) {
  return { success: true, data: { variables: live(set), total: Object.keys(live(set)).length, watermark: set.watermark, ...extra } };
}

/** Takes no params: the whole live set. */
export async function listVariables<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  return asResult<R>(answer(await load(ctx.app.db)));
}

/**
 * What each single-change route sends: a create has no id yet; a restore's id is untyped in the
 * spec (read as text); `type` here is the variable's own (colour, font...), not the change's.
 */
export type VariableCreateParams = { type: string; label: string; value: string };
export type VariableUpdateParams = { id: string; label: string; value: string; order?: number; type?: string };
export type VariableDeleteParams = { id: string };
export type VariableRestoreParams = { id: unknown; label?: string; value?: string; type?: string };
export type VariableChangeParams = VariableCreateParams | VariableUpdateParams | VariableDeleteParams | VariableRestoreParams;

/** One change (create, update, delete, restore) as its own endpoint, atomically. */
export async function changeVariable<R>(ctx: HandlerContext<VariableChangeParams>, type: 'create' | 'update' | 'delete' | 'restore'): Promise<HandlerResult<R>> {
  return ctx.app.db.transaction().execute(async (trx) => {
    const set = await load(trx, trx);
    // The params carry the variable's own `type` (colour, font...): keep it apart from the change's.
    const id = apply(set, { type, id: 'id' in ctx.params ? ctx.params.id : undefined, variable: ctx.params }, ctx.app.now());
    const saved = await save(trx, set);
    return asResult<R>(answer(saved, { variable: { id, ...saved.variables[id] } }), { status: type === 'create' ? 201 : 200 });
  });
}

/** The watermark the editor last saw, and the changes (objects the spec does not type further). */
export type VariableBatchParams = { watermark: number; operations: unknown[] };

/** Several changes at once, all or none, against the watermark the editor last saw. */
export async function batchVariables<R>(ctx: HandlerContext<VariableBatchParams>): Promise<HandlerResult<R>> {
  return ctx.app.db.transaction().execute(async (trx) => {
    const set = await load(trx, trx);
    if (Number(ctx.params.watermark) !== set.watermark) {
      throw restError('rest_variables_watermark_mismatch', [String(set.watermark)], { watermark: set.watermark });
    }
    const results: Array<{ type: string; id: string }> = [];
    for (const op of ctx.params.operations as Operation[]) {
      if (typeof op !== 'object' || op === null) throw restError('rest_invalid_param', ['operations'], { params: { operations: 'Each operation must be an object.' } });
      results.push({ type: text(op.type), id: apply(set, op, ctx.app.now()) });
    }
    return asResult<R>(answer(await save(trx, set), { results }));
  });
}
