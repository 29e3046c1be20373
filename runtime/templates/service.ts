/**
 * The templates and template parts routes (WordPress's templates controller): the active
 * theme's files with the site's own versions in their place, the hierarchy's fallback for a
 * slug, and the site's versions written as items (an edit of a theme's file makes one; deleting
 * one brings the file back). The route names its kind; the permission rules (rules.ts) have run.
 */
import type { Context } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { restBase } from '../content/links.ts';
import { sanitizeTitle } from '../content/slugs.ts';
import { POST_TYPE_NAMES, restBaseOf } from '../../contract/post-types.ts';
import { TAXONOMIES } from '../terms/taxonomies.ts';
import { activeTheme } from '../themes/active-theme.ts';
import { templateHierarchy } from './hierarchy.ts';
import { prepareTemplate, templateAbilities } from './prepare.ts';
import { defaultType, findTemplate, knownArea, siteItems, themeFiles, type Template, type TemplateKind } from './templates.ts';
import { AREA_KEY, insertThemeItem, ORIGIN_KEY, THEME_KEY, updateThemeItem } from './theme-items.ts';
import { asResult } from '../rest/answer.ts';
import type { SentText } from '../content/write.ts';

/** The kind a route serves, from its path (`/core/v2/template-parts/...` → wp_template_part). */
function kindOf(ctx: HandlerContext): TemplateKind {
  return ctx.route.path.split('/')[3] === restBaseOf('wp_template_part') ? 'wp_template_part' : 'wp_template';
}

const contextOf = (ctx: HandlerContext, fallback: Context = 'view'): Context => (ctx.params.context as Context) ?? fallback;

async function answer(ctx: HandlerContext, templates: Template[], context: Context): Promise<Record<string, unknown>[]> {
  const can = await templateAbilities(ctx, kindOf(ctx));
  return Promise.all(templates.map((t) => prepareTemplate(ctx, t, context, can)));
}

/**
 * The list: the site's items first (newest first), then the theme's files it has no item for.
 * Asked for one content type, only templates a post of that type may pick (those the theme
 * names for it, and custom ones) are listed, as the editor's template picker wants.
 */
/** What the list reads: the context, one item by its post id, a template part area, and a content type to pick for. */
export type TemplateListParams = { context: Context; wp_id?: number; area?: string; post_type?: string };

export async function list<R>(ctx: HandlerContext<TemplateListParams>): Promise<HandlerResult<R>> {
  const kind = kindOf(ctx);
  const p = ctx.params;
  const theme = activeTheme(ctx.app).stylesheet;
  const wpId = typeof p.wp_id === 'number' ? p.wp_id : undefined;
  const area = kind === 'wp_template_part' && typeof p.area === 'string' ? p.area : undefined;
  const postType = typeof p.post_type === 'string' && p.post_type !== '' ? p.post_type : undefined;
  const fits = (t: Template) => area === undefined || t.area === area;
  let found = (await siteItems(ctx.app, kind, theme, wpId)).filter(fits);
  if (postType) found = found.filter((t) => t.isCustom && (!t.postTypes || t.postTypes.includes(postType)));
  if (wpId === undefined) {
    const taken = new Set(found.map((t) => t.slug));
    for (const file of themeFiles(ctx.app, kind)) {
      if (taken.has(file.slug) || !fits(file)) continue;
      const offered = !postType || (file.postTypes ? file.postTypes.includes(postType) : !defaultType(ctx.app, file.slug));
      if (offered) found.push(file);
    }
  }
  return asResult<R>(await answer(ctx, found, contextOf(ctx)));
}

/** What reading one template takes: its id (`theme//slug`) and which set of fields the answer carries. */
export type TemplateReadParams = { id: string; context: Context };

export async function get<R>(ctx: HandlerContext<TemplateReadParams>): Promise<HandlerResult<R>> {
  const template = await findTemplate(ctx.app, kindOf(ctx), ctx.params.id);
  if (!template) throw restError('template_not_found');
  return asResult<R>((await answer(ctx, [template], contextOf(ctx)))[0]);
}

/** The first template of the slug's hierarchy that has content, or `{}` when there is none (as WordPress answers). */
/**
 * What the lookup reads: the slug whose hierarchy is walked, whether it is a custom template, and
 * the prefix of its hierarchy; `context` is no arg of the route, so it is 'view' when not sent.
 */
export type TemplateLookupParams = { slug: string; is_custom?: boolean; template_prefix?: string; context?: Context };

export async function lookup<R>(ctx: HandlerContext<TemplateLookupParams>): Promise<HandlerResult<R>> {
  const kind = kindOf(ctx);
  const theme = activeTheme(ctx.app).stylesheet;
  const names = { postTypes: POST_TYPE_NAMES, taxonomies: TAXONOMIES.map((t) => t.taxonomy) };
  const hierarchy = templateHierarchy(ctx.params.slug, ctx.params.is_custom === true, ctx.params.template_prefix ?? '', names);
  const items = await siteItems(ctx.app, kind, theme);
  for (const slug of hierarchy) {
    const template = items.find((t) => t.slug === slug) ?? themeFiles(ctx.app, kind).find((t) => t.slug === slug);
    if (template?.content) return asResult<R>((await answer(ctx, [template], contextOf(ctx)))[0]);
  }
  return asResult<R>({});
}

/** `title` and `content` are sent as text or as `{raw}`. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const raw = (value as { raw?: unknown } | null)?.raw;
  return typeof raw === 'string' ? raw : undefined;
}

/**
 * What a template or template part create or update reads (the spec's args of those routes):
 * an update's `id` names the template; a create's `slug` is required by its args; `area` is
 * template parts' only.
 */
export type TemplateWriteParams = {
  id?: string;
  slug?: string;
  theme?: string;
  title?: SentText;
  content?: SentText;
  description?: string;
  author?: number;
  area?: string;
};

/** The author sent, if it is a user (WordPress refuses an unknown one). */
async function authorOf(ctx: HandlerContext<TemplateWriteParams>): Promise<number | undefined> {
  const author = ctx.params.author;
  if (typeof author !== 'number' || author <= 0) return undefined;
  if (author !== ctx.user?.id) {
    const found = await ctx.app.db.selectFrom('users').select('id').where('id', '=', author).executeTakeFirst();
    if (!found) throw restError('rest_invalid_author');
  }
  return author;
}

/** A slug no item of the kind holds yet in the theme, as wp_insert_post makes a post's name unique. */
async function freeSlug(ctx: HandlerContext, kind: TemplateKind, theme: string, wanted: string): Promise<string> {
  const taken = new Set((await siteItems(ctx.app, kind, theme)).map((t) => t.slug));
  let slug = wanted;
  for (let n = 2; taken.has(slug); n++) slug = `${wanted}-${n}`;
  return slug;
}

export async function create<R>(ctx: HandlerContext<TemplateWriteParams>): Promise<HandlerResult<R>> {
  const kind = kindOf(ctx);
  const p = ctx.params;
  const theme = typeof p.theme === 'string' && p.theme !== '' ? p.theme : activeTheme(ctx.app).stylesheet;
  const author = (await authorOf(ctx)) ?? ctx.user?.id ?? 0;
  const title = textOf(p.title) ?? '';
  const content = textOf(p.content) ?? '';
  const description = typeof p.description === 'string' ? p.description : '';
  // wp_insert_post refuses an item of a type with title, editor and excerpt that has none of them.
  if (title === '' && content === '' && description === '') throw restError('empty_content');
  const slug = await freeSlug(ctx, kind, theme, sanitizeTitle(String(p.slug)) || String(p.slug));
  const meta: Record<string, string> = { [THEME_KEY]: theme };
  if (kind === 'wp_template_part') meta[AREA_KEY] = knownArea(ctx.app, p.area);
  const id = await ctx.app.db.transaction().execute((trx) =>
    insertThemeItem(trx, ctx.app, { type: kind, slug, title, content, excerpt: description, author, meta }),
  );
  const template = (await siteItems(ctx.app, kind, theme, id))[0];
  if (!template) throw restError('template_not_found');
  const data = (await answer(ctx, [template], contextOf(ctx)))[0]!;
  return asResult<R>(data, { status: 201, headers: { Location: `${restBase(ctx)}/${restBaseOf(kind)}/${template.id}` } });
}

/**
 * Saves the site's version: a theme's file gets an item of the site made from it (the fields
 * not sent are the file's); the site's own item is changed in place. Answered in the edit context.
 */
export async function update<R>(ctx: HandlerContext<TemplateWriteParams>): Promise<HandlerResult<R>> {
  const kind = kindOf(ctx);
  const template = await findTemplate(ctx.app, kind, ctx.params.id);
  if (!template) throw restError('template_not_found');
  const p = ctx.params;
  const author = await authorOf(ctx);
  const title = textOf(p.title);
  const content = textOf(p.content);
  const description = typeof p.description === 'string' ? p.description : undefined;
  let id = template.wpId;
  await ctx.app.db.transaction().execute(async (trx) => {
    if (template.source === 'custom') {
      const changes = { status: 'publish', ...(title !== undefined ? { title } : {}), ...(content !== undefined ? { content } : {}), ...(description !== undefined ? { excerpt: description } : {}), ...(author !== undefined ? { author } : {}) };
      await updateThemeItem(trx, ctx.app, id, changes, kind === 'wp_template_part' && p.area !== undefined ? { [AREA_KEY]: knownArea(ctx.app, p.area) } : {});
      return;
    }
    const meta: Record<string, string> = { [THEME_KEY]: template.theme, [ORIGIN_KEY]: template.source };
    if (kind === 'wp_template_part') meta[AREA_KEY] = knownArea(ctx.app, p.area ?? template.area);
    id = await insertThemeItem(trx, ctx.app, {
      type: kind, slug: template.slug, title: title ?? template.title, content: content ?? template.content,
      excerpt: description ?? template.description, author: author ?? ctx.user?.id ?? 0, meta,
    });
  });
  const saved = (await siteItems(ctx.app, kind, template.theme, id))[0];
  if (!saved) throw restError('template_not_found');
  return asResult<R>((await answer(ctx, [saved], 'edit'))[0]);
}

/**
 * Only the site's own versions go: for good with force, else to the trash, where (as
 * wp_trash_post renames it) its slug no longer names it, so the theme's file shows again.
 */
/** What deleting a template takes: its id, and `force` to delete for good rather than trash it. */
export type TemplateDeleteParams = { id: string; force: boolean };

export async function remove<R>(ctx: HandlerContext<TemplateDeleteParams>): Promise<HandlerResult<R>> {
  const kind = kindOf(ctx);
  const template = await findTemplate(ctx.app, kind, ctx.params.id);
  if (!template) throw restError('template_not_found');
  if (template.source !== 'custom') throw restError('template_not_removable');
  if (ctx.params.force === true) {
    const previous = (await answer(ctx, [template], 'edit'))[0];
    await ctx.app.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('postmeta').where('post_id', '=', template.wpId).execute();
      await trx.deleteFrom('posts').where('id', '=', template.wpId).execute();
    });
    return asResult<R>({ deleted: true, previous });
  }
  if (template.status === 'trash') throw restError('template_already_trashed');
  await updateThemeItem(ctx.app.db, ctx.app, template.wpId, { status: 'trash', slug: `${template.slug}__trashed` });
  return asResult<R>((await answer(ctx, [{ ...template, status: 'trash' }], 'edit'))[0]);
}
