/**
 * Permission rules of the types and taxonomies routes: reading is public; `context=edit` needs
 * edit rights on some content type (types) or the taxonomy's manage capability (taxonomies), and
 * a named entry that does not exist is 404 first, as in WordPress.
 */
import { authError, type ErrorKey } from '../rest/errors.ts';
import { userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';
import { primitiveTermCap, TAXONOMIES } from '../terms/taxonomies.ts';
import { allPostTypes, postTypeCaps, postTypeEntry } from '../../contract/post-types.ts';

type Rule = (ctx: PermissionContext) => Promise<void>;

const deny = (key: ErrorKey, ctx: PermissionContext): never => {
  throw authError(key, ctx.user);
};

const readTypes: Rule = async (ctx) => {
  const named = ctx.params.type;
  const one = typeof named === 'string' ? postTypeEntry(named) : undefined;
  if (named !== undefined && !one) deny('type_invalid', ctx);
  if (ctx.params.context !== 'edit') return;
  for (const t of one ? [one] : allPostTypes()) if (await userCan(ctx.app, ctx.user, postTypeCaps(t.name).edit_posts)) return;
  deny('type_forbidden_context', ctx);
};

const readTaxonomies: Rule = async (ctx) => {
  const named = ctx.params.taxonomy;
  const taxes = named === undefined ? TAXONOMIES : TAXONOMIES.filter((t) => t.taxonomy === named);
  if (named !== undefined && !taxes.length) deny('taxonomy_invalid', ctx);
  if (ctx.params.context !== 'edit') return;
  for (const t of taxes) if (await userCan(ctx.app, ctx.user, primitiveTermCap(t.capabilities.manage_terms))) return;
  deny('taxonomy_forbidden_context', ctx);
};

export const TYPE_RULES: Record<string, Rule> = { read_types: readTypes, read_taxonomies: readTaxonomies };
