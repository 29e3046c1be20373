/**
 * The `status` param of post, page and media lists, as WordPress's sanitize_post_statuses reads
 * it: every status but the type's public one needs the type's edit capability (`private` also
 * read_private_posts), and that refusal comes while params are sanitized, before the enum is
 * checked. So an anonymous `status=publish` on media (not one of its statuses) is "Status is
 * forbidden.", not an enum error, and only callers who may ask get the enum error.
 */
import { postTypeEntry, type PostTypeEntry } from '../../contract/post-types.ts';
import type { Route } from '../../contract/model.ts';
import { postTypeCaps, userCan } from '../auth/capabilities.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { authError, invalidParam, RestError, restError } from '../rest/errors.ts';
import type { App } from '../rest/types.ts';
import { registerParamsRefusal, type ParamsRefusal } from '../rest/params-refusals.ts';

/** wp_parse_slug_list: a list, or a string split on commas and spaces. */
export function statusList(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : raw === undefined || raw === null ? [] : [raw];
  return items.map((s) => String(s).trim()).filter((s) => s !== '');
}

/** The refusal of the first status this user may not list, wrapped as the invalid param WordPress reports. */
export async function statusRefusal(app: Pick<App, 'db'>, user: CurrentUser | null, postType: string, statuses: string[]): Promise<RestError | undefined> {
  const caps = postTypeCaps(postType);
  const publicStatus = postTypeEntry(postType)?.publicStatus ?? 'publish';
  for (const status of statuses) {
    if (status === publicStatus) continue;
    const allowed = (await userCan(app, user, caps.edit_posts)) || (status === 'private' && (await userCan(app, user, caps.read_private_posts)));
    if (!allowed) return invalidParam('status', authError('forbidden_status', user));
  }
  return undefined;
}

/** The post type a GET of `route` lists (the spec's `postType` of a collection route), or undefined. */
function listedType(route: Pick<Route, 'path' | 'postType'>, method: string): PostTypeEntry | undefined {
  const entry = method === 'GET' && route.postType ? postTypeEntry(route.postType) : undefined;
  return entry && route.path.endsWith(`/${entry.restBase}`) ? entry : undefined;
}

/**
 * A params error of a list that names `status`: when the user may not ask for the statuses sent,
 * WordPress reports that refusal for `status` instead of the enum error (other params stay).
 */
export async function statusRefusedFirst(app: Pick<App, 'db'>, user: CurrentUser | null, route: Pick<Route, 'path' | 'postType'>, method: string, raw: unknown, error: unknown): Promise<unknown> {
  if (!(error instanceof RestError) || error.code !== 'rest_invalid_param') return error;
  const params = error.data.params as Record<string, string> | undefined;
  const details = error.data.details as Record<string, unknown> | undefined;
  const type = listedType(route, method);
  if (!type || !params || !details || !('status' in params)) return error;
  const refusal = await statusRefusal(app, user, type.name, statusList(raw));
  if (!refusal) return error;
  const own = refusal.data as { params: Record<string, string>; details: Record<string, unknown> };
  const names = Object.keys(params);
  return restError('rest_invalid_param', [names.join(', ')], {
    params: Object.fromEntries(names.map((n) => [n, n === 'status' ? own.params.status! : params[n]!])),
    details: Object.fromEntries(names.map((n) => [n, n === 'status' ? own.details.status : details[n]])),
  });
}

/** The pipeline's view of this refusal (rest/params-refusals.ts): the `status` sent in the query. */
const listStatusRefusal: ParamsRefusal = (app, user, route, method, query, error) => statusRefusedFirst(app, user, route, method, query.status, error);
// Registered with the pipeline, which knows no resource; auth/rules.ts loads this module with
// the rules every request passes through.
registerParamsRefusal(listStatusRefusal);
