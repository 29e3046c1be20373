/**
 * Permission rules of the types and taxonomies routes: reading is public; `context=edit` needs
 * edit rights on some content type (types) or the right to assign terms of the taxonomy (taxonomies).
 * A named entry that does not exist, and one type's edit context, are refused by the handler
 * (service.ts), as WordPress refuses them in get_item: the route stays allowed, so `Allow: GET`.
 */
import { authError, type ErrorKey } from '../rest/errors.ts';
import { userCan } from '../auth/capabilities.ts';
import type { PermissionContext } from '../auth/permission.ts';
import { primitiveTermCap, TAXONOMIES } from '../terms/taxonomies.ts';
import { allPostTypes, postTypeCaps } from '../../contract/post-types.ts';

type Rule = (ctx: PermissionContext) => Promise<void>;

const deny = (key: ErrorKey, ctx: PermissionContext): never => {
  throw authError(key, ctx.user);
};

const readTypes: Rule = async (ctx) => {
  if (ctx.params.type !== undefined || ctx.params.context !== 'edit') return;
  for (const t of allPostTypes()) if (await userCan(ctx.app, ctx.user, postTypeCaps(t.name).edit_posts)) return;
  deny('type_forbidden_context', ctx);
};

/** The edit context needs the right to assign terms of the taxonomy (of any, for the list), as WordPress checks. */
const readTaxonomies: Rule = async (ctx) => {
  const named = ctx.params.taxonomy;
  const taxes = named === undefined ? TAXONOMIES : TAXONOMIES.filter((t) => t.taxonomy === named);
  if (ctx.params.context !== 'edit' || !taxes.length) return;
  for (const t of taxes) if (await userCan(ctx.app, ctx.user, primitiveTermCap(t.capabilities.assign_terms))) return;
  deny(named === undefined ? 'taxonomy_forbidden_context' : 'taxonomy_forbidden_context_item', ctx);
};

export const TYPE_RULES: Record<string, Rule> = { read_types: readTypes, read_taxonomies: readTaxonomies };
