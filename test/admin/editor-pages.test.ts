/**
 * Who may open the block editor's pages, over HTTP, as WordPress 6.8 decides: not signed in →
 * 302 to the login page (which comes back), a subscriber → 403 on every page, an author → 403
 * on another's post and 200 on their own, an editor → 200 with the page that boots the editor
 * (its settings, the session's nonce, the REST root); "Add New" stores an auto-draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestRole, type TestServer } from '../../runtime/testing/harness.ts';
import { CookieJar, hiddenField } from '../auth/http-fixtures.ts';
import { patient } from '../support/patience.ts';

/** The few entities handlebars writes in attributes and text. */
function decodeEntities(html: string): string {
  return html.replace(/&#x3D;/g, '=').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

describe('the block editor pages', () => {
  let server: TestServer;
  const jars = new Map<TestRole, CookieJar>();

  async function signedIn(role: TestRole): Promise<CookieJar> {
    const known = jars.get(role);
    if (known) return known;
    const jar = new CookieJar();
    const form = await (await jar.fetch(`${server.siteUrl}/wp-login.php`)).text();
    const res = await jar.post(`${server.siteUrl}/wp-login.php`, { log: server.users[role].login, pwd: server.users[role].password, redirect_to: '', _csrf: hiddenField(form, '_csrf') });
    expect(res.status).toBe(302);
    jars.set(role, jar);
    return jar;
  }

  async function page(role: TestRole | 'anonymous', path: string): Promise<{ status: number; location: string | null; html: string }> {
    const res = role === 'anonymous' ? await fetch(`${server.siteUrl}${path}`, { redirect: 'manual', signal: patient() }) : await (await signedIn(role)).fetch(`${server.siteUrl}${path}`);
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  }

  /** A post of `role` stored through the REST API. */
  async function postOf(role: TestRole, type: 'posts' | 'pages', title: string): Promise<number> {
    const res = await fetch(`${server.restUrl}/wp/v2/${type}`, { method: 'POST', headers: server.jsonHeaders(role), body: JSON.stringify({ title, status: 'draft' }), signal: patient() });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  }

  function bootConfig(html: string): Record<string, any> {
    const json = /<script type="application\/json" id="specpress-editor-config">([^<]*)<\/script>/.exec(html)?.[1];
    expect(json, 'the page carries the editor configuration').toBeTruthy();
    return JSON.parse(json!);
  }

  beforeAll(async () => {
    server = await startTestServer({ deployment: 'studio' });
  });
  afterAll(() => server?.close());

  it('sends a visitor who is not signed in to the login page, which returns to the page', async () => {
    for (const path of ['/wp-admin/post-new.php', '/wp-admin/post-new.php?post_type=page', '/wp-admin/post.php?post=1&action=edit', '/wp-admin/edit.php']) {
      const res = await page('anonymous', path);
      expect(res.status, path).toBe(302);
      const to = new URL(res.location!);
      expect(to.pathname).toBe('/wp-login.php');
      expect(to.searchParams.get('redirect_to')).toBe(`${server.siteUrl}${path}`);
      expect(to.searchParams.get('reauth')).toBe('1');
    }
  });

  it('refuses a subscriber everywhere with 403', async () => {
    const id = await postOf('editor', 'posts', 'Not for subscribers');
    for (const path of ['/wp-admin/post-new.php', '/wp-admin/post-new.php?post_type=page', `/wp-admin/post.php?post=${id}&action=edit`, '/wp-admin/edit.php']) {
      const res = await page('subscriber', path);
      expect(res.status, path).toBe(403);
      expect(res.html).not.toContain('specpress-editor-config');
    }
    expect((await page('subscriber', `/wp-admin/post.php?post=${id}&action=edit`)).html).toContain('Sorry, you are not allowed to edit this item.');
  });

  it("refuses an author another's post, and opens their own", async () => {
    const others = await postOf('editor', 'posts', "The editor's draft");
    const own = await postOf('author', 'posts', "The author's draft");
    const refused = await page('author', `/wp-admin/post.php?post=${others}&action=edit`);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain('Sorry, you are not allowed to edit this item.');
    const opened = await page('author', `/wp-admin/post.php?post=${own}&action=edit`);
    expect(opened.status).toBe(200);
    expect(bootConfig(opened.html)).toMatchObject({ postType: 'post', postId: own });
    // Authors have no pages to create (edit_pages).
    expect((await page('author', '/wp-admin/post-new.php?post_type=page')).status).toBe(403);
  });

  it('opens the editor for an editor, with the settings, the nonce and the REST root', async () => {
    const id = await postOf('administrator', 'pages', 'A page to edit');
    const res = await page('editor', `/wp-admin/post.php?post=${id}&action=edit`);
    expect(res.status).toBe(200);
    expect(res.html).toMatch(/<script src="\/wp-admin\/editor\/editor\.js\?ver=[^"]+"><\/script>/);
    const config = bootConfig(res.html);
    expect(config).toMatchObject({ postType: 'page', postId: id, restRoot: `${server.siteUrl}/wp-json/`, initialEdits: null });
    expect(config.nonce).toMatch(/^[0-9a-f]{10}$/);
    expect(config.settings).toMatchObject({ titlePlaceholder: 'Add title', bodyPlaceholder: 'Type / to choose a block', autosaveInterval: 60, richEditingEnabled: true, supportsLayout: true, postLock: { isLocked: false } });
    expect(config.settings.allowedMimeTypes['jpg|jpeg|jpe']).toBe('image/jpeg');
    expect(config.settings.maxUploadFileSize).toBe(server.app.config.maxUploadBytes);
    expect(config.settings.colors.map((c: { slug: string }) => c.slug)).toContain('accent-1');
    expect(config.settings.styles[0].css).toContain('--wp--preset--color--accent-1: #1F5F8B;');
    // The nonce is the session's: it authenticates a REST write with the session cookie.
    const jar = await signedIn('editor');
    const write = await jar.fetch(`${server.restUrl}/wp/v2/pages/${id}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-wp-nonce': config.nonce }, body: JSON.stringify({ title: 'Renamed in the editor' }) });
    expect(write.status).toBe(200);
  });

  it("lays the site's global styles over the theme's in the editor's presets", async () => {
    const styles = await fetch(`${server.restUrl}/wp/v2/themes?status=active`, { headers: server.authHeaders('administrator'), signal: patient() });
    const [theme] = (await styles.json()) as Array<{ _links: Record<string, Array<{ href: string }>> }>;
    const itemUrl = theme!._links['wp:user-global-styles']![0]!.href;
    const palette = [{ name: 'Sea', slug: 'sea', color: '#0a5c7a' }];
    const saved = await fetch(itemUrl, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ settings: { color: { palette: { custom: palette } } }, styles: {} }), signal: patient() });
    expect(saved.status).toBe(200);
    const config = bootConfig((await page('editor', '/wp-admin/post-new.php')).html);
    // The user's origin wins for the legacy list, as get_block_editor_settings picks it; every origin stays in the features.
    expect(config.settings.colors).toEqual(palette);
    expect(config.settings.__experimentalFeatures.color.palette.theme.length).toBeGreaterThan(0);
    expect(config.settings.styles[0].css).toContain('--wp--preset--color--sea: #0a5c7a;');
  });

  it('stores an auto-draft for "Add New" and opens it with an empty title', async () => {
    const res = await page('editor', '/wp-admin/post-new.php');
    expect(res.status).toBe(200);
    const config = bootConfig(res.html);
    expect(config.initialEdits).toEqual({ title: '', content: '', excerpt: '' });
    const row = await server.app.db.selectFrom('posts').select(['type', 'status', 'title', 'author']).where('id', '=', config.postId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'post', status: 'auto-draft', title: 'Auto Draft', author: server.users.editor.id });
  });

  it('deletes auto-drafts left for more than a week when "Add New" makes another, as wp_delete_auto_drafts does', async () => {
    const old = await page('editor', '/wp-admin/post-new.php');
    const oldId = bootConfig(old.html).postId as number;
    await server.app.db.updateTable('posts').set({ modified: '2001-01-01 00:00:00', modified_gmt: '2001-01-01 00:00:00' }).where('id', '=', oldId).execute();
    const recent = bootConfig((await page('editor', '/wp-admin/post-new.php')).html).postId as number;
    const fresh = bootConfig((await page('author', '/wp-admin/post-new.php')).html).postId as number;
    const left = await server.app.db.selectFrom('posts').select('id').where('id', 'in', [oldId, recent, fresh]).execute();
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([recent, fresh].sort((a, b) => a - b));
  });

  it('answers WordPress\'s messages for an item that does not exist and a type it does not edit', async () => {
    const missing = await page('editor', '/wp-admin/post.php?post=987654&action=edit');
    expect(missing.status).toBe(500);
    expect(missing.html).toContain('You attempted to edit an item that does not exist.');
    expect((await page('editor', '/wp-admin/edit.php?post_type=nope')).status).toBe(500);
  });

  it('lists the items with links to their editor and "Add New"', async () => {
    const id = await postOf('editor', 'posts', 'Listed & linked');
    const res = await page('editor', '/wp-admin/edit.php');
    expect(res.status).toBe(200);
    const html = decodeEntities(res.html);
    expect(html).toContain(`<a class="row-title" href="/wp-admin/post.php?post=${id}&action=edit">Listed & linked</a>`);
    expect(html).toContain('href="/wp-admin/post-new.php"');
    const pages = await page('editor', '/wp-admin/edit.php?post_type=page');
    expect(decodeEntities(pages.html)).toContain('href="/wp-admin/post-new.php?post_type=page"');
  });

  it('serves the bundle built by npm run build', async () => {
    const js = await fetch(`${server.siteUrl}/wp-admin/editor/editor.js`, { signal: patient() });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('javascript');
    expect((await js.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
    const css = await fetch(`${server.siteUrl}/wp-admin/editor/content.css`, { signal: patient() });
    expect(css.status).toBe(200);
    expect(await css.text()).toContain('.wp-block-image');
    expect((await fetch(`${server.siteUrl}/wp-admin/editor/other.js`, { signal: patient() })).status).toBe(404);
  });
});
