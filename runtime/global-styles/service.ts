/**
 * The global styles routes: the active theme's styles (theme.json `settings` and `styles`) and
 * its style variations, and the site's own item of changes to them (read and saved). The
 * permission rules (rules.ts) have run and resolved the item.
 */
import type { Context } from '../../contract/model.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { targetOf } from '../auth/target.ts';
import { userCan } from '../auth/capabilities.ts';
import { filterByContext, resourceFields } from '../content/context.ts';
import { restBase } from '../content/links.ts';
import { renderTitle } from '../content/render/index.ts';
import { postTypeCaps } from '../../contract/post-types.ts';
import { activeTheme, decodeStylesheet, isActiveTheme } from '../themes/active-theme.ts';
import { updateThemeItem, type ItemRow } from '../templates/theme-items.ts';
import { GLOBAL_STYLES_TYPE, readUserConfig, writeUserConfig } from './user-styles.ts';
import { asResult } from '../rest/answer.ts';

const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

/** The theme the path names (`stylesheet`, URL-encoded as WordPress's route captures it). */
export type ThemeStylesParams = { stylesheet: string };

/** Only the active theme has styles to answer, as in WordPress. */
function requireActive(ctx: HandlerContext<ThemeStylesParams>): string {
  const stylesheet = decodeStylesheet(ctx.params.stylesheet);
  if (!isActiveTheme(ctx.app, stylesheet)) throw restError('theme_not_found');
  return stylesheet;
}

export function getThemeStyles<R>(ctx: HandlerContext<ThemeStylesParams>): HandlerResult<R> {
  const stylesheet = requireActive(ctx);
  const theme = activeTheme(ctx.app);
  const data = {
    settings: theme.settings,
    styles: theme.styles,
    _links: { self: [{ href: `${restBase(ctx)}/global-styles/themes/${stylesheet}`, targetHints: { allow: ['GET'] } }] },
  };
  return asResult<R>(data);
}

export function listThemeStyleVariations<R>(ctx: HandlerContext<ThemeStylesParams>): HandlerResult<R> {
  requireActive(ctx);
  return asResult<R>(activeTheme(ctx.app).variations ?? []);
}

async function revisionCount(ctx: HandlerContext, id: number): Promise<number> {
  const row = await ctx.app.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', 'revision').where('parent', '=', id).executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function prepare(ctx: HandlerContext, row: ItemRow, context: Context): Promise<Record<string, unknown>> {
  const config = readUserConfig(row.content);
  const full: Record<string, unknown> = {
    id: row.id,
    title: { raw: row.title, rendered: renderTitle(row.title) },
    settings: config.settings && Object.keys(config.settings).length ? config.settings : {},
    styles: config.styles && Object.keys(config.styles).length ? config.styles : {},
  };
  const out = filterByContext(full, resourceFields(ctx, GLOBAL_STYLES_TYPE), context);
  const self = `${restBase(ctx)}/global-styles/${row.id}`;
  const canEdit = await userCan(ctx.app, ctx.user, 'edit_post', row.id);
  const links: Record<string, unknown[]> = {
    self: [{ href: self, targetHints: { allow: canEdit ? ['GET', 'POST', 'PUT', 'PATCH'] : ['GET'] } }],
    about: [{ href: `${restBase(ctx)}/types/${GLOBAL_STYLES_TYPE}` }],
    'version-history': [{ count: await revisionCount(ctx, row.id), href: `${self}/revisions` }],
  };
  // WordPress offers these actions whatever the context: the editor reads them from a plain read.
  if (await userCan(ctx.app, ctx.user, postTypeCaps(GLOBAL_STYLES_TYPE).publish_posts)) links['wp:action-publish'] = [{ href: self }];
  if (await userCan(ctx.app, ctx.user, 'unfiltered_html')) links['wp:action-edit-css'] = [{ href: self }];
  // WordPress names the `wp:` prefix only when some link uses it.
  if (links['wp:action-publish'] || links['wp:action-edit-css']) links.curies = CURIES;
  out._links = links;
  return out;
}

async function loadRow(ctx: HandlerContext): Promise<ItemRow> {
  const row = await ctx.app.db.selectFrom('posts').selectAll().where('id', '=', targetOf(ctx, 'post').id).executeTakeFirst();
  if (!row) throw restError('global_styles_not_found');
  return row;
}

const contextOf = (ctx: HandlerContext): Context => (ctx.params.context as Context) ?? 'view';

/**
 * A read names the item by `id`; `context` is not among the route's args (as in WordPress,
 * whose controller still reads it), so it is optional here and 'view' when not sent.
 */
export type GlobalStylesReadParams = { id: string; context?: Context };

export async function getGlobalStyles<R>(ctx: HandlerContext<GlobalStylesReadParams>): Promise<HandlerResult<R>> {
  return asResult<R>(await prepare(ctx, await loadRow(ctx), contextOf(ctx)));
}

/** Markup in custom CSS is refused, as WordPress refuses it (a `</style>` would end the stylesheet). */
function refuseMarkup(styles: unknown): void {
  const css = (styles as { css?: unknown } | undefined)?.css;
  if (typeof css === 'string' && /<\/?\w+/.test(css)) throw restError('global_styles_css_markup');
}

function titleOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const raw = (value as { raw?: unknown } | null)?.raw;
  return typeof raw === 'string' && raw !== '' ? raw : undefined;
}

/** What a global styles write reads: the user's styles and settings objects, and the title. */
export type GlobalStylesWriteParams = { styles?: Record<string, unknown>; settings?: Record<string, unknown>; title?: unknown };

export async function updateGlobalStyles<R>(ctx: HandlerContext<GlobalStylesWriteParams>): Promise<HandlerResult<R>> {
  const row = await loadRow(ctx);
  const p = ctx.params;
  const changes: { content?: string; title?: string } = {};
  if (p.styles !== undefined || p.settings !== undefined) {
    refuseMarkup(p.styles);
    const existing = readUserConfig(row.content);
    changes.content = writeUserConfig({ styles: p.styles ?? existing.styles, settings: p.settings ?? existing.settings });
  }
  const title = titleOf(p.title);
  if (title !== undefined) changes.title = title;
  if (Object.keys(changes).length) await updateThemeItem(ctx.app.db, ctx.app, row.id, changes);
  return asResult<R>(await prepare(ctx, await loadRow(ctx), contextOf(ctx)));
}
