/**
 * Reading and editing one form by id (`/formsuite/v1/forms/<id>`): the title, the field list
 * and the settings a site owner changes after creating the form. The edit is one transaction,
 * and the field list is checked first, since the renderer and the submission checks key on
 * field names.
 */
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { findForm, updateForm, type FormChanges } from './form-store.ts';
import { presentForm, requireForm } from './forms.ts';
import { asResult } from '../rest/answer.ts';
import { isObjectParam } from '../rest/object-param.ts';

/** The form the path names. */
export type FormReadParams = { id: number };

export async function readForm<R>(ctx: HandlerContext<FormReadParams>): Promise<HandlerResult<R>> {
  return asResult<R>(presentForm(await requireForm(ctx, Number(ctx.params.id))));
}

/** Why a field list cannot be stored, or undefined: every field an object with a unique, non-empty name. */
export function fieldListProblem(fields: unknown[]): string | undefined {
  const seen = new Set<string>();
  for (const [i, raw] of fields.entries()) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return `fields[${i}] is not an object.`;
    const name = (raw as Record<string, unknown>).name;
    if (typeof name !== 'string' || !name.trim()) return `fields[${i}] has no name.`;
    if (seen.has(name)) return `fields[${i}] repeats the name ${name}.`;
    seen.add(name);
  }
  return undefined;
}

/** The form the path names and what an edit may change; each is left as it is when not sent. */
export type FormEditParams = {
  id: number;
  title?: string;
  fields?: object[];
  settings?: object;
  status?: 'publish' | 'draft' | 'private';
};

export async function editForm<R>(ctx: HandlerContext<FormEditParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const id = Number(p.id);
  await requireForm(ctx, id);
  const changes: FormChanges = {};
  if (typeof p.title === 'string') {
    if (!p.title.trim()) throw restError('rest_invalid_param', ['title'], { params: { title: 'title must not be empty.' } });
    changes.title = p.title;
  }
  if (Array.isArray(p.fields)) {
    const problem = fieldListProblem(p.fields);
    if (problem) throw restError('rest_invalid_param', ['fields'], { params: { fields: problem } });
    changes.fields = p.fields;
  }
  if (isObjectParam(p.settings)) changes.settings = p.settings;
  if (typeof p.status === 'string') changes.status = p.status;
  await ctx.app.db.transaction().execute((trx) => updateForm(trx, id, changes, ctx.app.now()));
  return asResult<R>(presentForm((await findForm(ctx.app.db, id))!));
}
