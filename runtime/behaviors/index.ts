/**
 * The declarative behaviours of DESIGN.md: an endpoint marked with one in the spec is real from
 * the first day, without a hand-written handler. The dispatcher calls `runBehavior` after
 * params are validated and permission is granted.
 */
import type { Behavior } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { runOption } from './option.ts';
import { runCollection } from './collection.ts';
import { runAction } from './action.ts';
import { runCatalog } from './catalog.ts';
import { runInbox } from './inbox.ts';
import { runUpstream } from './upstream.ts';
import { enforceWriteLimits } from './write-limits.ts';
import { restError } from '../rest/errors.ts';

export async function runBehavior(ctx: HandlerContext, behavior: Behavior): Promise<HandlerResult> {
  await enforceWriteLimits(ctx, behavior);
  switch (behavior.kind) {
    case 'option':
      return runOption(ctx, behavior);
    case 'collection':
      return runCollection(ctx, behavior);
    case 'action':
      return runAction(ctx, behavior);
    case 'catalog':
      return runCatalog(ctx, behavior);
    case 'inbox':
      return runInbox(ctx, behavior);
    case 'upstream':
      return runUpstream(ctx, behavior);
    case 'unavailable':
      throw restError('rest_unavailable', [behavior.reason, behavior.needs], { needs: behavior.needs }, behavior.status);
    case 'index':
      // Namespace index routes need the route table; the dispatcher answers them itself.
      throw new Error('index routes are answered by the dispatcher');
  }
}
