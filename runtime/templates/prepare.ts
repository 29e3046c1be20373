/**
 * A template or template part as the templates routes answer it (WordPress's templates
 * controller): fields in its order, who made it in words, its links and the actions the caller
 * may take on it.
 */
import type { Context } from '../../contract/model.ts';
import type { HandlerContext } from '../rest/types.ts';
import { userCan } from '../auth/capabilities.ts';
import { filterByContext, resourceFields } from '../content/context.ts';
import { restBase } from '../content/links.ts';
import { restDate } from '../content/dates.ts';
import { blockVersion, renderTitle } from '../content/render/index.ts';
import { getSiteSettings } from '../settings/site-settings.ts';
import { postTypeCaps, restBaseOf } from '../../contract/post-types.ts';
import { activeTheme } from '../themes/active-theme.ts';
import type { Template } from './templates.ts';

const CURIES = [{ name: 'wp', href: 'https://api.w.org/{rel}', templated: true }];

/** Where a template first came from: the theme, the site (made without an author) or a user. */
function originalSource(t: Template): 'theme' | 'site' | 'user' {
  if (t.hasThemeFile && (t.origin === 'theme' || (!t.origin && (t.source === 'theme' || t.source === 'custom')))) return 'theme';
  if (!t.hasThemeFile && t.source === 'custom' && !t.author) return 'site';
  return 'user';
}

async function authorText(ctx: HandlerContext<unknown>, t: Template, source: 'theme' | 'site' | 'user'): Promise<string> {
  if (source === 'theme') return t.theme === activeTheme(ctx.app).stylesheet ? activeTheme(ctx.app).name : t.theme;
  if (source === 'site') return (await getSiteSettings(ctx.app.db, ctx.app.deployment.site, ctx.app.config.siteUrl)).name;
  const user = await ctx.app.db.selectFrom('users').select('display_name').where('id', '=', t.author).executeTakeFirst();
  return user ? user.display_name : 'Unknown author';
}

export interface TemplateAbilities {
  manage: boolean;
  publish: boolean;
  unfiltered: boolean;
}

/** What the caller may do with templates of a kind, asked once per answer. */
export async function templateAbilities(ctx: HandlerContext<unknown>, kind: string): Promise<TemplateAbilities> {
  const [manage, publish, unfiltered] = await Promise.all([
    userCan(ctx.app, ctx.user, 'edit_theme_options'),
    userCan(ctx.app, ctx.user, postTypeCaps(kind).publish_posts),
    userCan(ctx.app, ctx.user, 'unfiltered_html'),
  ]);
  return { manage, publish, unfiltered };
}

export async function prepareTemplate(ctx: HandlerContext<unknown>, t: Template, context: Context, can: TemplateAbilities): Promise<Record<string, unknown>> {
  const source = originalSource(t);
  const data: Record<string, unknown> = {
    id: t.id,
    theme: t.theme,
    content: { raw: t.content, block_version: blockVersion(t.content) },
    slug: t.slug,
    source: t.source,
    origin: t.origin,
    type: t.type,
    description: t.description,
    title: { raw: t.title, rendered: t.wpId ? renderTitle(t.title) : t.title },
    status: t.status,
    wp_id: t.wpId,
    has_theme_file: t.hasThemeFile,
  };
  if (t.type === 'wp_template') data.is_custom = t.isCustom;
  data.author = t.author;
  if (t.type === 'wp_template_part') data.area = t.area;
  data.modified = t.modified ? restDate(t.modified) : false;
  data.author_text = await authorText(ctx, t, source);
  data.original_source = source;
  const out = filterByContext(data, resourceFields(ctx, t.type), context);
  const self = `${restBase(ctx)}/${restBaseOf(t.type)}/${t.id}`;
  const links: Record<string, unknown[]> = {
    self: [{ href: self, targetHints: { allow: can.manage ? ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] : ['GET'] } }],
    collection: [{ href: `${restBase(ctx)}/${restBaseOf(t.type)}` }],
    about: [{ href: `${restBase(ctx)}/types/${t.type}` }],
  };
  if (can.publish) links['wp:action-publish'] = [{ href: self }];
  if (can.unfiltered) links['wp:action-unfiltered-html'] = [{ href: self }];
  // WordPress names the `wp:` prefix only when some link uses it.
  if (can.publish || can.unfiltered) links.curies = CURIES;
  out._links = links;
  return out;
}
