/**
 * `GET /core-block-editor/v1/navigation-fallback`: the navigation menu (a wp_navigation item) a
 * navigation block shows when its author chose none, as WordPress 6.8's WP_Navigation_Fallback
 * finds it: the most recently published menu; when the site has none, a new published menu
 * titled "Navigation" holding a page list block (the site's pages, whatever they become). The
 * answer is the menu's id and a `self` link to it, embeddable.
 *
 * WordPress first tries to convert a classic menu (nav_menu terms and their items); this server
 * keeps no classic menu items, so it goes straight to the page list.
 */
import type { App, HandlerContext, HandlerResult } from '../rest/types.ts';
import { asResult } from '../rest/answer.ts';
import { allowedItemMethods } from '../content/target-hints.ts';
import { restBaseOf } from '../../contract/post-types.ts';
import { insertThemeItem } from '../templates/theme-items.ts';
import { lockName } from '../store/write-guards.ts';

const NAVIGATION_TYPE = 'wp_navigation';
/** What WordPress's get_default_fallback_blocks gives a new menu. */
const PAGE_LIST = '<!-- wp:page-list /-->';

async function newestPublished(db: App['db']) {
  return db.selectFrom('posts').selectAll().where('type', '=', NAVIGATION_TYPE).where('status', '=', 'publish')
    .orderBy('date', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** `navigation`, or the first `navigation-N` no other menu has (wp_unique_post_slug). */
async function freeSlug(db: App['db']): Promise<string> {
  const taken = new Set((await db.selectFrom('posts').select('slug').where('type', '=', NAVIGATION_TYPE).execute()).map((r) => r.slug));
  if (!taken.has('navigation')) return 'navigation';
  let n = 2;
  while (taken.has(`navigation-${n}`)) n++;
  return `navigation-${n}`;
}

/** The fallback menu's id, made now when the site has no published menu (one transaction: two first reads make one menu). */
async function fallbackId(app: App, author: number): Promise<number> {
  const found = await newestPublished(app.db);
  if (found) return found.id;
  return app.db.transaction().execute(async (trx) => {
    // Checked again with the name locked until the commit (store/write-guards.ts).
    await lockName(trx, 'navigation-fallback');
    const again = await newestPublished(trx);
    if (again) return again.id;
    return insertThemeItem(trx, app, {
      type: NAVIGATION_TYPE, slug: await freeSlug(trx), title: 'Navigation', content: PAGE_LIST, excerpt: '', author, meta: {},
    });
  });
}

/** Takes no params: the fallback is the site's, whoever asks. */
export async function navigationFallback<R>(ctx: HandlerContext<unknown>): Promise<HandlerResult<R>> {
  const id = await fallbackId(ctx.app, ctx.user?.id ?? 0);
  const post = await ctx.app.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const self = `${ctx.app.config.restUrl}/${wpV2(ctx)}/${restBaseOf(NAVIGATION_TYPE)}/${id}`;
  return asResult<R>({
    id,
    _links: { self: [{ embeddable: true, href: self, targetHints: { allow: await allowedItemMethods(ctx.app, ctx.user, post) } }] },
  });
}

/** The core namespace as this deployment serves it to WordPress clients (wp/v2 when aliased). */
function wpV2(ctx: HandlerContext<unknown>): string {
  const aliases = ctx.app.deployment.aliases ?? [];
  return aliases.some((a) => a.from === 'core/v2' && a.to === 'wp/v2') ? 'wp/v2' : 'core/v2';
}
