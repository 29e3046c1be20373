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
import { primitiveTermCap, TAXONOMIES } from '../terms/taxonomies.ts';
import { allPostTypes, postTypeCaps, postTypeEntry } from '../../contract/post-types.ts';
import { preparePostType, prepareTaxonomy } from './prepare.ts';
import { asResult } from '../rest/answer.ts';

const contextOf = (ctx: HandlerContext): Context => (ctx.params.context as Context) ?? 'view';

/** In the edit context a list keeps only what the caller may edit (types) or assign terms of (taxonomies), as WordPress. */
async function editable<T>(ctx: HandlerContext, entries: readonly T[], capOf: (entry: T) => string): Promise<T[]> {
  if (contextOf(ctx) !== 'edit') return [...entries];
  const kept = await Promise.all(entries.map((e) => userCan(ctx.app, ctx.user, capOf(e))));
  return entries.filter((_e, i) => kept[i]);
}

/** What each of these routes reads: the context, and the type or taxonomy its path names or its list is narrowed to. */
export type TypeListParams = { context: Context };
export type TypeReadParams = { type: string; context: Context };
export type TaxonomyListParams = { type?: string; context: Context };
export type TaxonomyReadParams = { taxonomy: string; context: Context };

export async function listTypes<R>(ctx: HandlerContext<TypeListParams>): Promise<HandlerResult<R>> {
  const fields = resourceFields(ctx, 'post-type');
  const types = await editable(ctx, allPostTypes(), (t) => postTypeCaps(t.name).edit_posts);
  const data = Object.fromEntries(types.map((t) => [t.name, preparePostType(t, restBase(ctx), requestNamespace(ctx), fields, contextOf(ctx))]));
  return asResult<R>(data);
}

export async function getType<R>(ctx: HandlerContext<TypeReadParams>): Promise<HandlerResult<R>> {
  const t = typeof ctx.params.type === 'string' ? postTypeEntry(ctx.params.type) : undefined;
  if (!t) throw restError('type_invalid');
  if (contextOf(ctx) === 'edit' && !(await userCan(ctx.app, ctx.user, postTypeCaps(t.name).edit_posts))) throw authError('type_forbidden_context_item', ctx.user);
  return asResult<R>(preparePostType(t, restBase(ctx), requestNamespace(ctx), resourceFields(ctx, 'post-type'), contextOf(ctx)));
}

export async function listTaxonomies<R>(ctx: HandlerContext<TaxonomyListParams>): Promise<HandlerResult<R>> {
  const fields = resourceFields(ctx, 'taxonomy');
  const type = ctx.params.type;
  const ofType = typeof type === 'string' && type !== '' ? TAXONOMIES.filter((t) => t.types.includes(type)) : TAXONOMIES;
  const chosen = await editable(ctx, ofType, (t) => primitiveTermCap(t.capabilities.assign_terms));
  const data = Object.fromEntries(chosen.map((t) => [t.taxonomy, prepareTaxonomy(t, restBase(ctx), requestNamespace(ctx), fields, contextOf(ctx))]));
  // WordPress 6.8 answers an empty list as an object too ({}), as it does a full one.
  return asResult<R>(data);
}

export function getTaxonomy<R>(ctx: HandlerContext<TaxonomyReadParams>): HandlerResult<R> {
  const t = TAXONOMIES.find((x) => x.taxonomy === ctx.params.taxonomy);
  if (!t) throw restError('taxonomy_invalid');
  return asResult<R>(prepareTaxonomy(t, restBase(ctx), requestNamespace(ctx), resourceFields(ctx, 'taxonomy'), contextOf(ctx)));
}
