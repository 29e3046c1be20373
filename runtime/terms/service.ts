/**
 * The categories and tags service (WordPress's WP_REST_Terms_Controller): list, read, create,
 * update, delete. The route's path says which taxonomy; permission rules (rules.ts) have run.
 * Writes run in one transaction so a name or slug clash never leaves half a term.
 */
import type { Kysely } from 'kysely';
import { targetOf } from '../auth/target.ts';
import type { Context } from '../../contract/model.ts';
import { userCan } from '../auth/capabilities.ts';
import { resourceFields } from '../content/context.ts';
import { restBase } from '../content/links.ts';
import { getOption } from '../content/options.ts';
import { sanitizeTitle } from '../content/slugs.ts';
import { plainTextForSave, textareaForSave } from '../content/save-filters.ts';
import { defaultCategory, refreshCounts, type TermRow } from '../content/terms.ts';
import { restError } from '../rest/errors.ts';
import { containsText } from '../store/portable-sql.ts';
import { lockName } from '../store/write-guards.ts';
import type { Database } from '../store/schema.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { prepareTerm, type TermSite } from './prepare.ts';
import { primitiveTermCap, taxonomyOfRoute, type TaxonomyInfo } from './taxonomies.ts';
import { asResult } from '../rest/answer.ts';

const contextOf = (ctx: HandlerContext): Context => (ctx.params.context as Context) ?? 'view';

async function siteOf(ctx: HandlerContext, tax: TaxonomyInfo): Promise<TermSite> {
  return {
    siteUrl: ctx.app.config.siteUrl,
    restBase: restBase(ctx),
    permalinkStructure: String(await getOption(ctx.app.db, 'permalink_structure', '')),
    canManage: await userCan(ctx.app, ctx.user, primitiveTermCap(tax.capabilities.edit_terms)),
    defaultTermId: Number(await getOption(ctx.app.db, `default_${tax.taxonomy}`, 0)) || undefined,
  };
}

async function prepared(ctx: HandlerContext, tax: TaxonomyInfo, rows: TermRow[], context = contextOf(ctx)): Promise<Record<string, unknown>[]> {
  const site = await siteOf(ctx, tax);
  const fields = resourceFields(ctx, tax.resource);
  return rows.map((row) => prepareTerm(row, tax, site, fields, context));
}

/**
 * WordPress's term name clean-up (pre_term_name, for every writer): tags stripped, the title
 * allowlist, trimmed, `&` `<` `>` as entities. The command line's `term add` saves names the same way.
 */
export function cleanTermName(name: string): string {
  return plainTextForSave(name);
}

/** pre_term_description, for every writer: the title allowlist (wp_filter_kses), trimmed. */
export function cleanTermDescription(description: string): string {
  return textareaForSave(description).trim();
}

const ORDER_COLUMN = { id: 'id', name: 'name', slug: 'slug', description: 'description', count: 'count', term_group: 'id' } as const;

/**
 * What a term list reads: the list args every taxonomy route takes (categories, tags, pattern
 * categories), `parent` where the taxonomy is hierarchical. A route whose args the spec changes
 * so that they no longer fit stops compiling at its handler.
 */
export type TermListParams = {
  include?: number[];
  exclude?: number[];
  slug?: string[];
  hide_empty?: boolean;
  parent?: number;
  search?: string;
  post?: number;
  page: number;
  per_page: number;
  offset?: number;
  orderby: string;
  order: 'asc' | 'desc';
};

export async function list<R>(ctx: HandlerContext<TermListParams>): Promise<HandlerResult<R>> {
  const tax = taxonomyOfRoute(ctx.route.path);
  const p = ctx.params;
  let q = ctx.app.db.selectFrom('terms').where('taxonomy', '=', tax.taxonomy);
  if (p.include?.length) q = q.where('id', 'in', p.include);
  if (p.exclude?.length) q = q.where('id', 'not in', p.exclude);
  if (p.slug?.length) q = q.where('slug', 'in', p.slug);
  if (p.hide_empty) q = q.where('count', '>', 0);
  if (tax.hierarchical && p.parent !== undefined && p.parent !== null) q = q.where('parent', '=', Number(p.parent));
  if (typeof p.search === 'string' && p.search !== '') {
    // Literal, case-insensitive containment as MySQL's LIKE '%...%' behaves, with no pattern limit.
    const search = p.search;
    q = q.where((eb) => eb.or([containsText('name', search), containsText('slug', search)]));
  }
  if (p.post) q = q.where('id', 'in', (eb) => eb.selectFrom('term_relationships').select('term_id').where('post_id', '=', Number(p.post)));
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const perPage = Number(p.per_page ?? 10);
  const page = Number(p.page ?? 1);
  const offset = p.offset !== undefined ? Math.max(0, Number(p.offset)) : (page - 1) * perPage;
  let rows = await q.selectAll().orderBy(ORDER_COLUMN[p.orderby as keyof typeof ORDER_COLUMN] ?? 'name', p.order === 'desc' ? 'desc' : 'asc').orderBy('id').execute();
  const { include, slug } = p;
  if (p.orderby === 'include' && include?.length) rows.sort((a, b) => include.indexOf(a.id) - include.indexOf(b.id));
  if (p.orderby === 'include_slugs' && slug?.length) rows.sort((a, b) => slug.indexOf(a.slug) - slug.indexOf(b.slug));
  rows = rows.slice(offset, offset + perPage);
  const data = await prepared(ctx, tax, rows);
  return asResult<R>(data, { headers: { 'X-WP-Total': String(total), 'X-WP-TotalPages': String(Math.ceil(total / perPage)) } });
}

async function findTerm(ctx: HandlerContext, tax: TaxonomyInfo, id: number): Promise<TermRow> {
  const row = await ctx.app.db.selectFrom('terms').selectAll().where('id', '=', id).where('taxonomy', '=', tax.taxonomy).executeTakeFirst();
  if (!row) throw restError('rest_term_invalid');
  return row;
}

/** What reading one term takes: which set of fields the answer carries. */
export type TermReadParams = { context: Context };

export async function get<R>(ctx: HandlerContext<TermReadParams>): Promise<HandlerResult<R>> {
  const tax = taxonomyOfRoute(ctx.route.path);
  const row = await findTerm(ctx, tax, targetOf(ctx, 'termId'));
  const [data] = await prepared(ctx, tax, [row]);
  return asResult<R>(data);
}

/**
 * What a term create or update reads (categories', tags' and pattern categories' args): `parent`
 * where the taxonomy is hierarchical, `name` required on a create only.
 */
export type TermWriteParams = { name?: string; description?: string; slug?: string; parent?: number };

/** Name, slug, parent and description from the params, checked as wp_insert_term/wp_update_term check them. */
async function termChanges(ctx: HandlerContext<TermWriteParams>, tax: TaxonomyInfo, existing?: TermRow): Promise<Partial<Omit<TermRow, 'id' | 'taxonomy' | 'count'>>> {
  const p = ctx.params;
  const db = ctx.app.db;
  const out: Partial<Omit<TermRow, 'id' | 'taxonomy' | 'count'>> = {};
  if (typeof p.name === 'string') {
    out.name = cleanTermName(p.name);
    if (!out.name) throw restError('empty_term_name');
  }
  if (typeof p.description === 'string') out.description = cleanTermDescription(p.description);
  if (tax.hierarchical && p.parent !== undefined && p.parent !== null) {
    const parent = Number(p.parent);
    if (parent !== 0) {
      const row = await db.selectFrom('terms').select('id').where('id', '=', parent).where('taxonomy', '=', tax.taxonomy).executeTakeFirst();
      if (!row) throw restError('rest_term_invalid_parent');
    }
    out.parent = parent;
  }
  const name = out.name ?? existing?.name ?? '';
  const parent = out.parent ?? existing?.parent ?? 0;
  // Only a new term's name must be free: WordPress lets an update take another term's name.
  if (out.name !== undefined && !existing) {
    let clash = db.selectFrom('terms').select('id').where('taxonomy', '=', tax.taxonomy).where('name', '=', name);
    if (tax.hierarchical) clash = clash.where('parent', '=', parent);
    const other = await clash.executeTakeFirst();
    // WordPress's insert reports the id, the controller adds it again and then the status: the
    // two earlier values are the answer's additional_data.
    if (other) throw restError(tax.hierarchical ? 'term_exists' : 'term_exists_in_taxonomy', [], { term_id: other.id }).withAdditionalData([other.id, other.id]);
  }
  if (typeof p.slug === 'string' && p.slug !== '') {
    out.slug = sanitizeTitle(p.slug);
    const other = await db.selectFrom('terms').select('id').where('taxonomy', '=', tax.taxonomy).where('slug', '=', out.slug).$if(!!existing, (q) => q.where('id', '!=', existing!.id)).executeTakeFirst();
    if (other) throw restError('duplicate_term_slug', [out.slug]);
  } else if (!existing) {
    out.slug = await uniqueTermSlug(ctx, tax, sanitizeTitle(name.replace(/&amp;/g, '&')) || 'term');
  }
  return out;
}

/** A new term's slug from its name: `name`, then `name-2`, `name-3`... as wp_unique_term_slug. */
async function uniqueTermSlug(ctx: HandlerContext, tax: TaxonomyInfo, base: string): Promise<string> {
  let slug = base;
  for (let n = 2; await ctx.app.db.selectFrom('terms').select('id').where('taxonomy', '=', tax.taxonomy).where('slug', '=', slug).executeTakeFirst(); n++) {
    slug = `${base}-${n}`;
  }
  return slug;
}

/**
 * A term's name and slug are checked free, then written: writers of one taxonomy take turns from
 * the checks to the commit (store/write-guards.ts), so two concurrent creates cannot both find a
 * name or slug free. Term writes are rare; posts never wait for this lock.
 */
async function lockTaxonomy(trx: Kysely<Database>, tax: TaxonomyInfo): Promise<void> {
  await lockName(trx, 'terms', tax.taxonomy);
}

export async function create<R>(ctx: HandlerContext<TermWriteParams>): Promise<HandlerResult<R>> {
  const tax = taxonomyOfRoute(ctx.route.path);
  const id = await ctx.app.db.transaction().execute(async (trx) => {
    await lockTaxonomy(trx, tax);
    const changes = await termChanges({ ...ctx, app: { ...ctx.app, db: trx } }, tax);
    const row = { taxonomy: tax.taxonomy, name: changes.name ?? '', slug: changes.slug ?? '', description: changes.description ?? '', parent: changes.parent ?? 0, count: 0 };
    return (await trx.insertInto('terms').values(row).returning('id').executeTakeFirstOrThrow()).id;
  });
  const [data] = await prepared(ctx, tax, [await findTerm(ctx, tax, id)], 'edit');
  return asResult<R>(data, { status: 201, headers: { Location: `${restBase(ctx)}/${tax.restBase}/${id}` } });
}

export async function update<R>(ctx: HandlerContext<TermWriteParams>): Promise<HandlerResult<R>> {
  const tax = taxonomyOfRoute(ctx.route.path);
  const existing = await findTerm(ctx, tax, targetOf(ctx, 'termId'));
  if (tax.hierarchical && Number(ctx.params.parent) === existing.id) throw restError('rest_term_invalid_parent');
  await ctx.app.db.transaction().execute(async (trx) => {
    await lockTaxonomy(trx, tax);
    const changes = await termChanges({ ...ctx, app: { ...ctx.app, db: trx } }, tax, existing);
    if (Object.keys(changes).length) await trx.updateTable('terms').set(changes).where('id', '=', existing.id).execute();
  });
  const [data] = await prepared(ctx, tax, [await findTerm(ctx, tax, existing.id)], 'edit');
  return asResult<R>(data);
}

/** What deleting a term takes: `force`, which must be true (terms have no trash). */
export type TermDeleteParams = { force: boolean };

export async function remove<R>(ctx: HandlerContext<TermDeleteParams>): Promise<HandlerResult<R>> {
  const tax = taxonomyOfRoute(ctx.route.path);
  if (ctx.params.force !== true) throw restError('rest_term_trash_not_supported', ['force=true']);
  const existing = await findTerm(ctx, tax, targetOf(ctx, 'termId'));
  // WordPress answers the previous term's data without its links.
  const { _links: _dropped, ...previous } = (await prepared(ctx, tax, [existing], 'edit'))[0]!;
  await ctx.app.db.transaction().execute(async (trx) => {
    const posts = await trx.selectFrom('term_relationships').select('post_id').where('term_id', '=', existing.id).execute();
    await trx.deleteFrom('term_relationships').where('term_id', '=', existing.id).execute();
    // Children move up to the deleted term's parent, as wp_delete_term does.
    if (tax.hierarchical) await trx.updateTable('terms').set({ parent: existing.parent }).where('parent', '=', existing.id).where('taxonomy', '=', tax.taxonomy).execute();
    await trx.deleteFrom('terms').where('id', '=', existing.id).execute();
    if (tax.taxonomy === 'category') await reassignDefaultCategory(trx, posts.map((r) => r.post_id));
  });
  return asResult<R>({ deleted: true, previous });
}

/** Posts left without a category get the default one, as wp_delete_term does. */
async function reassignDefaultCategory(trx: Parameters<typeof refreshCounts>[0], postIds: number[]): Promise<void> {
  if (!postIds.length) return;
  const fallback = await defaultCategory(trx);
  for (const postId of postIds) {
    const has = await trx
      .selectFrom('term_relationships')
      .innerJoin('terms', 'terms.id', 'term_relationships.term_id')
      .select('terms.id')
      .where('term_relationships.post_id', '=', postId)
      .where('terms.taxonomy', '=', 'category')
      .executeTakeFirst();
    if (!has) await trx.insertInto('term_relationships').values({ post_id: postId, term_id: fallback }).execute();
  }
  await refreshCounts(trx, [fallback]);
}
