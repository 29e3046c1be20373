/**
 * The routes WordPress 6.8's block editor reads besides content, over HTTP on the studio
 * deployment, as WordPress answers them per role: site settings, the active theme, its styles
 * and the site's own item of changes to them, block patterns, the full types and taxonomies
 * lists, `Allow` on OPTIONS, and the default category of a fresh site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer, type Who } from './editor-server.ts';
import { patternRegistry } from '../../runtime/patterns/registry.ts';
import type { App } from '../../runtime/rest/types.ts';

let s: EditorServer;

beforeAll(async () => {
  s = await startEditorServer();
}, 60_000);
afterAll(() => s?.close());

const SETTINGS = [
  'title', 'description', 'url', 'email', 'timezone', 'date_format', 'time_format', 'start_of_week', 'language', 'use_smilies',
  'default_category', 'default_post_format', 'posts_per_page', 'show_on_front', 'page_on_front', 'page_for_posts',
  'default_ping_status', 'default_comment_status', 'site_logo', 'site_icon',
];

describe('settings', () => {
  it('answers administrators every setting in WordPress order, with a fresh site\'s values', async () => {
    const r = await s.call('administrator', 'GET', '/wp/v2/settings');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(SETTINGS);
    expect(r.body).toMatchObject({ title: 'Studio', url: s.siteUrl, email: 'administrator@example.test', date_format: 'F j, Y', start_of_week: 1, use_smilies: true, default_category: 1, posts_per_page: 10, show_on_front: 'posts', site_logo: null, site_icon: 0 });
    expect(r.headers.get('allow')).toBe('GET, POST, PUT, PATCH');
  });

  it('refuses everyone without manage_options, as rest_forbidden', async () => {
    for (const [who, status] of [['anonymous', 401], ['subscriber', 403], ['editor', 403]] as Array<[Who, number]>) {
      const r = await s.call(who, 'GET', '/wp/v2/settings');
      expect([r.status, r.body.code], who).toEqual([status, 'rest_forbidden']);
      expect((await s.call(who, 'POST', '/wp/v2/settings', { title: 'x' })).status, who).toBe(status);
    }
  });

  it('saves what is sent, answers all of it, and the discovery document follows the title', async () => {
    const r = await s.call('administrator', 'POST', '/wp/v2/settings', { title: 'Renamed', posts_per_page: 7, default_comment_status: 'closed', timezone: 'Europe/Paris' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: 'Renamed', posts_per_page: 7, default_comment_status: 'closed', timezone: 'Europe/Paris', description: 'Design and build for growing businesses' });
    expect((await s.call('anonymous', 'GET', '/')).body.name).toBe('Renamed');
    expect((await s.call('administrator', 'GET', '/wp/v2/settings')).body.posts_per_page).toBe(7);
    // A null resets an option to the site's default.
    expect((await s.call('administrator', 'PUT', '/wp/v2/settings', { posts_per_page: null })).body.posts_per_page).toBe(10);
  });

  it('refuses bad values in the interface\'s shape', async () => {
    const tz = await s.call('administrator', 'POST', '/wp/v2/settings', { timezone: 'Nowhere/Atlantis' });
    expect([tz.status, tz.body.code, Object.keys(tz.body.data.params)]).toEqual([400, 'rest_invalid_param', ['timezone']]);
    const front = await s.call('administrator', 'POST', '/wp/v2/settings', { show_on_front: 'gallery' });
    expect([front.status, front.body.code]).toEqual([400, 'rest_invalid_param']);
    const status = await s.call('administrator', 'POST', '/wp/v2/settings', { default_ping_status: 'maybe' });
    expect([status.status, status.body.code]).toEqual([400, 'rest_invalid_param']);
  });
});

describe('themes', () => {
  it('shows the active theme to anyone who edits content, with what the editor reads', async () => {
    const r = await s.call('contributor', 'GET', '/wp/v2/themes?status=active');
    expect([r.status, r.headers.get('x-wp-total'), r.headers.get('x-wp-totalpages')]).toEqual([200, '1', '1']);
    const theme = r.body[0];
    expect(Object.keys(theme)).toEqual([
      'stylesheet', 'template', 'requires_php', 'requires_wp', 'textdomain', 'version', 'screenshot', 'author', 'author_uri', 'description', 'name',
      'tags', 'theme_uri', 'status', 'theme_supports', 'is_block_theme', 'stylesheet_uri', 'template_uri', 'default_template_types',
      'default_template_part_areas', '_links',
    ]);
    expect(theme).toMatchObject({ stylesheet: 'specpress', template: 'specpress', status: 'active', is_block_theme: true, name: { raw: 'Specpress' } });
    expect(theme.theme_supports).toMatchObject({ 'editor-color-palette': false, 'post-thumbnails': true, 'align-wide': false, 'block-templates': true, 'editor-styles': true });
    expect(theme.default_template_types.map((t: { slug: string }) => t.slug)).toContain('single');
    expect(theme.default_template_part_areas.map((a: { area: string }) => a.area)).toEqual(['uncategorized', 'header', 'footer']);
    expect(Object.keys(theme._links)).toEqual(['self', 'collection', 'wp:user-global-styles', 'curies']);
    expect(theme._links.self[0]).toEqual({ href: `${s.restUrl}/wp/v2/themes/specpress`, targetHints: { allow: ['GET'] } });
    // The link to the site's own styles resolves, and stays the same item on the next read.
    const stylesHref = theme._links['wp:user-global-styles'][0].href as string;
    expect(stylesHref).toMatch(new RegExp(`^${s.restUrl}/wp/v2/global-styles/\\d+$`));
    const again = await s.call('administrator', 'GET', '/wp/v2/themes?status=active');
    expect(again.body[0]._links['wp:user-global-styles'][0].href).toBe(stylesHref);
    expect((await s.call('author', 'GET', stylesHref.slice(s.restUrl.length))).status).toBe(200);
  });

  it('refuses the active theme to those who edit nothing, and other themes to all but administrators', async () => {
    const cases: Array<[Who, string, number, string]> = [
      ['anonymous', '/wp/v2/themes?status=active', 401, 'rest_cannot_view_active_theme'],
      ['subscriber', '/wp/v2/themes?status=active', 403, 'rest_cannot_view_active_theme'],
      ['subscriber', '/wp/v2/themes/specpress', 403, 'rest_cannot_view_active_theme'],
      ['editor', '/wp/v2/themes', 403, 'rest_cannot_view_themes'],
      ['author', '/wp/v2/themes?status=active,inactive', 403, 'rest_cannot_view_themes'],
      ['author', '/wp/v2/themes/other', 403, 'rest_cannot_view_themes'],
      ['administrator', '/wp/v2/themes/other', 404, 'rest_theme_not_found'],
    ];
    for (const [who, path, status, code] of cases) {
      const r = await s.call(who, 'GET', path);
      expect([r.status, r.body.code], `${who} ${path}`).toEqual([status, code]);
    }
    expect((await s.call('author', 'GET', '/wp/v2/themes/specpress')).status).toBe(200);
    const all = await s.call('administrator', 'GET', '/wp/v2/themes');
    expect(all.body.map((t: { stylesheet: string }) => t.stylesheet)).toEqual(['specpress']);
    expect((await s.call('administrator', 'GET', '/wp/v2/themes?status=inactive')).body).toEqual([]);
    const bad = await s.call('administrator', 'GET', '/wp/v2/themes?status=broken');
    expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
  });
});

describe('global styles', () => {
  let id: number;
  beforeAll(async () => {
    const theme = await s.call('administrator', 'GET', '/wp/v2/themes?status=active');
    id = Number(String(theme.body[0]._links['wp:user-global-styles'][0].href).split('/').pop());
  });

  it('gives the theme\'s styles and variations to those who edit content', async () => {
    const styles = await s.call('contributor', 'GET', '/wp/v2/global-styles/themes/specpress');
    expect(styles.status).toBe(200);
    expect(Object.keys(styles.body)).toEqual(['settings', 'styles', '_links']);
    expect(styles.body.settings.color.palette.theme.map((c: { slug: string }) => c.slug)).toContain('contrast');
    expect(styles.body.settings.layout).toEqual({ contentSize: '645px', wideSize: '1340px' });
    expect(styles.body._links).toEqual({ self: [{ href: `${s.restUrl}/wp/v2/global-styles/themes/specpress`, targetHints: { allow: ['GET'] } }] });
    const variations = await s.call('author', 'GET', '/wp/v2/global-styles/themes/specpress/variations');
    expect(variations.status).toBe(200);
    expect(variations.body.length).toBeGreaterThan(0);
    expect(Object.keys(variations.body[0]).slice(0, 2)).toEqual(['version', 'title']);
    for (const path of ['/wp/v2/global-styles/themes/specpress', '/wp/v2/global-styles/themes/specpress/variations']) {
      const r = await s.call('subscriber', 'GET', path);
      expect([r.status, r.body.code], path).toEqual([403, 'rest_cannot_read_global_styles']);
      expect((await s.call('anonymous', 'GET', path)).status, path).toBe(401);
    }
    const other = await s.call('administrator', 'GET', '/wp/v2/global-styles/themes/other');
    expect([other.status, other.body.code]).toEqual([404, 'rest_theme_not_found']);
  });

  it('reads the site\'s item to those who edit posts, its edit context and writes to theme managers', async () => {
    const view = await s.call('author', 'GET', `/wp/v2/global-styles/${id}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id, title: { raw: 'Custom Styles', rendered: 'Custom Styles' }, settings: {}, styles: {} });
    expect(view.headers.get('allow')).toBe('GET');
    expect(Object.keys(view.body._links)).toEqual(['self', 'about', 'version-history', 'wp:action-publish', 'curies']);
    const contributor = await s.call('contributor', 'GET', `/wp/v2/global-styles/${id}`);
    expect(Object.keys(contributor.body._links)).toEqual(['self', 'about', 'version-history']);
    const edit = await s.call('author', 'GET', `/wp/v2/global-styles/${id}?context=edit`);
    expect([edit.status, edit.body.code]).toEqual([403, 'rest_forbidden_context']);
    const sub = await s.call('subscriber', 'GET', `/wp/v2/global-styles/${id}`);
    expect([sub.status, sub.body.code]).toEqual([403, 'rest_cannot_view']);
    const admin = await s.call('administrator', 'GET', `/wp/v2/global-styles/${id}?context=edit`);
    expect(admin.headers.get('allow')).toBe('GET, POST, PUT, PATCH');
    expect(Object.keys(admin.body._links)).toEqual(['self', 'about', 'version-history', 'wp:action-publish', 'wp:action-edit-css', 'curies']);
  });

  it('saves styles and settings, keeping what is not sent, and refuses markup in CSS', async () => {
    const saved = await s.call('administrator', 'POST', `/wp/v2/global-styles/${id}`, { styles: { color: { background: '#101010' } } });
    expect(saved.status).toBe(200);
    expect(saved.body.styles).toEqual({ color: { background: '#101010' } });
    const settings = await s.call('administrator', 'PUT', `/wp/v2/global-styles/${id}`, { settings: { color: { custom: false } }, title: 'Mine' });
    expect(settings.body).toMatchObject({ styles: { color: { background: '#101010' } }, settings: { color: { custom: false } }, title: { raw: 'Mine' } });
    const css = await s.call('administrator', 'POST', `/wp/v2/global-styles/${id}`, { styles: { css: 'body{} </style><script>x</script>' } });
    expect([css.status, css.body.code]).toEqual([400, 'rest_custom_css_illegal_markup']);
    const editor = await s.call('editor', 'POST', `/wp/v2/global-styles/${id}`, { styles: {} });
    expect([editor.status, editor.body.code]).toEqual([403, 'rest_cannot_edit']);
    expect((await s.call('author', 'GET', `/wp/v2/global-styles/${id}`)).body.styles).toEqual({ color: { background: '#101010' } });
  });

  it('answers 404 for anything that is not a global styles item, before any permission', async () => {
    const post = await s.call('administrator', 'POST', '/wp/v2/posts', { title: 'Not styles', status: 'publish' });
    for (const path of ['/wp/v2/global-styles/999999', `/wp/v2/global-styles/${post.body.id}`, '/wp/v2/global-styles/abc']) {
      for (const who of ['anonymous', 'administrator'] as Who[]) {
        const r = await s.call(who, 'GET', path);
        expect([r.status, r.body.code], `${who} ${path}`).toEqual([404, 'rest_global_styles_not_found']);
      }
    }
  });
});

describe('block patterns', () => {
  it('lists the registry\'s patterns and categories to those who edit content, each with only the fields it sets', async () => {
    const patterns = await s.call('contributor', 'GET', '/wp/v2/block-patterns/patterns');
    expect(patterns.status).toBe(200);
    const intro = patterns.body.find((p: { name: string }) => p.name === 'specpress/intro-with-button');
    expect(Object.keys(intro)).toEqual(['name', 'title', 'content', 'description', 'viewport_width', 'categories', 'keywords', 'source']);
    const quote = patterns.body.find((p: { name: string }) => p.name === 'specpress/pull-quote');
    expect(Object.keys(quote)).toEqual(['name', 'title', 'content', 'categories', 'keywords', 'source']);
    const categories = await s.call('author', 'GET', '/wp/v2/block-patterns/categories');
    expect(categories.body.map((c: { name: string }) => c.name)).toEqual(['featured', 'text', 'call-to-action', 'columns', 'footer', 'header']);
    // Every category a pattern names is registered.
    const names = new Set(categories.body.map((c: { name: string }) => c.name));
    for (const p of patterns.body) for (const c of p.categories ?? []) expect(names.has(c), `${p.name}: ${c}`).toBe(true);
  });

  it('refuses those who edit nothing, with WordPress\'s codes and messages', async () => {
    const p = await s.call('subscriber', 'GET', '/wp/v2/block-patterns/patterns');
    expect([p.status, p.body.code, p.body.message]).toEqual([403, 'rest_cannot_view', 'Sorry, you are not allowed to view the registered block patterns.']);
    const c = await s.call('anonymous', 'GET', '/wp/v2/block-patterns/categories');
    expect([c.status, c.body.code, c.body.message]).toEqual([401, 'rest_cannot_view', 'Sorry, you are not allowed to view the registered block pattern categories.']);
  });

  it('takes a deployment\'s own patterns and categories, replacing shipped ones by name', () => {
    const deployment = {
      catalogs: { 'block-patterns': [{ name: 'a/one', title: 'One', content: 'x' }, { name: 'a/two', title: 'Two', content: 'y' }], 'block-pattern-categories': [{ name: 'text', label: 'Text' }] },
      settings: { blockPatterns: [{ name: 'a/two', title: 'Second', content: 'z', inserter: false }, { name: 'b/three', content: 'w', title: 'Three' }], blockPatternCategories: [{ name: 'shop', label: 'Shop' }] },
    } as unknown as App['deployment'];
    const registry = patternRegistry({ deployment });
    expect(registry.patterns).toEqual([{ name: 'a/one', title: 'One', content: 'x' }, { name: 'a/two', title: 'Second', content: 'z', inserter: false }, { name: 'b/three', title: 'Three', content: 'w' }]);
    expect(registry.categories.map((c) => c.name)).toEqual(['text', 'shop']);
  });
});

describe('types and taxonomies', () => {
  const TYPES = ['post', 'page', 'attachment', 'nav_menu_item', 'wp_block', 'wp_template', 'wp_template_part', 'wp_global_styles', 'wp_navigation', 'wp_font_family', 'wp_font_face'];

  it('lists WordPress 6.8\'s eleven types, and in the edit context only those the caller edits', async () => {
    expect(Object.keys((await s.call('anonymous', 'GET', '/wp/v2/types')).body)).toEqual(TYPES);
    expect(Object.keys((await s.call('administrator', 'GET', '/wp/v2/types?context=edit')).body)).toEqual(TYPES);
    expect(Object.keys((await s.call('author', 'GET', '/wp/v2/types?context=edit')).body)).toEqual(['post', 'attachment', 'wp_block']);
    const edit = await s.call('administrator', 'GET', '/wp/v2/types/wp_block?context=edit');
    expect(edit.body).toMatchObject({
      slug: 'wp_block', rest_base: 'blocks', rest_namespace: 'wp/v2', viewable: false, icon: null, taxonomies: ['wp_pattern_category'],
      visibility: { show_in_nav_menus: false, show_ui: true },
      supports: { title: true, excerpt: true, editor: true, revisions: true, 'custom-fields': true, autosave: true },
    });
    expect(edit.body.capabilities).toMatchObject({ edit_post: 'edit_block', read: 'edit_posts', create_posts: 'publish_posts', publish_posts: 'publish_blocks' });
    const template = (await s.call('administrator', 'GET', '/wp/v2/types/wp_template?context=edit')).body;
    expect(template.capabilities).toMatchObject({ edit_post: 'edit_template', edit_posts: 'edit_theme_options', read: 'edit_theme_options' });
    expect((await s.call('anonymous', 'GET', '/wp/v2/types/wp_font_face')).body.rest_base).toBe('font-families/(?P<font_family_id>[\\d]+)/font-faces');
  });

  it('lists the four taxonomies, by type and in the edit context by the right to assign terms', async () => {
    expect(Object.keys((await s.call('anonymous', 'GET', '/wp/v2/taxonomies')).body)).toEqual(['category', 'post_tag', 'nav_menu', 'wp_pattern_category']);
    expect(Object.keys((await s.call('author', 'GET', '/wp/v2/taxonomies?context=edit')).body)).toEqual(['category', 'post_tag', 'wp_pattern_category']);
    expect(Object.keys((await s.call('anonymous', 'GET', '/wp/v2/taxonomies?type=wp_block')).body)).toEqual(['wp_pattern_category']);
    // An empty list is an object, as WordPress 6.8 answers it.
    expect((await s.call('anonymous', 'GET', '/wp/v2/taxonomies?type=page')).body).toEqual({});
    const tax = await s.call('administrator', 'GET', '/wp/v2/taxonomies/wp_pattern_category?context=edit');
    expect(tax.body).toMatchObject({ slug: 'wp_pattern_category', rest_base: 'wp_pattern_category', show_cloud: false, capabilities: { manage_terms: 'manage_categories', assign_terms: 'edit_posts' } });
    expect(tax.body.visibility).toEqual({ public: false, publicly_queryable: false, show_admin_column: true, show_in_nav_menus: false, show_in_quick_edit: true, show_ui: true });
    const menu = await s.call('author', 'GET', '/wp/v2/taxonomies/nav_menu?context=edit');
    expect([menu.status, menu.body.code]).toEqual([403, 'rest_forbidden_context']);
    const sub = await s.call('subscriber', 'GET', '/wp/v2/taxonomies?context=edit');
    expect([sub.status, sub.body.code]).toEqual([403, 'rest_cannot_view']);
  });
});

describe('OPTIONS', () => {
  it('answers each route\'s Allow for the caller, so the editor\'s permission checks come out right', async () => {
    const cases: Array<[Who, string, string | null]> = [
      ['administrator', '/wp/v2/settings', 'GET, POST, PUT, PATCH'],
      ['author', '/wp/v2/settings', null],
      ['author', '/wp/v2/themes', null],
      ['administrator', '/wp/v2/themes', 'GET'],
      ['administrator', '/wp/v2/templates', 'GET, POST'],
      ['author', '/wp/v2/templates', 'GET'],
      ['anonymous', '/wp/v2/templates', null],
      ['administrator', '/wp/v2/templates/specpress//single', 'GET, POST, PUT, PATCH, DELETE'],
      ['editor', '/wp/v2/template-parts/specpress//header', 'GET'],
      ['author', '/wp/v2/blocks', 'GET, POST'],
      ['contributor', '/wp/v2/blocks', 'GET'],
      ['editor', '/wp/v2/wp_pattern_category', 'GET, POST'],
      ['contributor', '/wp/v2/block-patterns/patterns', 'GET'],
    ];
    for (const [who, path, allow] of cases) {
      const r = await s.call(who, 'OPTIONS', path);
      expect([r.status, r.headers.get('allow')], `${who} ${path}`).toEqual([200, allow]);
    }
    const settings = await s.call('anonymous', 'OPTIONS', '/wp/v2/settings');
    expect(settings.body.schema.title).toBe('settings');
    expect(Object.keys(settings.body.schema.properties)).toEqual(SETTINGS);
    expect(Object.keys(settings.body.endpoints[1].args)).toEqual(SETTINGS);
  });
});

describe('the default category', () => {
  it('is there on a fresh site, as id 1, and is what a post saved without categories gets', async () => {
    const fresh = await startEditorServer();
    try {
      const cat = await fresh.call('anonymous', 'GET', '/wp/v2/categories/1');
      expect(cat.status).toBe(200);
      expect(cat.body).toMatchObject({ id: 1, name: 'Uncategorized', slug: 'uncategorized', taxonomy: 'category', count: 0, parent: 0 });
      expect((await fresh.call('anonymous', 'GET', '/wp/v2/categories')).body.map((c: { slug: string }) => c.slug)).toEqual(['uncategorized']);
      const post = await fresh.call('author', 'POST', '/wp/v2/posts', { title: 'First', status: 'publish' });
      expect(post.body.categories).toEqual([1]);
      expect((await fresh.call('anonymous', 'GET', '/wp/v2/categories/1')).body.count).toBe(1);
      expect((await fresh.call('administrator', 'GET', '/wp/v2/settings')).body.default_category).toBe(1);
    } finally {
      await fresh.close();
    }
  });
});
