/**
 * What the block editor and the form editor load at start: the list of forms to pick from
 * (`forms-data`), and the editor's own set-up (`form-data`): the field types it can build, the
 * settings a new form starts with, and where forms submit to.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { FORM_TYPE } from './form-store.ts';
import { restDate } from '../content/dates.ts';
import { DEFAULT_FORM_SETTINGS, FIELD_TYPES } from './field-types.ts';
import { asResult } from '../rest/answer.ts';

/** Takes no params: every form but the trashed ones. */
export async function formsData<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  const rows = await ctx.app.db
    .selectFrom('posts')
    .select(['id', 'title', 'status', 'modified_gmt'])
    .where('type', '=', FORM_TYPE)
    .where('status', 'in', ['publish', 'draft', 'private'])
    .orderBy('modified_gmt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return asResult<R>(rows.map((r) => ({ id: r.id, title: r.title, status: r.status, modified: restDate(r.modified_gmt) })));
}

/** Takes no params: the editor's set-up is the same for every form. */
export async function formData<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  const counts = await ctx.app.db
    .selectFrom('posts')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .where('type', '=', FORM_TYPE)
    .groupBy('status')
    .execute();
  return asResult<R>({
          field_types: FIELD_TYPES,
          default_settings: DEFAULT_FORM_SETTINGS,
          submit_url: `${ctx.app.config.restUrl}/formsuite/v1/submit-form`,
          forms_count: Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])),
        });
}
