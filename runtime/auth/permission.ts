/**
 * Runs an endpoint's declared permission (spec `permission`) against the current user, as the
 * permission callbacks of WordPress's REST controllers do. Runs after params are validated,
 * before the handler. Failures throw a RestError: 401 for anonymous callers, 403 for logged-in
 * ones, 404 where the object the rule is about does not exist (WordPress checks that first).
 *
 * The named rules (create_post, edit_post, read_revision...) live in rules.ts. The post type
 * they judge is the route's, from the post type registry (contract/post-types.ts).
 */
import type { Permission } from '../../contract/model.ts';
import type { EndpointDef, HandlerContext, RouteDef } from '../rest/types.ts';
import { RestError } from '../rest/errors.ts';
import { authError } from '../rest/errors.ts';
import { userCan } from './capabilities.ts';
import { REFUSES_ANONYMOUS, RULES } from './rules.ts';
import { isRuleName } from '../../contract/permission-rules.ts';
import { postTypeOfRoute } from '../../contract/post-types.ts';

/** What a permission check needs of a request; a HandlerContext has it all. */
export type PermissionContext = Pick<HandlerContext, 'app' | 'user' | 'params' | 'route' | 'target'>;

export async function checkPermission(ctx: PermissionContext, permission: Permission): Promise<void> {
  switch (permission.kind) {
    case 'public':
      return;
    case 'capability':
      if (!(await userCan(ctx.app, ctx.user, permission.capability))) throw authError('forbidden', ctx.user);
      return;
    case 'rule': {
      // The spec's validation refuses unknown rule names (SP049); a hand-made table with one fails closed.
      if (!isRuleName(permission.rule)) throw authError('forbidden', ctx.user);
      return RULES[permission.rule]!(ctx, postTypeOfRoute(ctx.route).name);
    }
  }
}

/** Whether `permission` refuses every anonymous caller, so that `Allow` need not ask it. */
function refusesAnonymous(permission: Permission): boolean {
  return permission.kind === 'capability' || (permission.kind === 'rule' && REFUSES_ANONYMOUS.has(permission.rule));
}

/**
 * Allow for an anonymous caller when it needs no check: every endpoint of the route but the one
 * already granted refuses anonymous callers, so the answer is the granted endpoint's methods
 * whatever the params. Worked out once per route and granted endpoint; undefined when some
 * endpoint's rule must run (a public one, or a rule that looks at the item).
 */
const ANONYMOUS_ALLOW = new WeakMap<RouteDef, Map<EndpointDef | undefined, string[] | undefined>>();

export function settledAnonymousAllow(route: RouteDef, granted?: EndpointDef): string[] | undefined {
  let byGranted = ANONYMOUS_ALLOW.get(route);
  if (!byGranted) ANONYMOUS_ALLOW.set(route, (byGranted = new Map()));
  if (!byGranted.has(granted)) {
    const settled = route.endpoints.every((e) => e === granted || refusesAnonymous(e.permission));
    byGranted.set(granted, settled ? (Object.freeze([...new Set(granted?.methods ?? [])]) as string[]) : undefined);
  }
  return byGranted.get(granted);
}

/** The methods of `route` the current user may call, for the `Allow` header (WordPress drops the others). */
export async function allowedMethods(ctx: PermissionContext, route: RouteDef, granted?: EndpointDef): Promise<string[]> {
  const settled = ctx.user ? undefined : settledAnonymousAllow(route, granted);
  if (settled) return settled;
  const allowed = new Set<string>();
  for (const endpoint of route.endpoints) {
    try {
      if (endpoint === granted) {
        for (const m of endpoint.methods) allowed.add(m);
        continue;
      }
      if (!ctx.user && refusesAnonymous(endpoint.permission)) continue;
      await checkPermission({ ...ctx, route }, endpoint.permission);
      for (const m of endpoint.methods) allowed.add(m);
    } catch (error) {
      // Refused for this user: the method stays out of Allow. Anything else is a bug: let it show.
      if (!(error instanceof RestError)) throw error;
      // A bad param found on the way (WordPress finds it while sanitizing, not in the permission
      // callback) says nothing about the method being allowed.
      if (error.code === 'rest_invalid_param') for (const m of endpoint.methods) allowed.add(m);
    }
  }
  return [...allowed];
}
