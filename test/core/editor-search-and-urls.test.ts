/**
 * The block editor's link routes over HTTP on the studio deployment, as WordPress 6.8 answers
 * them: the site search (`/wp/v2/search`: posts and pages, terms, post formats, with their links
 * and `_embed` of `self`), the link preview (`/core-block-editor/v1/url-details`, reading a page
 * from a stand-in site on 127.0.0.1, which the outbound guard lets through only because this
 * test's `outboundAllow` names it), and the fallback navigation menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { startEditorServer, type EditorServer, type Who } from './editor-server.ts';

let s: EditorServer;
let remote: LoopbackServer;
let remoteHits: string[] = [];
const ids: Record<string, number> = {};

const PAGE = `<!doctype html><html><head>
<meta charset="utf-8">
<title>Lighthouse &amp; Keepers <b>Guild</b></title>
<link rel="stylesheet" href="/style.css">
<link rel="shortcut icon" href="/favicon.ico">
<meta property="og:description" content="not read: WordPress reads description metas by name">
<meta name="description" content="Where &quot;keepers&quot; meet.">
<meta property="og:image" content="images/tower.png">
</head><body><title>not the title</title><meta name="description" content="in the body"></body></html>`;

beforeAll(async () => {
  remote = await startLoopbackServer((req, res) => {
    remoteHits.push(req.url ?? '');
    if (req.url === '/lighthouse') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (req.url === '/bare') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>no head at all</p>');
    if (req.url === '/empty') return res.writeHead(200, { 'content-type': 'text/html' }).end('');
    res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Missing</title>');
  });
  s = await startEditorServer({ config: { outboundAllow: ['127.0.0.1'] } });
  const create = async (path: string, body: Record<string, unknown>) => {
    const r = await s.call('editor', 'POST', path, body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };
  ids.post = await create('/wp/v2/posts', { title: 'Lighthouse keeping', content: 'A post about towers.', status: 'publish' });
  ids.older = await create('/wp/v2/posts', { title: 'Harbour log', content: 'The lighthouse was lit.', status: 'publish', date: '2020-01-01T10:00:00' });
  ids.page = await create('/wp/v2/pages', { title: 'Lighthouse tours', content: 'Visit us.', status: 'publish' });
  ids.draft = await create('/wp/v2/posts', { title: 'Lighthouse draft', status: 'draft' });
  ids.locked = await create('/wp/v2/posts', { title: 'Lighthouse secrets', content: 'hidden', status: 'publish', password: 'pw' });
  ids.aside = await create('/wp/v2/posts', { title: 'A short aside', status: 'publish', format: 'aside' });
  ids.category = await create('/wp/v2/categories', { name: 'Lighthouses' });
  ids.tag = await create('/wp/v2/tags', { name: 'lighthouse keepers' });
}, 60_000);
afterAll(async () => {
  await s?.close();
  await remote?.close();
});

describe('GET /wp/v2/search', () => {
  it('finds published posts and pages by relevance, title first, in WordPress\'s result shape', async () => {
    const r = await s.call('anonymous', 'GET', '/wp/v2/search?search=lighthouse');
    expect(r.status).toBe(200);
    // The draft and the password-protected post are not found by an anonymous caller.
    expect(r.body.map((i: any) => i.id)).toEqual([ids.page, ids.post, ids.older]);
    expect([r.headers.get('x-wp-total'), r.headers.get('x-wp-totalpages')]).toEqual(['3', '1']);
    const [page, post] = r.body;
    expect(Object.keys(post)).toEqual(['id', 'title', 'url', 'type', 'subtype', '_links']);
    expect(post).toMatchObject({ id: ids.post, title: 'Lighthouse keeping', type: 'post', subtype: 'post' });
    expect(page).toMatchObject({ type: 'post', subtype: 'page', url: `${s.siteUrl}/?page_id=${ids.page}` });
    expect(post.url).toBe(`${s.siteUrl}/?p=${ids.post}`);
    expect(post._links).toEqual({
      self: [{ embeddable: true, href: `${s.restUrl}/wp/v2/posts/${ids.post}`, targetHints: { allow: ['GET'] } }],
      about: [{ href: `${s.restUrl}/wp/v2/types/post` }],
      collection: [{ href: `${s.restUrl}/wp/v2/search` }],
    });
  });

  it('shows a signed-in caller password-protected posts, titled as get_the_title titles them, with what it may do', async () => {
    const r = await s.call('editor', 'GET', '/wp/v2/search?search=secrets');
    expect(r.body.map((i: any) => [i.id, i.title])).toEqual([[ids.locked, 'Protected: Lighthouse secrets']]);
    expect(r.body[0]._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('narrows by subtype, include and exclude, and pages with Link headers', async () => {
    expect((await s.call('anonymous', 'GET', '/wp/v2/search?search=lighthouse&subtype=page')).body.map((i: any) => i.id)).toEqual([ids.page]);
    expect((await s.call('anonymous', 'GET', `/wp/v2/search?search=lighthouse&exclude=${ids.page}`)).body.map((i: any) => i.id)).toEqual([ids.post, ids.older]);
    expect((await s.call('anonymous', 'GET', `/wp/v2/search?include=${ids.older},${ids.aside}`)).body.map((i: any) => i.id)).toEqual([ids.aside, ids.older]);
    // Subtypes of another type leave nothing to narrow by: every post type is searched.
    expect((await s.call('anonymous', 'GET', '/wp/v2/search?search=lighthouse&subtype=category')).body).toHaveLength(3);
    const second = await s.call('anonymous', 'GET', '/wp/v2/search?search=lighthouse&per_page=2&page=2');
    expect(second.body.map((i: any) => i.id)).toEqual([ids.older]);
    expect(second.headers.get('x-wp-totalpages')).toBe('2');
    expect(second.headers.get('link')).toContain('rel="prev"');
    // Past the last page: an empty list, not an error.
    const past = await s.call('anonymous', 'GET', '/wp/v2/search?search=lighthouse&page=9');
    expect([past.status, past.body]).toEqual([200, []]);
  });

  it('finds terms by name or slug (type=term), in name order ignoring case, linked to their taxonomy', async () => {
    const r = await s.call('anonymous', 'GET', '/wp/v2/search?type=term&search=lighthouse');
    expect(r.status).toBe(200);
    expect(r.body.map((i: any) => [i.id, i.type])).toEqual([[ids.tag, 'post_tag'], [ids.category, 'category']]);
    expect(Object.keys(r.body[1])).toEqual(['id', 'title', 'url', 'type', '_links']);
    expect(r.body[1]).toMatchObject({ title: 'Lighthouses', url: `${s.siteUrl}/?cat=${ids.category}` });
    expect(r.body[1]._links.about).toEqual([{ href: `${s.restUrl}/wp/v2/taxonomies/category` }]);
    expect(r.body[1]._links.self[0].href).toBe(`${s.restUrl}/wp/v2/categories/${ids.category}`);
    expect((await s.call('anonymous', 'GET', '/wp/v2/search?type=term&subtype=category&search=lighthouse')).body.map((i: any) => i.id)).toEqual([ids.category]);
  });

  it('finds post formats in use (type=post-format), ids being their slugs', async () => {
    const r = await s.call('anonymous', 'GET', '/wp/v2/search?type=post-format&search=as');
    expect(r.body).toEqual([{
      id: 'aside', title: 'Aside', url: `${s.siteUrl}/?post_format=aside`, type: 'post-format',
      _links: { collection: [{ href: `${s.restUrl}/wp/v2/search` }] },
    }]);
    expect((await s.call('anonymous', 'GET', '/wp/v2/search?type=post-format&search=quote')).body).toEqual([]);
  });

  it('embeds each result\'s item with _embed', async () => {
    const r = await s.call('anonymous', 'GET', '/wp/v2/search?search=keeping&_embed=self');
    expect(r.body).toHaveLength(1);
    expect(r.body[0]._embedded.self[0]).toMatchObject({ id: ids.post, type: 'post', title: { rendered: 'Lighthouse keeping' } });
  });

  it('refuses an unknown type as WordPress does', async () => {
    const r = await s.call('anonymous', 'GET', '/wp/v2/search?type=xx');
    expect([r.status, r.body.code]).toEqual([400, 'rest_invalid_param']);
    expect(r.body.data.params.type).toBe('type is not one of post, term, and post-format.');
  });
});

describe('GET /core-block-editor/v1/url-details', () => {
  // The editor asks WordPress's name of the namespace, wp-block-editor/v1 (a studio alias).
  const details = (who: Who, url: string) => s.call(who, 'GET', `/wp-block-editor/v1/url-details?url=${encodeURIComponent(url)}`);

  it('reads the title, icon, description and image from the page\'s head, made absolute, and keeps the answer', async () => {
    remoteHits = [];
    const r = await details('contributor', `${remote.url}/lighthouse/`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      title: 'Lighthouse & Keepers Guild',
      icon: `${remote.url}/favicon.ico`,
      description: 'Where "keepers" meet.',
      image: `${remote.url}/images/tower.png`,
    });
    // The trailing slash is dropped before fetching; the second call is answered from the cache.
    expect(remoteHits).toEqual(['/lighthouse']);
    expect((await details('editor', `${remote.url}/lighthouse`)).body.title).toBe('Lighthouse & Keepers Guild');
    const own = await s.call('editor', 'GET', `/core-block-editor/v1/url-details?url=${encodeURIComponent(`${remote.url}/lighthouse`)}`);
    expect(own.body.title).toBe('Lighthouse & Keepers Guild');
    expect(remoteHits).toEqual(['/lighthouse']);
  });

  it('answers empty strings for what a page does not declare', async () => {
    expect((await details('editor', `${remote.url}/bare`)).body).toEqual({ title: '', icon: '', description: '', image: '' });
  });

  it('answers no_response for a page that is not a 200, and no_content for an empty one (both 404)', async () => {
    const missing = await details('editor', `${remote.url}/gone`);
    expect([missing.status, missing.body.code, missing.body.message]).toEqual([404, 'no_response', 'URL not found. Response returned a non-200 status code for this URL.']);
    const empty = await details('editor', `${remote.url}/empty`);
    expect([empty.status, empty.body.code]).toEqual([404, 'no_content']);
  });

  it('refuses addresses the outbound guard does not allow as an invalid url param', async () => {
    // 127.0.0.2 is loopback too, and not named by this server's outboundAllow.
    const r = await details('editor', 'http://127.0.0.2:9/x');
    expect([r.status, r.body.code, r.body.data.params]).toEqual([400, 'rest_invalid_param', { url: 'Invalid parameter.' }]);
    expect((await s.call('editor', 'GET', '/wp-block-editor/v1/url-details')).body.code).toBe('rest_missing_callback_param');
  });

  it('lets only those who may edit posts ask, with WordPress\'s refusal', async () => {
    for (const [who, status] of [['anonymous', 401], ['subscriber', 403]] as Array<[Who, number]>) {
      const r = await details(who, `${remote.url}/lighthouse`);
      expect([r.status, r.body.code, r.body.message], who).toEqual([status, 'rest_cannot_view_url_details', 'Sorry, you are not allowed to process remote URLs.']);
    }
  });
});

describe('GET /core-block-editor/v1/navigation-fallback', () => {
  it('makes a page-list menu the first time, then answers the newest published menu', async () => {
    const first = await s.call('administrator', 'GET', '/wp-block-editor/v1/navigation-fallback');
    expect(first.status).toBe(200);
    const id = first.body.id;
    expect(first.body._links).toEqual({
      self: [{ embeddable: true, href: `${s.restUrl}/wp/v2/navigation/${id}`, targetHints: { allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] } }],
    });
    const row = await s.app.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'wp_navigation', status: 'publish', title: 'Navigation', slug: 'navigation', content: '<!-- wp:page-list /-->' });
    expect((await s.call('administrator', 'GET', '/core-block-editor/v1/navigation-fallback')).body.id).toBe(id);
    const menus = await s.app.db.selectFrom('posts').select('id').where('type', '=', 'wp_navigation').execute();
    expect(menus).toHaveLength(1);
  });

  it('refuses those who may not edit the theme\'s options', async () => {
    for (const [who, status] of [['anonymous', 401], ['editor', 403]] as Array<[Who, number]>) {
      const r = await s.call(who, 'GET', '/core-block-editor/v1/navigation-fallback');
      expect([r.status, r.body.code, r.body.message], who).toEqual([status, 'rest_cannot_create', 'Sorry, you are not allowed to create Navigation Menus as this user.']);
    }
  });
});
