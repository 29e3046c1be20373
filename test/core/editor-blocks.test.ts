/**
 * Synced patterns (core/v2/blocks, post type wp_block) and their categories over HTTP on the
 * studio deployment, as WordPress 6.8's blocks controller answers them: read only by those who
 * edit posts, written by those who publish, raw titles and contents, the sync status beside the
 * meta, pattern categories assigned, filtered and linked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer } from './editor-server.ts';

let s: EditorServer;
let heroes: number;
let cards: number;
let block: any;

const PARAGRAPH = '<!-- wp:paragraph --><p>Hi</p><!-- /wp:paragraph -->';

beforeAll(async () => {
  s = await startEditorServer();
  heroes = (await s.call('editor', 'POST', '/wp/v2/wp_pattern_category', { name: 'Heroes' })).body.id;
  cards = (await s.call('editor', 'POST', '/wp/v2/wp_pattern_category', { name: 'Cards' })).body.id;
  const made = await s.call('author', 'POST', '/wp/v2/blocks', { title: 'Greeting', content: PARAGRAPH, status: 'publish', wp_pattern_category: [heroes, 999_999] });
  expect(made.status).toBe(201);
  block = made.body;
}, 60_000);
afterAll(() => s?.close());

describe('writing synced patterns', () => {
  it('answers a new one in the edit context, with its categories and sync status', async () => {
    expect(Object.keys(block)).toEqual([
      'id', 'date', 'date_gmt', 'guid', 'modified', 'modified_gmt', 'password', 'slug', 'status', 'type', 'link', 'title', 'content', 'excerpt',
      'template', 'meta', 'wp_pattern_category', 'wp_pattern_sync_status', '_links',
    ]);
    expect(block).toMatchObject({ type: 'wp_block', title: { raw: 'Greeting' }, content: { raw: PARAGRAPH, protected: false, block_version: 1 }, wp_pattern_sync_status: '' });
    // An id that names no pattern category is dropped, as WordPress drops it.
    expect(block.wp_pattern_category).toEqual([heroes]);
    expect(block.meta).toEqual({ footnotes: '' });
    expect(Object.keys(block._links)).toEqual([
      'self', 'collection', 'about', 'version-history', 'wp:attachment', 'wp:term', 'wp:action-publish',
      'wp:action-create-wp_pattern_category', 'wp:action-assign-wp_pattern_category', 'curies',
    ]);
    expect(block._links['wp:term']).toEqual([{ taxonomy: 'wp_pattern_category', embeddable: true, href: `${s.restUrl}/wp/v2/wp_pattern_category?post=${block.id}` }]);
  });

  it('keeps the sync status in meta and answers it beside it', async () => {
    const r = await s.call('author', 'POST', `/wp/v2/blocks/${block.id}`, { meta: { wp_pattern_sync_status: 'unsynced' }, wp_pattern_category: [heroes, cards] });
    expect(r.status).toBe(200);
    expect([r.body.wp_pattern_sync_status, r.body.meta, r.body.wp_pattern_category]).toEqual(['unsynced', { footnotes: '' }, [heroes, cards]]);
    const bad = await s.call('author', 'POST', `/wp/v2/blocks/${block.id}`, { meta: { wp_pattern_sync_status: 'sometimes' } });
    expect([bad.status, bad.body.code]).toEqual([400, 'rest_invalid_param']);
  });

  it('lets only those who publish posts create one, and refuses an empty one', async () => {
    const contributor = await s.call('contributor', 'POST', '/wp/v2/blocks', { title: 'Mine', status: 'draft' });
    expect([contributor.status, contributor.body.code]).toEqual([403, 'rest_cannot_create']);
    const empty = await s.call('author', 'POST', '/wp/v2/blocks', { status: 'draft' });
    expect([empty.status, empty.body.code]).toEqual([400, 'empty_content']);
  });
});

describe('reading synced patterns', () => {
  it('shows them raw to those who edit posts', async () => {
    const r = await s.call('contributor', 'GET', `/wp/v2/blocks/${block.id}`);
    expect(r.status).toBe(200);
    expect(r.body.title).toEqual({ raw: 'Greeting' });
    expect(Object.keys(r.body.content)).toEqual(['raw', 'protected']);
    expect('password' in r.body).toBe(false);
    // Changed once already: it has a revision to point to.
    expect(Object.keys(r.body._links)).toEqual(['self', 'collection', 'about', 'version-history', 'predecessor-version', 'wp:attachment', 'wp:term', 'curies']);
    expect(r.headers.get('allow')).toBe('GET');
  });

  it('refuses one to those who edit nothing, and lists none to them, with the count WordPress gives', async () => {
    const sub = await s.call('subscriber', 'GET', `/wp/v2/blocks/${block.id}`);
    expect([sub.status, sub.body.code]).toEqual([403, 'rest_forbidden']);
    const anon = await s.call('anonymous', 'GET', `/wp/v2/blocks/${block.id}`);
    expect([anon.status, anon.body.code]).toEqual([401, 'rest_forbidden']);
    for (const who of ['anonymous', 'subscriber'] as const) {
      const list = await s.call(who, 'GET', '/wp/v2/blocks');
      expect([list.status, list.body, list.headers.get('x-wp-total')], who).toEqual([200, [], '1']);
    }
    expect((await s.call('contributor', 'GET', '/wp/v2/blocks')).body.map((b: { id: number }) => b.id)).toEqual([block.id]);
  });

  it('lists in the edit context only what the caller may edit', async () => {
    const other = await s.call('administrator', 'POST', '/wp/v2/blocks', { title: 'Admin\'s', content: PARAGRAPH, status: 'publish' });
    const author = await s.call('author', 'GET', '/wp/v2/blocks?context=edit');
    expect(author.body.map((b: { id: number }) => b.id)).toEqual([block.id]);
    const editor = await s.call('editor', 'GET', '/wp/v2/blocks?context=edit&orderby=id&order=asc');
    expect(editor.body.map((b: { id: number }) => b.id)).toEqual([block.id, other.body.id]);
  });

  it('filters by pattern category', async () => {
    const solo = await s.call('author', 'POST', '/wp/v2/blocks', { title: 'Card', content: PARAGRAPH, status: 'publish', wp_pattern_category: [cards] });
    const ids = async (query: string) => (await s.call('editor', 'GET', `/wp/v2/blocks?${query}&orderby=id&order=asc`)).body.map((b: { id: number }) => b.id);
    expect(await ids(`wp_pattern_category=${heroes}`)).toEqual([block.id]);
    expect(await ids(`wp_pattern_category=${cards}`)).toEqual([block.id, solo.body.id]);
    expect(await ids(`wp_pattern_category[terms]=${heroes},${cards}&wp_pattern_category[operator]=AND`)).toEqual([block.id]);
    expect(await ids(`wp_pattern_category_exclude=${heroes}&wp_pattern_category=${cards}`)).toEqual([solo.body.id]);
    expect(await ids(`wp_pattern_category=${cards}&include=${solo.body.id}`)).toEqual([solo.body.id]);
  });

  it('keeps revisions of each change', async () => {
    await s.call('author', 'POST', `/wp/v2/blocks/${block.id}`, { content: '<!-- wp:paragraph --><p>Hi 2</p><!-- /wp:paragraph -->' });
    const revisions = await s.call('author', 'GET', `/wp/v2/blocks/${block.id}/revisions`);
    expect(revisions.status).toBe(200);
    expect(revisions.body.length).toBeGreaterThan(0);
    expect(revisions.body[0].title.raw).toBe('Greeting');
    expect(revisions.body[0]._links.parent[0].href).toBe(`${s.restUrl}/wp/v2/blocks/${block.id}`);
  });
});

describe('what synced patterns are not', () => {
  it('are no public pages: oEmbed and its embed page refuse them, as WordPress refuses types that are not viewable', async () => {
    const oembed = await s.call('anonymous', 'GET', `/oembed/1.0/embed?url=${encodeURIComponent(`${s.siteUrl}/?p=${block.id}`)}`);
    expect([oembed.status, oembed.body.code]).toEqual([404, 'oembed_invalid_url']);
    const page = await fetch(`${s.siteUrl}/?p=${block.id}&embed=true`);
    expect(await page.text()).not.toContain('Hi 2');
  });
});

describe('pattern categories', () => {
  it('are terms of their own taxonomy, linked to the synced patterns they hold', async () => {
    const r = await s.call('anonymous', 'GET', `/wp/v2/wp_pattern_category/${heroes}`);
    expect(r.body).toMatchObject({ id: heroes, name: 'Heroes', slug: 'heroes', taxonomy: 'wp_pattern_category', link: `${s.siteUrl}/?taxonomy=wp_pattern_category&term=heroes` });
    expect(r.body._links['wp:post_type']).toEqual([{ href: `${s.restUrl}/wp/v2/blocks?wp_pattern_category=${heroes}` }]);
    expect(r.body._links.about).toEqual([{ href: `${s.restUrl}/wp/v2/taxonomies/wp_pattern_category` }]);
    const list = await s.call('anonymous', 'GET', `/wp/v2/wp_pattern_category?post=${block.id}`);
    expect(list.body.map((t: { id: number }) => t.id).sort()).toEqual([heroes, cards].sort());
    const sub = await s.call('subscriber', 'POST', '/wp/v2/wp_pattern_category', { name: 'Nope' });
    expect([sub.status, sub.body.code]).toEqual([403, 'rest_cannot_create']);
    // A category id on the categories route is another taxonomy's: not found.
    expect((await s.call('anonymous', 'GET', `/wp/v2/categories/${heroes}`)).status).toBe(404);
  });
});
