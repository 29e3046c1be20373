/**
 * The page builder's global CSS classes, kept per context: `preview` is what the editor is
 * working on, `frontend` what visitors get. A save sends the whole set (items and order) plus
 * what changed, which must agree with it.
 */
import { restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { getRecord, putRecord } from '../behaviors/records.ts';
import { asResult } from '../rest/answer.ts';

const COLLECTION = 'pagebuilder.global-classes';

/** A type, not an interface: a stored record's data is a `Record<string, unknown>`, which a type alias fits. */
type ClassSet = {
  items: Record<string, Record<string, unknown>>;
  order: string[];
};

async function load(ctx: HandlerContext<unknown>, context: string): Promise<ClassSet> {
  const record = await getRecord(ctx.app.db, COLLECTION, context);
  return (record?.data as ClassSet | undefined) ?? { items: {}, order: [] };
}

/** Every route here names the set it reads or writes: the published one or the editor's preview. */
export type GlobalClassesParams = { context: 'frontend' | 'preview' };

const contextOf = (ctx: HandlerContext<GlobalClassesParams>): string => ctx.params.context ?? 'frontend';

export async function getGlobalClasses<R>(ctx: HandlerContext<GlobalClassesParams>): Promise<HandlerResult<R>> {
  const set = await load(ctx, contextOf(ctx));
  return asResult<R>({ data: set.items, meta: { order: set.order } });
}

/** A save: the whole set (every class keyed by its id, and their order) and what changed since the last. */
export type GlobalClassesSaveParams = GlobalClassesParams & {
  items: Record<string, { id: string; [field: string]: unknown }>;
  order: string[];
  changes: { added: string[]; deleted: string[]; modified: string[] };
};

export async function saveGlobalClasses<R>(ctx: HandlerContext<GlobalClassesSaveParams>): Promise<HandlerResult<R>> {
  const { items, order, changes } = ctx.params;
  const ids = Object.keys(items);
  const problems: string[] = [];
  for (const [id, item] of Object.entries(items)) if (item.id !== id) problems.push(`items.${id}.id must be ${id}.`);
  if (order.length !== ids.length || order.some((id) => !Object.hasOwn(items, id))) problems.push('order must list every item exactly once.');
  for (const id of [...changes.added, ...changes.modified]) if (!Object.hasOwn(items, id)) problems.push(`${id} is in changes but not in items.`);
  for (const id of changes.deleted) if (Object.hasOwn(items, id)) problems.push(`${id} is deleted but still in items.`);
  if (problems.length) throw restError('rest_invalid_param', ['items'], { params: { items: problems.join(' ') } });

  const set: ClassSet = { items, order };
  await putRecord(ctx.app.db, COLLECTION, contextOf(ctx), set);
  return asResult<R>({ data: set.items, meta: { order: set.order } });
}

/** Every string in a document's element data: class ids appear as values (e.g. in `classes.value`). */
function stringsOf(metaValue: string): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') found.add(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  try {
    const stored = JSON.parse(metaValue) as unknown;
    // The editor saves its element tree as JSON text inside the meta value.
    walk(typeof stored === 'string' && stored.trim() ? JSON.parse(stored) : stored);
  } catch {
    // Unreadable builder data uses no class that anyone could find.
  }
  return found;
}

/** Where each class is used: the builder data of the documents that name its id. */
export async function globalClassesUsage<R>(ctx: HandlerContext<GlobalClassesParams>): Promise<HandlerResult<R>> {
  const set = await load(ctx, contextOf(ctx));
  const rows = await ctx.app.db
    .selectFrom('postmeta')
    .innerJoin('posts', 'posts.id', 'postmeta.post_id')
    .select(['posts.id', 'posts.title', 'posts.type', 'postmeta.meta_value'])
    .where('postmeta.meta_key', '=', '_builder_data')
    .where('posts.status', '!=', 'trash')
    .where('posts.type', '!=', 'revision')
    .orderBy('posts.id', 'asc')
    .execute();
  const documents = rows.map((r) => ({ id: r.id, title: r.title, type: r.type, strings: stringsOf(r.meta_value) }));
  const usage = set.order.map((classId) => {
    const content = documents.filter((d) => d.strings.has(classId)).map(({ id, title, type }) => ({ id, title, type }));
    return { classId, total: content.length, content };
  });
  return asResult<R>({ data: usage });
}
