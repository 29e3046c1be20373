/**
 * What stands between a public form and bots: the honeypot field and a per-address limit, both
 * switched by the global settings. A filled honeypot is answered with a 400 in the interface's
 * shape (not a success-looking answer) and nothing is stored.
 */
import { limitPerAddress } from '../behaviors/write-limits.ts';
import { restError } from '../rest/errors.ts';
import type { HandlerContext } from '../rest/types.ts';
import type { FormsGlobalSettings } from './global-settings.ts';
import type { SubmissionParams } from './submission.ts';

/** Name of the field the rendered form hides from people (markup.ts prints it). */
export const HONEYPOT_FIELD = 'formsuite_hp';

/** Throws on a filled honeypot, or the 429 past the rate; returns when the submission may go on. */
export async function guardSubmission(ctx: HandlerContext<SubmissionParams>, settings: FormsGlobalSettings): Promise<void> {
  const bait = ctx.params[HONEYPOT_FIELD];
  if (settings.honeypot && bait !== undefined && bait !== null && String(bait).trim() !== '') throw restError('rest_form_spam', [], { field: HONEYPOT_FIELD });
  if (settings.ratePerMinute > 0) await limitPerAddress(ctx, settings.ratePerMinute);
}
