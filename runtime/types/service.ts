/**
 * The types and taxonomies routes (read only): lists keyed by slug, as WordPress answers them,
 * and single entries. Permission rules (rules.ts) have run.
 */
import type { Context } from '../../contract/model.ts';
import { resourceFields } from '../content/context.ts';
import { requestNamespace, restBase } from '../content/links.ts';
import { userCan } from '../auth/capabilities.ts';
import { authError, restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { TAXONOMIES } from '../terms/taxonomies.ts';
import { allPostTypes, postTypeCaps, postTypeEntry } from '../../contract/post-types.ts';
import { preparePostType, prepareTaxonomy } from './prepare.ts';

const contextOf = (ctx: HandlerContext): Context => (ctx.params.context as Context) ?? 'view';

export function listTypes(ctx: HandlerContext): HandlerResult {
  const fields = resourceFields(ctx, 'post-type');
  const data = Object.fromEntries(allPostTypes().map((t) => [t.name, preparePostType(t, restBase(ctx), requestNamespace(ctx), fields, contextOf(ctx))]));
  return { data };
}

export async function getType(ctx: HandlerContext): Promise<HandlerResult> {
  const t = typeof ctx.params.type === 'string' ? postTypeEntry(ctx.params.type) : undefined;
  if (!t) throw restError('type_invalid');
  if (contextOf(ctx) === 'edit' && !(await userCan(ctx.app, ctx.user, postTypeCaps(t.name).edit_posts))) throw authError('type_forbidden_context_item', ctx.user);
  return { data: preparePostType(t, restBase(ctx), requestNamespace(ctx), resourceFields(ctx, 'post-type'), contextOf(ctx)) };
}

export function listTaxonomies(ctx: HandlerContext): HandlerResult {
  const fields = resourceFields(ctx, 'taxonomy');
  const type = ctx.params.type;
  const chosen = typeof type === 'string' && type !== '' ? TAXONOMIES.filter((t) => t.types.includes(type)) : TAXONOMIES;
  const data = Object.fromEntries(chosen.map((t) => [t.taxonomy, prepareTaxonomy(t, restBase(ctx), requestNamespace(ctx), fields, contextOf(ctx))]));
  // PHP answers an empty list of taxonomies as [] rather than {}.
  return { data: chosen.length ? data : [] };
}

export function getTaxonomy(ctx: HandlerContext): HandlerResult {
  const t = TAXONOMIES.find((x) => x.taxonomy === ctx.params.taxonomy);
  if (!t) throw restError('taxonomy_invalid');
  return { data: prepareTaxonomy(t, restBase(ctx), requestNamespace(ctx), resourceFields(ctx, 'taxonomy'), contextOf(ctx)) };
}
