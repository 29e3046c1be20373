/**
 * The site editor's export over HTTP on the studio deployment (`/wp-block-editor/v1/export`, the
 * alias of `/core-block-editor/v1/export`), as WordPress 6.8 answers it: a zip of the active
 * theme, named after it, holding its files with the site's edits applied (a template and a
 * template part edited through the templates routes, global styles saved through their item),
 * for those who may export; WordPress's own refusal for everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { startEditorServer, type EditorServer, type Who } from './editor-server.ts';

let s: EditorServer;

/** The export as `who` asks for it: status, headers and the body's bytes. */
async function download(who: Who, path = '/wp-block-editor/v1/export') {
  const res = await fetch(`${s.restUrl}${path}`, { headers: s.authHeaders(who) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  s = await startEditorServer();
}, 60_000);
afterAll(async () => {
  await s?.close();
});

describe('GET /wp-block-editor/v1/export', () => {
  it('answers the theme as a zip with the site\'s templates, parts and styles in it', async () => {
    const template = await s.call('administrator', 'POST', '/wp/v2/templates/specpress//single', {
      content: '<!-- wp:template-part {"slug":"header","theme":"specpress","tagName":"header"} /-->\n<!-- wp:paragraph -->\n<p>Edited by the site &amp; kept</p>\n<!-- /wp:paragraph -->\n<!-- wp:post-content /-->',
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const part = await s.call('administrator', 'POST', '/wp/v2/template-parts/specpress//footer', { content: '<!-- wp:site-title {"level":0} /-->' });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    const themes = await s.call('administrator', 'GET', '/wp/v2/themes?status=active');
    const stylesHref = String(themes.body[0]._links['wp:user-global-styles'][0].href);
    const styles = await s.call('administrator', 'POST', `/wp/v2/global-styles/${stylesHref.split('/').pop()}`, {
      styles: { color: { background: '#101010' } },
      settings: { color: { palette: { custom: [{ name: 'Lagoon', slug: 'lagoon', color: '#1a7f8e' }] } } },
    });
    expect(styles.status, JSON.stringify(styles.body)).toBe(200);

    const r = await download('administrator');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename=specpress.zip');
    const files = unzipSync(r.bytes);
    const names = Object.keys(files);
    expect(names.slice(0, 2)).toEqual(['templates/', 'parts/']);
    expect(names).toEqual(expect.arrayContaining([
      'style.css', 'templates/index.html', 'templates/single.html', 'templates/page.html', 'parts/header.html', 'parts/footer.html',
      'styles/night.json', 'theme.json',
    ]));
    const text = (name: string) => strFromU8(files[name]!);

    // The site's template replaces the theme's, its template-part blocks without the theme's name.
    expect(text('templates/single.html')).toBe('<!-- wp:template-part {"slug":"header","tagName":"header"} /-->\n<!-- wp:paragraph -->\n<p>Edited by the site &amp; kept</p>\n<!-- /wp:paragraph -->\n<!-- wp:post-content /-->');
    expect(text('templates/index.html')).toContain('<!-- wp:template-part {"slug":"footer","tagName":"footer"} /-->');
    expect(text('templates/index.html')).not.toContain('"theme"');
    // Parts are written as they are; the edited one is the site's.
    expect(text('parts/footer.html')).toBe('<!-- wp:site-title {"level":0} /-->');
    const header = await s.call('administrator', 'GET', '/wp/v2/template-parts/specpress//header?context=edit');
    expect(text('parts/header.html')).toBe(header.body.content.raw);

    expect(text('style.css')).toMatch(/^\/\*\nTheme Name: Specpress\n[\s\S]*Text Domain: specpress\n[\s\S]*\*\/\n$/);
    expect(JSON.parse(text('styles/night.json'))).toMatchObject({ version: 3, title: 'Night' });

    const themeJson = JSON.parse(text('theme.json'));
    expect(Object.keys(themeJson)[0]).toBe('$schema');
    expect(themeJson.$schema).toBe('https://schemas.wp.org/wp/6.8/theme.json');
    expect(themeJson.version).toBe(3);
    expect(themeJson.styles.color.background).toBe('#101010');
    // The theme's colours and the user's as one list; WordPress's defaults are not the theme's.
    const palette = themeJson.settings.color.palette as Array<{ slug: string; color: string }>;
    expect(palette.map((c) => c.slug)).toEqual(expect.arrayContaining(['base', 'contrast', 'lagoon']));
    expect(palette.map((c) => c.slug)).not.toContain('black');
    expect(themeJson.templateParts).toEqual(expect.arrayContaining([{ area: 'header', name: 'header', title: expect.any(String) }]));
    expect(text('theme.json')).toContain('\n\t"settings": {');
  });

  it('answers on the namespace\'s own name too', async () => {
    const r = await download('administrator', '/core-block-editor/v1/export');
    expect([r.status, r.headers.get('content-type')]).toEqual([200, 'application/zip']);
    expect(Object.keys(unzipSync(r.bytes))).toContain('theme.json');
  });

  it('refuses those who may not export, as WordPress 6.8 does', async () => {
    for (const [who, status] of [['anonymous', 401], ['editor', 403], ['author', 403]] as Array<[Who, number]>) {
      const r = await s.call(who, 'GET', '/wp-block-editor/v1/export');
      expect([r.status, r.body], who).toEqual([status, {
        code: 'rest_cannot_export_templates',
        message: 'Sorry, you are not allowed to export templates and template parts.',
        data: { status },
      }]);
    }
  });
});
