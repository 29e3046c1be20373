/**
 * Refusals that WordPress reports while it sanitizes params, before their values are checked:
 * a resource may replace a params error with its own (a list's `status` the caller may not ask
 * for is "Status is forbidden." rather than an enum error: content/list-status.ts). The resource
 * registers its rewrite here, so the pipeline (dispatch.ts) runs it without knowing the resource.
 */
import type { Route } from '../../contract/model.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import type { App, RestRequest } from './types.ts';

/** The error to report for this request's params error `error` (the same one when it has nothing to say). */
export type ParamsRefusal = (app: Pick<App, 'db'>, user: CurrentUser | null, route: Pick<Route, 'path' | 'postType'>, method: string, query: RestRequest['query'], error: unknown) => Promise<unknown>;

const refusals: ParamsRefusal[] = [];

/** Adds a rewrite of params errors (once, however often a module registering it is loaded). */
export function registerParamsRefusal(refusal: ParamsRefusal): void {
  if (!refusals.includes(refusal)) refusals.push(refusal);
}

/** `error` as the registered rewrites report it, in the order they were registered. */
export async function refusedParamsError(app: Pick<App, 'db'>, user: CurrentUser | null, route: Pick<Route, 'path' | 'postType'>, method: string, query: RestRequest['query'], error: unknown): Promise<unknown> {
  let reported = error;
  for (const refusal of refusals) reported = await refusal(app, user, route, method, query, reported);
  return reported;
}
