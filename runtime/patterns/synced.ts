/**
 * Synced patterns (core/v2/blocks, post type wp_block), as WordPress's blocks controller: the
 * posts service does the work, and this adds what the blocks controller does differently. Only
 * those who may edit posts read synced patterns (others list none); items carry their pattern
 * categories (`wp_pattern_category`) and their sync status, which WordPress keeps in meta and
 * answers beside it; their links are those of a type without authors or comments.
 */
import type { Kysely } from 'kysely';
import type { Context } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import type { Database } from '../store/schema.ts';
import type { PostType } from '../content/access.ts';
import { authError } from '../rest/errors.ts';
import { loadPostFacts, userCan } from '../auth/capabilities.ts';
import { canEditPost } from '../auth/post-access.ts';
import { restBase } from '../content/links.ts';
import { resourceFields } from '../content/context.ts';
import { setPostTerms, type Taxonomy } from '../content/terms.ts';
import * as posts from '../content/posts.ts';
import * as revisions from '../content/revisions.ts';
import * as autosaves from '../content/autosaves.ts';
import type { PostWriteParams } from '../content/write.ts';
import { postTypeCaps } from '../../contract/post-types.ts';
import { primitiveTermCap, taxonomyByKey } from '../terms/taxonomies.ts';
import { asResult } from '../rest/answer.ts';

const TYPE = 'wp_block' as PostType;
const TAXONOMY = 'wp_pattern_category';
const SYNC_KEY = 'wp_pattern_sync_status';

type Item = Record<string, unknown>;

/** Term ids of the pattern categories of many items (one query). */
async function categoriesOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db.selectFrom('term_relationships').innerJoin('terms', 'terms.id', 'term_relationships.term_id')
    .select(['term_relationships.post_id as post_id', 'terms.id as term_id']).where('terms.taxonomy', '=', TAXONOMY)
    .where('term_relationships.post_id', 'in', ids).orderBy('terms.id').execute();
  for (const r of rows) out.get(r.post_id)?.push(r.term_id);
  return out;
}

/** The links of a synced pattern: the posts' ones a type without authors, comments or images has, plus its categories. */
function linksOf(ctx: HandlerContext, id: number, links: Record<string, unknown[]>, context: Context, can: { create: boolean; assign: boolean }): Record<string, unknown[]> {
  const base = restBase(ctx);
  const self = links.self?.[0] as { href: string } | undefined;
  const out: Record<string, unknown[]> = {};
  for (const rel of ['self', 'collection', 'about', 'version-history', 'predecessor-version', 'wp:attachment']) if (links[rel]) out[rel] = links[rel]!;
  out['wp:term'] = [{ taxonomy: TAXONOMY, embeddable: true, href: `${base}/${TAXONOMY}?post=${id}` }];
  if (context === 'edit' && self) {
    for (const rel of ['wp:action-publish', 'wp:action-unfiltered-html']) if (links[rel]) out[rel] = links[rel]!;
    if (can.create) out[`wp:action-create-${TAXONOMY}`] = [{ href: self.href }];
    if (can.assign) out[`wp:action-assign-${TAXONOMY}`] = [{ href: self.href }];
  }
  out.curies = links.curies ?? [];
  return out;
}

/** The posts service's items made synced patterns: categories and sync status added, meta and links as WordPress's. */
async function finish(ctx: HandlerContext, items: Item[], context: Context, known?: Map<number, number[]>): Promise<Item[]> {
  const categories = known ?? (await categoriesOf(ctx.app.db, items.map((i) => Number(i.id))));
  const fields = resourceFields(ctx, TYPE);
  const shown = (name: string) => !fields[name]?.context || fields[name]!.context!.includes(context);
  const tax = taxonomyByKey(TAXONOMY)!;
  // Terms of a flat taxonomy are created by whoever may assign them, as WordPress lets them.
  const can = {
    create: await userCan(ctx.app, ctx.user, primitiveTermCap(tax.hierarchical ? tax.capabilities.edit_terms : tax.capabilities.assign_terms)),
    assign: await userCan(ctx.app, ctx.user, primitiveTermCap(tax.capabilities.assign_terms)),
  };
  return items.map((item) => {
    const out: Item = {};
    for (const [key, value] of Object.entries(item)) {
      if (key === '_links') continue;
      if (key === 'meta' && value && typeof value === 'object') {
        const { [SYNC_KEY]: _sync, ...rest } = value as Record<string, unknown>;
        out.meta = rest;
      } else if ((key === 'title' || key === 'content') && value && typeof value === 'object') {
        // The editor reads patterns raw: WordPress leaves their rendered forms out.
        const { rendered: _rendered, ...rest } = value as Record<string, unknown>;
        out[key] = rest;
      } else {
        out[key] = value;
      }
    }
    const meta = item.meta as Record<string, unknown> | undefined;
    if (shown(TAXONOMY)) out[TAXONOMY] = categories.get(Number(item.id)) ?? [];
    if (shown(SYNC_KEY)) out[SYNC_KEY] = typeof meta?.[SYNC_KEY] === 'string' ? meta[SYNC_KEY] : '';
    if (item._links) out._links = linksOf(ctx, Number(item.id), item._links as Record<string, unknown[]>, context, can);
    return out;
  });
}

/** Reading a synced pattern needs its type's read capability (edit_posts), whatever its status. */
async function mayRead(ctx: HandlerContext): Promise<boolean> {
  return userCan(ctx.app, ctx.user, postTypeCaps(TYPE).read);
}

/** A list filter on pattern categories, as an id list (the posts' list narrows by ids). */
async function narrowByCategories(ctx: HandlerContext): Promise<void> {
  const read = (value: unknown): { ids: number[]; all: boolean } | undefined => {
    if (Array.isArray(value)) return { ids: value.map(Number), all: false };
    if (value && typeof value === 'object') {
      const v = value as { terms?: unknown[]; operator?: string };
      return { ids: (v.terms ?? []).map(Number), all: v.operator === 'AND' };
    }
    return undefined;
  };
  const withIds = async (terms: number[], all: boolean): Promise<number[]> => {
    const rows = await ctx.app.db.selectFrom('term_relationships').select(['post_id', 'term_id']).where('term_id', 'in', terms).execute();
    const counts = new Map<number, Set<number>>();
    for (const r of rows) counts.set(r.post_id, (counts.get(r.post_id) ?? new Set()).add(r.term_id));
    return [...counts].filter(([, found]) => !all || found.size === new Set(terms).size).map(([id]) => id);
  };
  const keep = read(ctx.params[TAXONOMY]);
  if (keep?.ids.length) {
    const ids = await withIds(keep.ids, keep.all);
    const include: number[] = Array.isArray(ctx.params.include) && ctx.params.include.length ? ctx.params.include.map(Number).filter((id: number) => ids.includes(id)) : ids;
    ctx.params = { ...ctx.params, include: include.length ? include : [0] };
  }
  const drop = read(ctx.params[`${TAXONOMY}_exclude`]);
  if (drop?.ids.length) ctx.params = { ...ctx.params, exclude: [...(Array.isArray(ctx.params.exclude) ? ctx.params.exclude.map(Number) : []), ...(await withIds(drop.ids, false))] };
}

/** What a synced pattern's create or update reads: a post's fields and its pattern categories' ids. */
export type SyncedPatternWriteParams = PostWriteParams & { [TAXONOMY]?: number[] };

/**
 * The pattern categories sent, as WordPress takes terms in a write: ids that name no pattern
 * category are dropped, and the others need the right to assign them.
 */
async function categoriesSent(ctx: HandlerContext<SyncedPatternWriteParams>): Promise<number[] | undefined> {
  const sent = ctx.params[TAXONOMY];
  if (!Array.isArray(sent)) return undefined;
  const ids = [...new Set(sent.map(Number))];
  const found = ids.length ? await ctx.app.db.selectFrom('terms').select('id').where('taxonomy', '=', TAXONOMY).where('id', 'in', ids).execute() : [];
  const existing = ids.filter((id) => found.some((f) => f.id === id));
  const tax = taxonomyByKey(TAXONOMY)!;
  if (existing.length && !(await userCan(ctx.app, ctx.user, primitiveTermCap(tax.capabilities.assign_terms)))) throw authError('block_cannot_assign_term', ctx.user);
  return existing;
}

const contextOf = (ctx: HandlerContext, fallback: Context): Context => (ctx.params.context as Context) ?? fallback;

function dataOf(result: HandlerResult): { data: unknown; status?: number; headers?: Record<string, string> } {
  return 'data' in result ? result : { data: result.body, status: result.status, headers: result.headers };
}

/**
 * Those who may not read synced patterns get none, with the totals WordPress's query still
 * counts; in the edit context, WordPress keeps only the items the caller may edit.
 */
async function listable(ctx: HandlerContext, items: Item[]): Promise<Item[]> {
  if (!(await mayRead(ctx))) return [];
  if (contextOf(ctx, 'view') !== 'edit') return items;
  const facts = await Promise.all(items.map((i) => loadPostFacts(ctx.app.db, Number(i.id))));
  const editable = await Promise.all(facts.map((f) => (f ? canEditPost(ctx, f) : false)));
  return items.filter((_i, n) => editable[n]);
}

export async function list<R>(ctx: HandlerContext<posts.PostListParams>): Promise<HandlerResult<R>> {
  await narrowByCategories(ctx);
  const result = dataOf(await posts.list(ctx, TYPE));
  return asResult<R>(await finish(ctx, await listable(ctx, result.data as Item[]), contextOf(ctx, 'view')), result);
}

export async function get<R>(ctx: HandlerContext<posts.PostReadParams>): Promise<HandlerResult<R>> {
  const result = dataOf(await posts.get(ctx, TYPE));
  return asResult<R>((await finish(ctx, [result.data as Item], contextOf(ctx, 'view')))[0], result);
}

/** Writes the pattern categories sent, then answers the item as saved (edit context, as posts do). */
async function written<R>(ctx: HandlerContext, result: HandlerResult, categories: number[] | undefined): Promise<HandlerResult<R>> {
  const answer = dataOf(result);
  const item = answer.data as Item;
  if (categories) await ctx.app.db.transaction().execute((trx) => setPostTerms(trx, Number(item.id), TAXONOMY as Taxonomy, categories));
  return asResult<R>((await finish(ctx, [item], 'edit'))[0], answer);
}

export async function create<R>(ctx: HandlerContext<SyncedPatternWriteParams>): Promise<HandlerResult<R>> {
  const categories = await categoriesSent(ctx);
  // Answered on its own, not with a batch's other creates: the categories are written after it.
  const alone = { ...ctx, request: { ...ctx.request, later: undefined } };
  return written(ctx, await posts.create(alone, TYPE), categories);
}

export async function update<R>(ctx: HandlerContext<SyncedPatternWriteParams>): Promise<HandlerResult<R>> {
  const categories = await categoriesSent(ctx);
  return written(ctx, await posts.update(ctx, TYPE), categories);
}

export async function remove<R>(ctx: HandlerContext<posts.PostDeleteParams>): Promise<HandlerResult<R>> {
  // Read before: an item deleted for good is answered as it was, categories included.
  const before = await categoriesOf(ctx.app.db, [Number(ctx.target?.post?.id)]);
  const answer = dataOf(await posts.remove(ctx, TYPE));
  const body = answer.data as Item;
  if (body.deleted === true && body.previous) {
    const [previous] = await finish(ctx, [body.previous as Item], 'edit', before);
    return asResult<R>({ deleted: true, previous }, answer);
  }
  return asResult<R>((await finish(ctx, [body], 'edit'))[0], answer);
}

// Revisions and autosaves of synced patterns are the posts' ones (WordPress registers the same
// controllers for wp_block), answered with the wp_block-revision / -autosave schemas.
export const listRevisions = <R,>(ctx: HandlerContext<revisions.RevisionListParams>) => revisions.list<R>(ctx, TYPE);
export const getRevision = <R,>(ctx: HandlerContext<revisions.RevisionReadParams>) => revisions.get<R>(ctx, TYPE);
export const removeRevision = <R,>(ctx: HandlerContext<revisions.RevisionDeleteParams>) => revisions.remove<R>(ctx, TYPE);
export const listAutosaves = <R,>(ctx: HandlerContext<autosaves.AutosaveListParams>) => autosaves.list<R>(ctx, TYPE);
export const createAutosave = <R,>(ctx: HandlerContext<PostWriteParams>) => autosaves.create<R>(ctx, TYPE);
export const getAutosave = <R,>(ctx: HandlerContext<autosaves.AutosaveReadParams>) => autosaves.get<R>(ctx, TYPE);
