import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { setOption } from '../../runtime/content/options.ts';
import { oembedFromXml } from '../../runtime/oembed/xml.ts';
import { embedPageFor } from '../../runtime/oembed/embed-page.ts';
import { oembedRoutes } from './routes.ts';

let server: TestServer;
let published: number;
let draft: number;

async function insertPost(slug: string, title: string, status: string, extra: { type?: string; parent?: number; mime_type?: string } = {}): Promise<number> {
  const now = '2026-03-01 10:00:00';
  const row = await server.app.db.insertInto('posts').values({
    author: server.users.editor.id, type: extra.type ?? 'post', status, slug, title, content: '<p>Some words about the lake.</p>', excerpt: '',
    password: '', parent: extra.parent ?? 0, menu_order: 0, comment_status: 'open', ping_status: 'open', format: 'standard', template: '',
    mime_type: extra.mime_type ?? '', guid: '', date: now, date_gmt: now, modified: now, modified_gmt: now, comment_count: 0,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

const embed = (query: string) => fetch(`${server.restUrl}/oembed/1.0/embed?${query}`);

beforeAll(async () => {
  server = await startTestServer({ routes: oembedRoutes });
  published = await insertPost('lake-day', 'Lake & "Sun"', 'publish');
  draft = await insertPost('secret-plans', 'Secret', 'draft');
});
afterAll(async () => {
  await server?.close();
});

describe('GET /oembed/1.0/embed', () => {
  it('answers rich oEmbed JSON for a published post, 600x338 by default', async () => {
    const res = await embed(`url=${encodeURIComponent(`${server.siteUrl}/?p=${published}`)}`);
    expect(res.status).toBe(200);
    const data = await res.json();
    expect(data).toMatchObject({ version: '1.0', type: 'rich', width: 600, height: 338, provider_url: server.siteUrl, author_name: expect.any(String) });
    expect(data.title).toBe('Lake &#038; &#8220;Sun&#8221;');
    expect(data.html).toMatch(/<blockquote class="wp-embedded-content" data-secret="([a-zA-Z0-9]+)">/);
    const secret = /data-secret="([a-zA-Z0-9]+)"/.exec(data.html)![1];
    expect(data.html).toContain(`src="${server.siteUrl}/?p=${published}&amp;embed=true#?secret=${secret}"`);
    expect(data.html).toContain('sandbox="allow-scripts"');
  });

  it('maxwidth shapes the size: 300 gives 300x200 (height at least 200), 100 gives the 200 minimum', async () => {
    const small = await (await embed(`url=${encodeURIComponent(`${server.siteUrl}/?p=${published}`)}&maxwidth=300`)).json();
    expect([small.width, small.height]).toEqual([300, 200]);
    const tiny = await (await embed(`url=${encodeURIComponent(`${server.siteUrl}/?p=${published}`)}&maxwidth=100`)).json();
    expect(tiny.width).toBe(200);
  });

  it('format=xml answers an <oembed> document written as WordPress 6.8 writes it (entities decoded, non-ASCII as &#xHEX;)', async () => {
    const url = encodeURIComponent(`${server.siteUrl}/?p=${published}`);
    const res = await embed(`url=${url}&format=xml&maxwidth=400`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/xml; charset=UTF-8');
    const text = await res.text();
    expect(text.startsWith('<?xml version="1.0"?>\n<oembed>')).toBe(true);
    // 6.8 answers the title "Q&#038;A &#8220;x&#8221;" as <title>Q&amp;A &#x201C;x&#x201D;</title>.
    expect(text).toContain('<title>Lake &amp; &#x201C;Sun&#x201D;</title><type>rich</type><width>400</width><height>225</height>');
    expect(text).toContain('<html>&lt;blockquote class="wp-embedded-content" data-secret="');
    expect(text.endsWith('</html></oembed>\n')).toBe(true);
    const parsed = oembedFromXml(text)!;
    expect(parsed).toMatchObject({ version: '1.0', type: 'rich', width: 400, height: 225, title: 'Lake & “Sun”' });
    expect(String(parsed.html)).toContain('<iframe sandbox="allow-scripts"');
  });

  it('pretty permalinks: /slug/ embeds and the iframe shows /slug/embed/', async () => {
    await setOption(server.app.db, 'permalink_structure', '/%postname%/');
    try {
      const data = await (await embed(`url=${encodeURIComponent(`${server.siteUrl}/lake-day/`)}`)).json();
      expect(data.html).toContain(`src="${server.siteUrl}/lake-day/embed/#?secret=`);
      expect(data.author_url).toMatch(/\/author\/[^/]+\/$/);
    } finally {
      await setOption(server.app.db, 'permalink_structure', '');
    }
  });

  it('a child page embeds by its path, and a photo carries a thumbnail', async () => {
    await setOption(server.app.db, 'permalink_structure', '/%postname%/');
    try {
      const parent = await insertPost('about', 'About', 'publish', { type: 'page' });
      await insertPost('team', 'Team', 'publish', { type: 'page', parent });
      const page = await (await embed(`url=${encodeURIComponent(`${server.siteUrl}/about/team/`)}`)).json();
      expect(page.title).toBe('Team');
      expect(page.html).toContain(`${server.siteUrl}/about/team/embed/#?secret=`);
    } finally {
      await setOption(server.app.db, 'permalink_structure', '');
    }
    const photo = await insertPost('pic', 'Pic', 'inherit', { type: 'attachment', mime_type: 'image/png' });
    await server.app.db.insertInto('postmeta').values([
      { post_id: photo, meta_key: '_wp_attached_file', meta_value: JSON.stringify('2026/03/pic.png') },
      { post_id: photo, meta_key: '_wp_attachment_metadata', meta_value: JSON.stringify({ width: 900, height: 600, file: '2026/03/pic.png', sizes: { medium: { file: 'pic-300x200.png', width: 300, height: 200, 'mime-type': 'image/png', filesize: 10 } } }) },
    ]).execute();
    const data = await (await embed(`url=${encodeURIComponent(`${server.siteUrl}/?attachment_id=${photo}`)}`)).json();
    expect(data).toMatchObject({ title: 'Pic', thumbnail_url: `${server.siteUrl}/wp-content/uploads/2026/03/pic-300x200.png`, thumbnail_width: 300, thumbnail_height: 200 });
  });

  it('a draft, an unknown post and another site are 404 oembed_invalid_url', async () => {
    for (const url of [`${server.siteUrl}/?p=${draft}`, `${server.siteUrl}/?p=999999`, 'https://example.com/?p=1']) {
      const res = await embed(`url=${encodeURIComponent(url)}`);
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ code: 'oembed_invalid_url', message: 'Not Found', data: { status: 404 } });
    }
  });

  it('a missing url is a validation error, not a 500', async () => {
    const res = await embed('');
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('rest_missing_callback_param');
  });
});

describe('the embed page', () => {
  it('shows the post as a card that reports its height to the host page', async () => {
    const html = await embedPageFor(server.app, `${server.siteUrl}/?p=${published}&embed=true`);
    expect(html).toContain('Lake &#038; &#8220;Sun&#8221;');
    expect(html).toContain('Some words about the lake.');
    expect(html).toContain("message: 'height'");
    expect(await embedPageFor(server.app, `${server.siteUrl}/?p=${draft}&embed=true`)).toBeNull();
  });
});
