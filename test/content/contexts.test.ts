import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  // studio: the deployment with the theme and builder meta keys and the wp/v2 alias.
  s = await startContentServer('studio');
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('contexts', () => {
  it('view hides raw values and edit-only fields; embed keeps only embed fields', async () => {
    const p = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Ctx "q"', content: 'Body', status: 'publish' });
    const view = (await s.call('anonymous', 'GET', `/core/v2/posts/${p.body.id}`)).body;
    expect(view.title).toEqual({ rendered: 'Ctx &#8220;q&#8221;' });
    expect(view.content).not.toHaveProperty('raw');
    expect(view.content).not.toHaveProperty('block_version');
    expect(view).not.toHaveProperty('password');
    expect(view).not.toHaveProperty('permalink_template');
    const embed = (await s.call('anonymous', 'GET', `/core/v2/posts/${p.body.id}?context=embed`)).body;
    expect(Object.keys(embed).sort()).toEqual(['_links', 'author', 'date', 'excerpt', 'featured_media', 'id', 'link', 'slug', 'title', 'type']);
    const edit = (await s.call('editor', 'GET', `/core/v2/posts/${p.body.id}?context=edit`)).body;
    expect(edit.title.raw).toBe('Ctx "q"');
    expect(edit.content.block_version).toBe(0);
    expect(edit._links['wp:action-publish']).toBeDefined();
  });

  it('edit context of one post needs the right to edit it', async () => {
    const p = await s.call('editor', 'POST', '/core/v2/posts', { title: 'Editors', status: 'publish' });
    const res = await s.call('contributor', 'GET', `/core/v2/posts/${p.body.id}?context=edit`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('rest_forbidden_context');
  });

  it('links are built in the namespace the client used (wp/v2 alias)', async () => {
    const p = await s.call('administrator', 'POST', '/wp/v2/posts', { title: 'Alias', status: 'publish' });
    expect(p.status).toBe(201);
    expect(p.body._links.self[0].href).toBe(`${s.restUrl}/wp/v2/posts/${p.body.id}`);
    expect(p.headers.get('location')).toBe(`${s.restUrl}/wp/v2/posts/${p.body.id}`);
  });
});

describe('password-protected posts', () => {
  it('answer empty content and excerpt without the password, full ones with it', async () => {
    const p = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Locked', content: 'hidden words', password: 'sesame', status: 'publish' });
    const locked = (await s.call('anonymous', 'GET', `/core/v2/posts/${p.body.id}`)).body;
    expect(locked.content).toEqual({ rendered: '', protected: true });
    expect(locked.excerpt).toEqual({ rendered: '', protected: true });
    const open = (await s.call('anonymous', 'GET', `/core/v2/posts/${p.body.id}?password=sesame`)).body;
    expect(open.content.rendered).toBe('<p>hidden words</p>\n');
    const wrong = await s.call('anonymous', 'GET', `/core/v2/posts/${p.body.id}?password=nope`);
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe('rest_post_incorrect_password');
    const edit = (await s.call('administrator', 'GET', `/core/v2/posts/${p.body.id}?context=edit`)).body;
    expect(edit.content.rendered).toBe('<p>hidden words</p>\n');
  });
});

describe('excerpts', () => {
  it('excerpt_length shortens the excerpt made from the content', async () => {
    const p = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Long', content: 'one two three four five', status: 'publish' });
    const res = (await s.call('anonymous', 'GET', `/core/v2/posts/${p.body.id}?excerpt_length=3`)).body;
    expect(res.excerpt.rendered).toBe('<p>one two three [&hellip;]</p>\n');
  });
  it('block content renders without its delimiters', async () => {
    const content = '<!-- wp:paragraph -->\n<p>Block "text"</p>\n<!-- /wp:paragraph -->';
    const p = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Blocks', content, status: 'publish' });
    expect(p.body.content.rendered).toBe('\n<p>Block &#8220;text&#8221;</p>\n');
    expect(p.body.content.block_version).toBe(1);
  });
});

describe('theme meta (studio deployment)', () => {
  it('answers defaults, nested background objects, and edit-only builder keys only in edit', async () => {
    const p = await s.call('administrator', 'POST', '/core/v2/posts', {
      title: 'Meta',
      status: 'publish',
      meta: { 'site-sidebar-layout': 'no-sidebar', _builder_edit_mode: 'builder' },
    });
    expect(p.status).toBe(201);
    expect(p.body.meta['site-sidebar-layout']).toBe('no-sidebar');
    expect(p.body.meta['theme-site-content-layout']).toBe('default');
    expect(p.body.meta._builder_edit_mode).toBe('builder');
    expect(p.body.meta['theme-content-background-meta'].desktop['background-repeat']).toBe('repeat');
    const view = (await s.call('anonymous', 'GET', `/core/v2/posts/${p.body.id}`)).body;
    expect(view.meta).not.toHaveProperty('_builder_edit_mode');
    expect(view.meta['site-sidebar-layout']).toBe('no-sidebar');
  });
  it('refuses a meta value outside its enum', async () => {
    const res = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Bad meta', meta: { _builder_edit_mode: 'nope' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });
});
