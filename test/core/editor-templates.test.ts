/**
 * Templates and template parts over HTTP on the studio deployment, as WordPress 6.8 answers
 * them: the active theme's files, the hierarchy's fallback the editor looks up for a post, the
 * site's own versions (an edit of a file makes one; deleting it brings the file back), and who
 * may read and write them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer, type Who } from './editor-server.ts';
import { templateHierarchy } from '../../runtime/templates/hierarchy.ts';
import { parseTemplateId } from '../../runtime/templates/templates.ts';

let s: EditorServer;

beforeAll(async () => {
  s = await startEditorServer();
}, 60_000);
afterAll(() => s?.close());

const FIELDS = ['id', 'theme', 'content', 'slug', 'source', 'origin', 'type', 'description', 'title', 'status', 'wp_id', 'has_theme_file', 'is_custom', 'author', 'modified', 'author_text', 'original_source', '_links'];

describe('reading', () => {
  it('lists the theme\'s templates to those who edit content, as WordPress shapes them', async () => {
    const r = await s.call('author', 'GET', '/wp/v2/templates');
    expect(r.status).toBe(200);
    expect(r.body.map((t: { id: string }) => t.id)).toEqual(['specpress//index', 'specpress//single', 'specpress//page']);
    const single = r.body[1];
    expect(Object.keys(single)).toEqual(FIELDS);
    expect(single).toMatchObject({
      theme: 'specpress', slug: 'single', source: 'theme', origin: null, type: 'wp_template', title: { raw: 'Single Posts', rendered: 'Single Posts' },
      status: 'publish', wp_id: 0, has_theme_file: true, is_custom: false, author: 0, modified: false, author_text: 'Specpress', original_source: 'theme',
    });
    expect(Object.keys(single.content)).toEqual(['raw']);
    expect(single.content.raw).toContain('wp:post-content');
    // No action is the author's: no `wp:` link, so no curies either.
    expect(single._links).toEqual({
      self: [{ href: `${s.restUrl}/wp/v2/templates/specpress//single`, targetHints: { allow: ['GET'] } }],
      collection: [{ href: `${s.restUrl}/wp/v2/templates` }],
      about: [{ href: `${s.restUrl}/wp/v2/types/wp_template` }],
    });
    const admin = await s.call('administrator', 'GET', '/wp/v2/templates/specpress//single?context=edit');
    expect(Object.keys(admin.body.content)).toEqual(['raw', 'block_version']);
    expect(Object.keys(admin.body._links)).toEqual(['self', 'collection', 'about', 'wp:action-publish', 'wp:action-unfiltered-html', 'curies']);
    expect(admin.body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    // Editors may save unfiltered markup but not templates.
    expect(Object.keys((await s.call('editor', 'GET', '/wp/v2/templates/specpress//single')).body._links)).toEqual(['self', 'collection', 'about', 'wp:action-unfiltered-html', 'curies']);
  });

  it('lists template parts with their areas, and by area', async () => {
    const parts = await s.call('contributor', 'GET', '/wp/v2/template-parts');
    expect(parts.body.map((p: { id: string; area: string }) => [p.id, p.area])).toEqual([['specpress//header', 'header'], ['specpress//footer', 'footer']]);
    expect(Object.keys(parts.body[0])).toEqual(['id', 'theme', 'content', 'slug', 'source', 'origin', 'type', 'description', 'title', 'status', 'wp_id', 'has_theme_file', 'author', 'area', 'modified', 'author_text', 'original_source', '_links']);
    const header = await s.call('administrator', 'GET', '/wp/v2/template-parts?area=footer');
    expect(header.body.map((p: { slug: string }) => p.slug)).toEqual(['footer']);
  });

  it('offers a content type only the templates a post of it may pick', async () => {
    expect((await s.call('author', 'GET', '/wp/v2/templates?post_type=post')).body).toEqual([]);
  });

  it('looks up the template a post falls back to through the hierarchy', async () => {
    const cases: Array<[string, string]> = [
      ['slug=single-post-hello-world', 'specpress//single'],
      ['slug=page-about', 'specpress//page'],
      ['slug=front-page', 'specpress//index'],
      ['slug=category-news', 'specpress//index'],
      ['slug=wp-custom-template-wide&is_custom=true', 'specpress//page'],
    ];
    for (const [query, id] of cases) {
      const r = await s.call('contributor', 'GET', `/wp/v2/templates/lookup?${query}`);
      expect([r.status, r.body.id], query).toEqual([200, id]);
    }
    // No template part of the slug's hierarchy: an empty object, as WordPress answers.
    const none = await s.call('administrator', 'GET', '/wp/v2/template-parts/lookup?slug=sidebar');
    expect([none.status, none.body]).toEqual([200, {}]);
    const missing = await s.call('administrator', 'GET', '/wp/v2/templates/lookup');
    expect([missing.status, missing.body.code]).toEqual([400, 'rest_missing_callback_param']);
  });

  it('refuses those who edit nothing, and answers 404 for an unknown id', async () => {
    const cases: Array<[Who, string, number]> = [
      ['anonymous', '/wp/v2/templates', 401],
      ['subscriber', '/wp/v2/templates', 403],
      ['subscriber', '/wp/v2/templates/lookup?slug=single', 403],
      ['subscriber', '/wp/v2/template-parts/specpress//header', 403],
    ];
    for (const [who, path, status] of cases) {
      const r = await s.call(who, 'GET', path);
      expect([r.status, r.body.code], `${who} ${path}`).toEqual([status, 'rest_cannot_manage_templates']);
    }
    for (const path of ['/wp/v2/templates/specpress//nope', '/wp/v2/templates/other//single', '/wp/v2/template-parts/specpress//single']) {
      const r = await s.call('author', 'GET', path);
      expect([r.status, r.body.code], path).toEqual([404, 'rest_template_not_found']);
    }
    // A single slash before the slug, or the id percent-encoded, names the same template.
    expect((await s.call('author', 'GET', '/wp/v2/templates/specpress/single')).body.id).toBe('specpress//single');
    expect((await s.call('author', 'GET', '/wp/v2/templates/specpress%2F%2Fsingle')).body.id).toBe('specpress//single');
  });
});

describe('writing', () => {
  it('lets only theme managers write', async () => {
    for (const [who, status] of [['editor', 403], ['author', 403], ['anonymous', 401]] as Array<[Who, number]>) {
      const put = await s.call(who, 'PUT', '/wp/v2/templates/specpress//single', { content: 'x' });
      expect([put.status, put.body.code], who).toEqual([status, 'rest_cannot_manage_templates']);
      const post = await s.call(who, 'POST', '/wp/v2/templates', { slug: 'wide' });
      expect([post.status, post.body.code], who).toEqual([status, 'rest_cannot_manage_templates']);
    }
  });

  it('saves an edit of a theme file as the site\'s own version, which a delete takes back', async () => {
    const saved = await s.call('administrator', 'POST', '/wp/v2/templates/specpress//single', { content: '<!-- wp:post-content /-->' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: 'specpress//single', source: 'custom', origin: 'theme', has_theme_file: true, is_custom: false, title: { raw: 'Single Posts' }, author: s.users.administrator.id, original_source: 'theme', author_text: 'Specpress' });
    expect(saved.body.wp_id).toBeGreaterThan(0);
    expect(saved.body.modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(saved.body.content).toEqual({ raw: '<!-- wp:post-content /-->', block_version: 1 });
    // The site's version comes first in the list, in place of the file.
    const list = await s.call('author', 'GET', '/wp/v2/templates');
    expect(list.body.map((t: { id: string; source: string }) => `${t.id} ${t.source}`)).toEqual(['specpress//single custom', 'specpress//index theme', 'specpress//page theme']);
    expect((await s.call('author', 'GET', `/wp/v2/templates?wp_id=${saved.body.wp_id}`)).body.map((t: { slug: string }) => t.slug)).toEqual(['single']);
    // A second edit changes the same item.
    const again = await s.call('administrator', 'PATCH', '/wp/v2/templates/specpress//single', { title: 'Posts, alone' });
    expect([again.body.wp_id, again.body.title.raw, again.body.content.raw]).toEqual([saved.body.wp_id, 'Posts, alone', '<!-- wp:post-content /-->']);

    const fileDelete = await s.call('administrator', 'DELETE', '/wp/v2/templates/specpress//page?force=true');
    expect([fileDelete.status, fileDelete.body.code]).toEqual([400, 'rest_invalid_template']);
    // Trashed, the site's version no longer answers to its id: the theme's file does, and a file cannot be deleted.
    const trashed = await s.call('administrator', 'DELETE', '/wp/v2/templates/specpress//single');
    expect([trashed.status, trashed.body.status, trashed.body.wp_id]).toEqual([200, 'trash', saved.body.wp_id]);
    const back = await s.call('author', 'GET', '/wp/v2/templates/specpress//single');
    expect([back.body.source, back.body.wp_id, back.body.title.raw]).toEqual(['theme', 0, 'Single Posts']);
    const twice = await s.call('administrator', 'DELETE', '/wp/v2/templates/specpress//single');
    expect([twice.status, twice.body.code]).toEqual([400, 'rest_invalid_template']);
    // Edited again, it is a new version of the site's; deleted with force, it is gone at once.
    const edited = await s.call('administrator', 'PUT', '/wp/v2/templates/specpress//single', { content: '<!-- wp:post-title /-->' });
    expect(edited.body.wp_id).not.toBe(saved.body.wp_id);
    const gone = await s.call('administrator', 'DELETE', '/wp/v2/templates/specpress//single?force=true');
    expect([gone.status, gone.body.deleted, gone.body.previous.wp_id, gone.body.previous.source]).toEqual([200, true, edited.body.wp_id, 'custom']);
    expect((await s.call('author', 'GET', '/wp/v2/templates/specpress//single')).body.source).toBe('theme');
  });

  it('creates custom templates and template parts, each slug once per theme', async () => {
    const made = await s.call('administrator', 'POST', '/wp/v2/templates', { slug: 'wide', title: 'Wide', content: '<!-- wp:post-content {"align":"wide"} /-->', description: 'Full width' });
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`${s.restUrl}/wp/v2/templates/specpress//wide`);
    expect(made.body).toMatchObject({ id: 'specpress//wide', source: 'custom', origin: null, is_custom: true, has_theme_file: false, description: 'Full width', original_source: 'user', author_text: s.users.administrator.login });
    // A custom template is one a post may pick.
    expect((await s.call('author', 'GET', '/wp/v2/templates?post_type=post')).body.map((t: { slug: string }) => t.slug)).toEqual(['wide']);
    const second = await s.call('administrator', 'POST', '/wp/v2/templates', { slug: 'wide', title: 'Wider' });
    expect(second.body.slug).toBe('wide-2');
    const empty = await s.call('administrator', 'POST', '/wp/v2/templates', { slug: 'blank' });
    expect([empty.status, empty.body.code]).toEqual([400, 'empty_content']);
    const part = await s.call('administrator', 'POST', '/wp/v2/template-parts', { slug: 'sidebar', area: 'nowhere', content: '<!-- wp:search /-->' });
    expect([part.status, part.body.id, part.body.area, part.body.type]).toEqual([201, 'specpress//sidebar', 'uncategorized', 'wp_template_part']);
    expect((await s.call('contributor', 'GET', '/wp/v2/template-parts/lookup?slug=sidebar')).body.id).toBe('specpress//sidebar');
    const bad = await s.call('administrator', 'POST', '/wp/v2/templates', { title: 'No slug' });
    expect([bad.status, bad.body.code]).toEqual([400, 'rest_missing_callback_param']);
    const author = await s.call('administrator', 'POST', '/wp/v2/templates', { slug: 'by-ghost', title: 'Ghost', author: 999_999 });
    expect([author.status, author.body.code]).toEqual([400, 'rest_invalid_author']);
  });
});

describe('ids and the hierarchy', () => {
  it('reads template ids as WordPress sanitizes them', () => {
    expect(parseTemplateId('specpress//single')).toEqual({ theme: 'specpress', slug: 'single' });
    expect(parseTemplateId('specpress/single')).toEqual({ theme: 'specpress', slug: 'single' });
    expect(parseTemplateId('parent/child//page')).toEqual({ theme: 'parent/child', slug: 'page' });
    expect(parseTemplateId('single')).toBeUndefined();
  });

  it('walks the hierarchy from the most specific template', () => {
    const names = { postTypes: ['post', 'page', 'wp_block'], taxonomies: ['category', 'post_tag'] };
    expect(templateHierarchy('single-post-hello', false, '', names)).toEqual(['single-post-hello', 'single-post', 'single', 'singular', 'index']);
    expect(templateHierarchy('single-post', false, '', names)).toEqual(['single-post', 'single', 'singular', 'index']);
    expect(templateHierarchy('page-about', false, '', names)).toEqual(['page-about', 'page', 'singular', 'index']);
    expect(templateHierarchy('category-news', false, '', names)).toEqual(['category-news', 'category', 'archive', 'index']);
    expect(templateHierarchy('taxonomy-post_tag-red', false, '', names)).toEqual(['taxonomy-post_tag-red', 'taxonomy-post_tag', 'taxonomy', 'archive', 'index']);
    expect(templateHierarchy('front-page', false, '', names)).toEqual(['front-page', 'home', 'index']);
    expect(templateHierarchy('anything', true, '', names)).toEqual(['page', 'singular', 'index']);
    expect(templateHierarchy('taxonomy-books-fiction', false, 'taxonomy-books', names)).toEqual(['taxonomy-books-fiction', 'taxonomy-books', 'taxonomy', 'archive', 'index']);
    expect(templateHierarchy('attachment', false, '', names)).toEqual(['attachment', 'single', 'singular', 'index']);
  });
});
