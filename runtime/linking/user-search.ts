/**
 * The editor's link search over users (`GET pagebuilder/v1/user`): users whose login, display
 * name, nicename or email contains the search text, in display-name order. `role` is the
 * user's first role, which is how the picker groups them.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { containsText } from './text-match.ts';
import { convertKeys, itemsCount, keyMapOf } from './result-keys.ts';
import { asResult } from '../rest/answer.ts';

/** What the user search reads: the text, the keys asked for, and how many. */
export type UserSearchParams = { term: string; keys_conversion_map: string | unknown[]; items_count: number };

export async function searchUsers<R>(ctx: HandlerContext<UserSearchParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const term = String(p.term ?? '').trim();
  const map = keyMapOf(p.keys_conversion_map, { ID: 'id', display_name: 'label', role: 'groupLabel' });
  let q = ctx.app.db.selectFrom('users').selectAll();
  if (term) {
    q = q.where((eb) => eb.or([containsText('login', term), containsText('display_name', term), containsText('nicename', term), containsText('email', term)]));
  }
  const rows = await q.orderBy('display_name', 'asc').orderBy('id', 'asc').limit(itemsCount(p.items_count)).execute();
  const found = rows.map((r) => {
    const roles = JSON.parse(r.roles) as string[];
    return { ID: r.id, user_login: r.login, user_nicename: r.nicename, display_name: r.display_name, user_email: r.email, role: roles[0] ?? '' };
  });
  return asResult<R>(found.map((item) => convertKeys(item, map)));
}
