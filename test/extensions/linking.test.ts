/**
 * The editors' pickers over HTTP on the studio deployment: the page builder's link search over
 * posts, terms and users (with its key mapping and conditions), the site navigation's recent
 * posts and "add new", and the template library's condition autocomplete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { addTerm } from '../../runtime/content/terms.ts';
import { createUser } from '../../runtime/auth/users.ts';
import { clientFor } from './client.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;
const ids: Record<string, number> = {};

async function post(type: 'posts' | 'pages', title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await call('POST', `/core/v2/${type}`, { body: { title: { raw: title }, status: 'publish', ...extra } });
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  call = clientFor(server);
  const db = server.app.db;
  ids.news = (await addTerm(db, { taxonomy: 'category', name: 'Garden news' })).id;
  ids.tips = (await addTerm(db, { taxonomy: 'category', name: 'Garden tips' })).id;
  ids.tag = (await addTerm(db, { taxonomy: 'post_tag', name: 'gardening' })).id;
  ids.roses = await post('posts', 'Pruning roses', { categories: [ids.news], content: { raw: 'Cut above an outward bud.' } });
  ids.tulips = await post('posts', 'Planting tulips', { categories: [ids.tips], meta: { _builder_edit_mode: 'builder' } });
  ids.gardenPage = await post('pages', 'Our garden');
  ids.draft = (await call('POST', '/core/v2/posts', { body: { title: { raw: 'Garden draft' }, status: 'draft' } })).body.id;
  ids.gardener = (await createUser(db, { login: 'gardener', email: 'green@example.test', role: 'author', displayName: 'Green Thumb' })).id;
});

afterAll(async () => {
  await server?.close();
});

/**
 * The spec publishes keys_conversion_map as `type: array` with a map default (a PHP
 * associative array); the runtime's validation refuses that default (see the report), so these
 * searches send the default's list form themselves.
 */
const KEY_MAPS: Record<string, unknown> = {
  post: [{ ID: 'id' }, { post_title: 'label' }, { post_type: 'groupLabel' }],
  term: [{ term_id: 'id' }, { name: 'label' }, { taxonomy: 'groupLabel' }],
  user: JSON.stringify({ ID: 'id', display_name: 'label', role: 'groupLabel' }),
};

function search(kind: 'post' | 'term' | 'user', params: Record<string, unknown>) {
  return call('GET', `/pagebuilder/v1/${kind}`, { query: { keys_conversion_map: KEY_MAPS[kind], ...params } });
}

describe('post link search', () => {
  it('finds published posts and pages by title, mapped to id, label and groupLabel', async () => {
    const res = await search('post', { term: 'garden' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: ids.gardenPage, label: 'Our garden', groupLabel: 'page' }]);
    const all = await search('post', { term: 'in' });
    expect(all.body.map((r: { label: string }) => r.label)).toEqual(['Planting tulips', 'Pruning roses']);
  });

  it('type list items that are not text are skipped rather than failing (JSON body)', async () => {
    const res = await call('POST', '/pagebuilder/v1/post', { query: { _method: 'GET' }, body: { keys_conversion_map: KEY_MAPS.post, included_types: ['page', { toString: 'x' }] } });
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: number }) => r.id)).toEqual([ids.gardenPage]);
  });

  it('limits by type, count, content search, taxonomy and meta conditions, and maps keys as asked', async () => {
    expect((await search('post', { included_types: ['page'] })).body.map((r: { id: number }) => r.id)).toEqual([ids.gardenPage]);
    expect((await search('post', { items_count: 1 })).body).toHaveLength(1);
    expect((await search('post', { term: 'outward' })).body).toEqual([]);
    expect((await search('post', { term: 'outward', search_in_content: true })).body.map((r: { id: number }) => r.id)).toEqual([ids.roses]);

    const byTax = await search('post', { tax_query: [{ taxonomy: 'category', terms: [ids.tips] }] });
    expect(byTax.body.map((r: { id: number }) => r.id)).toEqual([ids.tulips]);
    const byMeta = await search('post', { meta_query: [{ key: '_builder_edit_mode', value: 'builder' }] });
    expect(byMeta.body.map((r: { id: number }) => r.id)).toEqual([ids.tulips]);

    const mapped = await search('post', { term: 'roses', keys_conversion_map: [{ ID: 'value' }, { post_name: 'slug' }] });
    expect(mapped.body).toEqual([{ value: ids.roses, slug: 'pruning-roses' }]);
    const bad = await search('post', { tax_query: [{ taxonomy: 'category', terms: [1], operator: 'LIKE' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });
});

describe('term and user link search', () => {
  it('finds terms by name within the chosen taxonomies', async () => {
    const res = await search('term', { term: 'garden' });
    expect(res.body).toEqual([
      { id: ids.news, label: 'Garden news', groupLabel: 'category' },
      { id: ids.tips, label: 'Garden tips', groupLabel: 'category' },
      { id: ids.tag, label: 'gardening', groupLabel: 'post_tag' },
    ]);
    expect((await search('term', { term: 'garden', excluded_types: ['category'] })).body.map((t: { id: number }) => t.id)).toEqual([ids.tag]);
    expect((await search('term', { term: 'garden', hide_empty: true })).body.map((t: { id: number }) => t.id)).toEqual([ids.news, ids.tips]);
  });

  it('finds users by name, login or email, with a key map sent as JSON text', async () => {
    const res = await search('user', { term: 'green' });
    expect(res.body).toEqual([{ id: ids.gardener, label: 'Green Thumb', groupLabel: 'author' }]);
    const mapped = await search('user', { term: 'gardener', keys_conversion_map: JSON.stringify({ ID: 'id', user_login: 'login' }) });
    expect(mapped.body).toEqual([{ id: ids.gardener, login: 'gardener' }]);
    expect((await search('user', { keys_conversion_map: '{oops' })).status).toBe(400);
  });
});

describe('site navigation', () => {
  it('lists the most recently changed posts, leaving out the ones asked', async () => {
    // Edited a minute later than everything else (modification times count whole seconds).
    const realNow = server.app.now;
    server.app.now = () => new Date(realNow().getTime() + 60_000);
    try {
      await call('POST', `/core/v2/posts/${ids.roses}`, { body: { excerpt: { raw: 'touched' } } });
    } finally {
      server.app.now = realNow;
    }
    const res = await call('GET', '/pagebuilder/v1/site-navigation/recent-posts', { query: { posts_per_page: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ id: ids.roses, title: 'Pruning roses', post_type: 'post', user_name: expect.any(String) });
    expect(res.body[0].edit_url).toContain(`post=${ids.roses}`);
    const skipped = await call('GET', '/pagebuilder/v1/site-navigation/recent-posts', { query: { posts_per_page: 10, post__not_in: [String(ids.roses)], post_type: ['page'] } });
    expect(skipped.body.map((r: { id: number }) => r.id)).toEqual([ids.gardenPage]);
    expect((await call('GET', '/pagebuilder/v1/site-navigation/recent-posts')).status).toBe(400);
  });

  it('creates an empty draft of the asked type, readable through core/v2', async () => {
    const res = await call('POST', '/pagebuilder/v1/site-navigation/add-new-post', { body: { post_type: 'page' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ post_type: 'page', status: 'draft' });
    const page = await call('GET', `/core/v2/pages/${res.body.id}`, { query: { context: 'edit' } });
    expect(page.status).toBe(200);
    expect(page.body.status).toBe('draft');
    expect((await call('POST', '/pagebuilder/v1/site-navigation/add-new-post', { body: { post_type: 'attachment' } })).status).toBe(400);
  });
});

describe('template condition autocomplete', () => {
  it('suggests posts of a type, terms of a taxonomy, and authors', async () => {
    const pages = await call('GET', '/tmpl-library/v1/autocomplete-condition', { query: { payload: 'page', query: 'gard' } });
    expect(pages.body).toEqual({ results: [{ id: ids.gardenPage, text: 'Our garden' }] });
    const terms = await call('GET', '/tmpl-library/v1/autocomplete-condition', { query: { payload: JSON.stringify({ object: 'taxonomy', name: 'category' }), query: 'tips' } });
    expect(terms.body).toEqual({ results: [{ id: ids.tips, text: 'Garden tips' }] });
    const authors = await call('GET', '/tmpl-library/v1/autocomplete-condition', { query: { payload: 'author', query: 'thumb' } });
    expect(authors.body).toEqual({ results: [{ id: ids.gardener, text: 'Green Thumb' }] });
    const unknown = await call('GET', '/tmpl-library/v1/autocomplete-condition', { query: { payload: 'spaceships', query: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('rest_invalid_param');
    expect((await call('GET', '/tmpl-library/v1/autocomplete-condition', { query: { payload: 'page' } })).status).toBe(400);
  });
});
