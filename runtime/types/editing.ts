/**
 * Whether a user may edit content of some type: what WordPress asks before it shows the block
 * editor's supporting data (the active theme, its styles, patterns, templates) to a caller.
 * Every registered type's own edit capability counts, so a role that edits only pages passes.
 */
import type { App } from '../rest/types.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { userCan } from '../auth/capabilities.ts';
import { allPostTypes, postTypeCaps } from '../../contract/post-types.ts';

export async function canEditSomeType(app: Pick<App, 'db'>, user: CurrentUser | null): Promise<boolean> {
  if (!user) return false;
  if (await userCan(app, user, 'edit_posts')) return true;
  for (const type of allPostTypes()) if (await userCan(app, user, postTypeCaps(type.name).edit_posts)) return true;
  return false;
}
