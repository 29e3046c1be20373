/**
 * Item fields and headers WordPress 6.8 answers with, over HTTP: class_list on posts, pages and
 * media, targetHints.allow on self links by what the caller may do, the no-store Cache-Control
 * of signed-in answers, and the attribute order of the image in a media description.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from '../content/content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer('studio');
}, 60_000);
afterAll(() => s?.close());

describe('WordPress 6.8 item fields', () => {
  it('gives posts and pages their class_list and self-link targetHints', async () => {
    const cat = await s.call('editor', 'POST', '/wp/v2/categories', { name: 'Travel' });
    const post = await s.call('author', 'POST', '/wp/v2/posts', { title: 'Classy', status: 'publish', categories: [cat.body.id] });
    expect(post.body.class_list).toEqual([`post-${post.body.id}`, 'post', 'type-post', 'status-publish', 'format-standard', 'hentry', 'category-travel']);
    expect(post.body._links.self[0].targetHints).toEqual({ allow: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] });
    const anon = await s.call('anonymous', 'GET', `/wp/v2/posts/${post.body.id}`);
    expect(anon.body._links.self[0].targetHints).toEqual({ allow: ['GET'] });
    const contributor = await s.call('contributor', 'GET', `/wp/v2/posts?include=${post.body.id}`);
    expect(contributor.body[0]._links.self[0].targetHints).toEqual({ allow: ['GET'] });
    const page = await s.call('editor', 'POST', '/wp/v2/pages', { title: 'About', status: 'publish' });
    expect(page.body.class_list).toEqual([`post-${page.body.id}`, 'page', 'type-page', 'status-publish', 'hentry']);
    expect(Object.keys(page.body).slice(-2)).toEqual(['class_list', '_links']);
  });

  it('answers signed-in requests with no-store, private and anonymous ones without', async () => {
    expect((await s.call('editor', 'GET', '/wp/v2/posts')).headers.get('cache-control')).toBe('no-cache, must-revalidate, max-age=0, no-store, private');
    expect((await s.call('anonymous', 'GET', '/wp/v2/posts')).headers.get('cache-control')).toBeNull();
  });

  it('gives media its class_list and writes loading and decoding first on the description image', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#36c' } }).png().toBuffer();
    const res = await fetch(`${s.restUrl}/wp/v2/media`, { method: 'POST', headers: { ...s.authHeaders('editor'), 'content-type': 'image/png', 'content-disposition': 'attachment; filename=blue.png' }, body: new Uint8Array(png) });
    const media = await res.json();
    expect(res.status).toBe(201);
    expect(media.class_list).toEqual([`post-${media.id}`, 'attachment', 'type-attachment', 'status-inherit', 'hentry']);
    expect(media.description.rendered).toMatch(/<img loading="lazy" decoding="async" width="4" height="4" src="[^"]+" class="attachment-medium size-medium" alt="" \/>/);
    expect(media._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    const gone = await s.call('editor', 'DELETE', `/wp/v2/media/${media.id}?force=true`);
    expect([gone.body.deleted, gone.body.previous.id, '_links' in gone.body.previous]).toEqual([true, media.id, false]);
  });
});

describe('modified of a created item', () => {
  it('is its given date, as wp_insert_post stores it, and moves to now on update', async () => {
    const old = await s.call('editor', 'POST', '/wp/v2/posts', { title: 'Back-dated', status: 'publish', date: '2020-02-03T04:05:06' });
    expect([old.body.modified, old.body.modified_gmt]).toEqual(['2020-02-03T04:05:06', '2020-02-03T04:05:06']);
    const after = await s.call('anonymous', 'GET', `/wp/v2/posts?modified_before=2021-01-01T00:00:00&include=${old.body.id}&_fields=id`);
    expect(after.body).toEqual([{ id: old.body.id }]);
    const changed = await s.call('editor', 'POST', `/wp/v2/posts/${old.body.id}`, { title: 'Back-dated, edited' });
    expect(changed.body.modified > '2025').toBe(true);
  });
});

describe('WordPress 6.8 params and globals', () => {
  it('trims titles, makes slugs through entities, reads a negative offset as its absolute value', async () => {
    const post = await s.call('editor', 'POST', '/wp/v2/posts', { title: '  Fish &amp; Chips & Co  ', status: 'publish' });
    expect([post.body.title.raw, post.body.slug, post.body.title.rendered]).toEqual(['Fish &amp; Chips & Co', 'fish-chips-co', 'Fish &amp; Chips &#038; Co']);
    const all = await s.call('anonymous', 'GET', '/wp/v2/posts?per_page=100&orderby=id&order=asc&_fields=id');
    const skipped = await s.call('anonymous', 'GET', '/wp/v2/posts?per_page=100&orderby=id&order=asc&_fields=id&offset=-1');
    expect(skipped.body).toEqual(all.body.slice(1));
  });

  it('prints _pretty answers indented and lists the site identity fields in discovery', async () => {
    const res = await fetch(`${s.restUrl}/wp/v2/types/post?_fields=slug,name&_pretty=1`);
    expect(await res.text()).toBe('{\n    "name": "Posts",\n    "slug": "post"\n}');
    // WordPress asks only whether `_pretty` is present: `_pretty=0` is pretty too.
    expect(await (await fetch(`${s.restUrl}/wp/v2/types/post?_fields=slug&_pretty=0`)).text()).toBe('{\n    "slug": "post"\n}');
    expect(await (await fetch(`${s.restUrl}/wp/v2/types/post?_fields=slug`)).text()).toBe('{"slug":"post"}');
    const doc = await (await fetch(`${s.restUrl}/?_fields=site_logo,site_icon,site_icon_url,_links`)).json();
    expect(doc).toEqual({ site_logo: 0, site_icon: 0, site_icon_url: '', _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] } });
  });
});

describe('WordPress 6.8 list edges', () => {
  it('answers _fields naming nothing with empty items, and an empty page 2 with a prev link to page 0', async () => {
    await s.call('editor', 'POST', '/wp/v2/posts', { title: 'Edge', status: 'publish' });
    const nothing = await s.call('anonymous', 'GET', '/wp/v2/posts?per_page=1&_fields=nothing');
    expect(nothing.body).toEqual([[]]);
    expect((await s.call('anonymous', 'GET', '/wp/v2/types/post?_fields=nothing')).body).toEqual([]);
    const empty = await s.call('anonymous', 'GET', '/wp/v2/posts?search=zzzqqq&page=2');
    expect([empty.status, empty.body, empty.headers.get('link')]).toEqual([200, [], `<${s.restUrl}/wp/v2/posts?search=zzzqqq&page=0>; rel="prev"`]);
  });
});
