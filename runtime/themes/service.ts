/**
 * The themes routes: the one theme this server has (the active one, spec/data/theme.yaml) as
 * WordPress's themes controller answers a theme, with what the block editor reads of the
 * active one (its supports, the template types and template part areas) and the link to the
 * site's own changes to its styles. The permission rule (rules.ts) has run.
 */
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import { restError } from '../rest/errors.ts';
import { restBase } from '../content/links.ts';
import { userStylesId } from '../global-styles/user-styles.ts';
import { activeTheme, decodeStylesheet, isActiveTheme, type ThemeData } from './active-theme.ts';
import { asResult } from '../rest/answer.ts';

const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

interface TemplateTypes {
  template_types: Array<{ slug: string; title: string; description: string }>;
  template_part_areas: Array<Record<string, string>>;
}

function templateTypes(ctx: HandlerContext): TemplateTypes {
  return (ctx.app.deployment.catalogs?.['block-template-types'] as TemplateTypes | undefined) ?? { template_types: [], template_part_areas: [] };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function rich(raw: string, rendered = raw): { raw: string; rendered: string } {
  return { raw, rendered };
}

async function prepareTheme(ctx: HandlerContext, theme: ThemeData): Promise<Record<string, unknown>> {
  const base = restBase(ctx);
  const folder = `${ctx.app.config.siteUrl}/wp-content/themes/${theme.stylesheet}`;
  const types = templateTypes(ctx);
  const data: Record<string, unknown> = {
    stylesheet: theme.stylesheet,
    template: theme.template,
    requires_php: theme.requires_php,
    requires_wp: theme.requires_wp,
    textdomain: theme.textdomain,
    version: theme.version,
    // No screenshot is shipped: WordPress answers '' then.
    screenshot: '',
    author: rich(theme.author, theme.author_uri ? `<a href="${escapeHtml(theme.author_uri)}">${escapeHtml(theme.author)}</a>` : escapeHtml(theme.author)),
    author_uri: rich(theme.author_uri),
    description: rich(theme.description.trim(), escapeHtml(theme.description.trim())),
    name: rich(theme.name, escapeHtml(theme.name)),
    tags: { raw: theme.tags, rendered: theme.tags.join(', ') },
    theme_uri: rich(theme.theme_uri),
    status: 'active',
    theme_supports: theme.theme_supports,
    is_block_theme: theme.is_block_theme,
    stylesheet_uri: folder,
    template_uri: folder,
    default_template_types: types.template_types.map(({ title, description, slug }) => ({ title, description, slug })),
    default_template_part_areas: types.template_part_areas,
  };
  // The active theme's link to the site's changes to its styles: the item is made now if missing, as WordPress does.
  const stylesId = await userStylesId(ctx.app, theme.stylesheet, ctx.user?.id ?? 0);
  data._links = {
    self: [{ href: `${base}/themes/${theme.stylesheet}`, targetHints: { allow: ['GET'] } }],
    collection: [{ href: `${base}/themes` }],
    'wp:user-global-styles': [{ href: `${base}/global-styles/${stylesId}` }],
    curies: CURIES,
  };
  return data;
}

/** What the themes list reads: the statuses asked for. */
export type ThemeListParams = { status?: string[] };

export async function listThemes<R>(ctx: HandlerContext<ThemeListParams>): Promise<HandlerResult<R>> {
  const status = Array.isArray(ctx.params.status) ? ctx.params.status : undefined;
  // The one theme here is the active one: status=inactive lists nothing.
  const data = !status || status.includes('active') ? [await prepareTheme(ctx, activeTheme(ctx.app))] : [];
  return asResult<R>(data, { headers: { 'X-WP-Total': String(data.length), 'X-WP-TotalPages': '1' } });
}

/** What reading one theme reads: its stylesheet, as the URL encodes it. */
export type ThemeReadParams = { stylesheet: string };

export async function getTheme<R>(ctx: HandlerContext<ThemeReadParams>): Promise<HandlerResult<R>> {
  if (!isActiveTheme(ctx.app, decodeStylesheet(ctx.params.stylesheet))) throw restError('theme_not_found');
  return asResult<R>(await prepareTheme(ctx, activeTheme(ctx.app)));
}
