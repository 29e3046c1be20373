/**
 * The last differences issue 30 found by sending the same requests to WordPress 6.8 and to this
 * server, each asserted as 6.8 answered it (observed on the reference site): reading an autosave
 * by any id, an autosave equal to its post, quotes texturize leaves straight, relevance ordered
 * ascending, `password` on a list, `_fields=id,_embedded` on a list, `_pretty` whatever its value,
 * a refused route in a `require-all-validate` batch, and the iframe title of a post's oEmbed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEditorServer, type EditorServer } from './editor-server.ts';

let s: EditorServer;

beforeAll(async () => {
  s = await startEditorServer();
}, 60_000);
afterAll(() => s?.close());

async function published(title: string, content = '<p>v1</p>', extra: Record<string, unknown> = {}): Promise<any> {
  const res = await s.call('administrator', 'POST', '/wp/v2/posts', { title, content, status: 'publish', ...extra });
  expect(res.status).toBe(201);
  return res.body;
}

describe('autosaves', () => {
  it('read by an id that names no autosave of the post answer the post\'s autosave; 404 only when it has none', async () => {
    const post = await published('Autosave read');
    await s.call('administrator', 'POST', `/wp/v2/posts/${post.id}`, { content: '<p>v2</p>' });
    const revision = (await s.call('administrator', 'GET', `/wp/v2/posts/${post.id}/revisions`)).body[0].id;
    const none = await s.call('administrator', 'GET', `/wp/v2/posts/${post.id}/autosaves/${revision}`);
    expect([none.status, none.body.code]).toEqual([404, 'rest_post_no_autosave']);
    const autosave = await s.call('administrator', 'POST', `/wp/v2/posts/${post.id}/autosaves`, { content: '<p>v3</p>' });
    for (const id of [revision, 99999999, autosave.body.id]) {
      const read = await s.call('administrator', 'GET', `/wp/v2/posts/${post.id}/autosaves/${id}?context=edit`);
      expect([read.status, read.body.id, read.body.content.raw]).toEqual([200, autosave.body.id, '<p>v3</p>']);
    }
  });

  it('equal to the post answer the autosave already kept, as it was, with 200', async () => {
    const post = await published('Autosave same', '<p>Body A</p>');
    const first = await s.call('administrator', 'POST', `/wp/v2/posts/${post.id}/autosaves`, { title: 'Autosave same', content: '<p>Body A</p>' });
    expect([first.status, first.body.content.raw]).toEqual([200, '<p>Body A</p>']);
    const changed = await s.call('administrator', 'POST', `/wp/v2/posts/${post.id}/autosaves`, { title: 'Autosave same', content: '<p>Body changed</p>' });
    expect(changed.body.id).toBe(first.body.id);
    const same = await s.call('administrator', 'POST', `/wp/v2/posts/${post.id}/autosaves`, { title: 'Autosave same', content: '<p>Body A</p>' });
    expect([same.status, same.body.id, same.body.content.raw]).toEqual([200, first.body.id, '<p>Body changed</p>']);
    const list = await s.call('administrator', 'GET', `/wp/v2/posts/${post.id}/autosaves?context=edit`);
    expect(list.body.map((a: any) => a.content.raw)).toEqual(['<p>Body changed</p>']);
  });
});

describe('texturize', () => {
  it('leaves a single quote straight where a double quote follows it, as wptexturize_primes does', async () => {
    const cases: Array<[string, string]> = [
      [`He said, "She said, 'It's fine.'"`, 'He said, &#8220;She said, &#8216;It&#8217;s fine.\'&#8221;'],
      [`("'a'") ["'b'"] "'c'" '"d"'`, '(&#8220;&#8216;a\'&#8221;) [&#8220;&#8216;b\'&#8221;] &#8220;&#8216;c\'&#8221; &#8216;&#8221;d&#8221;&#8216;'],
      [`x"y'z'"`, 'x&#8221;y&#8217;z\'&#8221;'],
      [`"'Twas the night," he said. "Don't 'quote' me."`, '&#8220;&#8216;Twas the night,&#8221; he said. &#8220;Don&#8217;t &#8216;quote&#8217; me.&#8221;'],
      [`'"Hello," she said.'`, '&#8216;&#8221;Hello,&#8221; she said.&#8217;'],
    ];
    for (const [text, rendered] of cases) {
      const post = await s.call('administrator', 'POST', '/wp/v2/posts', { title: text, content: text, status: 'draft' });
      expect(post.body.title.rendered).toBe(rendered);
      expect(post.body.content.rendered).toBe(`<p>${rendered}</p>\n`);
    }
    const linked = await s.call('administrator', 'POST', '/wp/v2/posts', { title: 'Linked', content: `<p>"<a href="x">'link'</a>"</p>`, status: 'draft' });
    expect(linked.body.content.rendered).toBe('<p>&#8220;<a href="x">&#8216;link&#8217;</a>&#8220;</p>\n');
  });
});

describe('lists', () => {
  it('order relevance ties by date in the asked direction', async () => {
    const word = `zebra${process.pid}`;
    const cat = (await s.call('administrator', 'POST', '/wp/v2/categories', { name: `Relevance ${process.pid}` })).body.id;
    const dates = ['2026-01-01T10:00:00', '2026-01-02T10:00:00', '2026-01-03T10:00:00'];
    await published(`Relevance ${word} one`, 'x', { date: dates[0], categories: [cat] });
    await published('Relevance two', `${word} ${word} words`, { date: dates[1], categories: [cat] });
    await published(`Relevance ${word} three`, 'other', { date: dates[2], categories: [cat] });
    const slugs = async (order: string) => (await s.call('anonymous', 'GET', `/wp/v2/posts?search=${word}&orderby=relevance&order=${order}&_fields=slug`)).body.map((p: any) => p.slug);
    expect(await slugs('asc')).toEqual([`relevance-${word}-one`, `relevance-${word}-three`, 'relevance-two']);
    expect(await slugs('desc')).toEqual([`relevance-${word}-three`, `relevance-${word}-one`, 'relevance-two']);
  });

  it('show the content of each item whose password is the `password` sent; a wrong one hides it and is no error', async () => {
    const cat = (await s.call('administrator', 'POST', '/wp/v2/categories', { name: `Locked ${process.pid}` })).body.id;
    await published('Locked list', '<p>secret words</p>', { excerpt: 'secret excerpt', password: 'pw', categories: [cat] });
    await published('Open list', '<p>open words</p>', { categories: [cat] });
    const read = async (query: string) => {
      const res = await s.call('anonymous', 'GET', `/wp/v2/posts?categories=${cat}&_fields=title,content,excerpt${query}`);
      expect(res.status).toBe(200);
      return res.body.find((p: any) => p.title.rendered === 'Locked list');
    };
    expect(await read('&password=pw')).toEqual({
      title: { rendered: 'Locked list' },
      content: { rendered: '<p>secret words</p>\n', protected: true },
      excerpt: { rendered: '<p>secret excerpt</p>\n', protected: true },
    });
    for (const query of ['&password=wrong', '']) {
      expect(await read(query)).toEqual({ title: { rendered: 'Locked list' }, content: { rendered: '', protected: true }, excerpt: { rendered: '', protected: true } });
    }
  });

  it('with _fields=id,_embedded keep only the ids: a list item without its links embeds nothing', async () => {
    const post = await published('Embedded list');
    const list = await s.call('administrator', 'GET', `/wp/v2/posts?include=${post.id}&context=edit&_embed=wp:term&_fields=id,_embedded`);
    expect(list.body).toEqual([{ id: post.id }]);
    const withLinks = await s.call('administrator', 'GET', `/wp/v2/posts?include=${post.id}&context=edit&_embed=wp:term&_fields=id,_links,_embedded`);
    expect(withLinks.body[0]._embedded['wp:term'][0][0]).toMatchObject({ id: 1, slug: 'uncategorized', taxonomy: 'category' });
  });
});

describe('_pretty', () => {
  it('prints indented whatever its value, with slashes and non-ASCII escaped as PHP writes them; errors too', async () => {
    for (const query of ['_pretty', '_pretty=0', '_pretty=1']) {
      const res = await fetch(`${s.restUrl}/wp/v2/types/post?_fields=slug,rest_namespace&${query}`);
      expect(await res.text()).toBe('{\n    "slug": "post",\n    "rest_namespace": "wp\\/v2"\n}');
    }
    const error = await fetch(`${s.restUrl}/wp/v2/posts/99999999?_pretty`);
    expect(await error.text()).toBe('{\n    "code": "rest_post_invalid_id",\n    "message": "Invalid post ID.",\n    "data": {\n        "status": 404\n    }\n}');
    await s.call('administrator', 'POST', '/wp/v2/categories', { name: `Café ${process.pid}` });
    const named = await fetch(`${s.restUrl}/wp/v2/categories?search=Caf%C3%A9&_fields=name&_pretty`);
    expect(await named.text()).toBe(`[\n    {\n        "name": "Caf\\u00e9 ${process.pid}"\n    }\n]`);
  });
});

describe('batch', () => {
  it('a route that takes no batch, refused in the validation pass, has no Allow header', async () => {
    const res = await s.call('administrator', 'POST', '/batch/v1', {
      validation: 'require-all-validate',
      requests: [{ method: 'POST', path: '/wp/v2/posts', body: { title: 'Batch ok' } }, { method: 'POST', path: '/wp/v2/media', body: {} }],
    });
    expect(res.status).toBe(207);
    expect(res.body).toEqual({
      failed: 'validation',
      responses: [null, { body: { code: 'rest_batch_not_allowed', message: 'The requested route does not support batch requests.', data: { status: 400 } }, status: 400, headers: [] }],
    });
    // Run as a batch (no validation pass), the same refusal names the route's methods, as 6.8 does.
    const run = await s.call('administrator', 'POST', '/batch/v1', { requests: [{ method: 'POST', path: '/wp/v2/media', body: {} }] });
    expect(run.body.responses[0].headers).toEqual({ Allow: 'GET, POST' });
  });
});

describe('the block editor\'s calls (replay)', () => {
  it('the default category may be edited but not deleted: 403, and neither Allow nor targetHints offer DELETE', async () => {
    const read = await s.call('administrator', 'GET', '/wp/v2/categories/1');
    expect(read.headers.get('allow')).toBe('GET, POST, PUT, PATCH');
    expect(read.body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH']);
    const gone = await s.call('administrator', 'DELETE', '/wp/v2/categories/1?force=true');
    expect([gone.status, gone.body.code, gone.body.message]).toEqual([403, 'rest_cannot_delete', 'Sorry, you are not allowed to delete this term.']);
    const other = await s.call('administrator', 'POST', '/wp/v2/categories', { name: `Deletable ${process.pid}` });
    expect(other.body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
    expect((await s.call('administrator', 'DELETE', `/wp/v2/categories/${other.body.id}?force=true`)).status).toBe(200);
  });

  it('publishes settings, template and synced pattern meta fields with their keys in 6.8\'s order', async () => {
    const settings = await s.call('administrator', 'OPTIONS', '/wp/v2/settings');
    expect(Object.keys(settings.body.schema.properties.title)).toEqual(['type', 'title', 'description', 'default']);
    expect(Object.keys(settings.body.schema.properties.url)).toEqual(['type', 'title', 'description', 'default', 'format']);
    expect(Object.keys(settings.body.schema.properties.default_ping_status)).toEqual(['type', 'title', 'description', 'default', 'enum']);
    const templates = await s.call('administrator', 'OPTIONS', '/wp/v2/templates');
    expect(Object.keys(templates.body.schema.properties.author_text)).toEqual(['type', 'description', 'readonly', 'context']);
    const blocks = await s.call('administrator', 'OPTIONS', '/wp/v2/blocks');
    expect(Object.keys(blocks.body.schema.properties.meta.properties.footnotes)).toEqual(['type', 'title', 'description', 'default']);
    expect(Object.keys(blocks.body.schema.properties.meta.properties.wp_pattern_sync_status)).toEqual(['type', 'title', 'description', 'enum']);
  });
});

describe('oEmbed of the site\'s own posts', () => {
  it('titles the iframe with the rendered title between entity quotes, an entity dash and the site name', async () => {
    const post = await published('Embed me "now" & later');
    const site = await (await fetch(`${s.restUrl}/`)).json();
    const res = await s.call('anonymous', 'GET', `/oembed/1.0/embed?url=${encodeURIComponent(post.link)}`);
    expect(res.status).toBe(200);
    expect(res.body.title).toBe('Embed me &#8220;now&#8221; &#038; later');
    expect(res.body.html).toContain(` title="&#8220;Embed me &#8220;now&#8221; &#038; later&#8221; &#8212; ${site.name}" `);
  });
});
