/**
 * A post's rendered fields over HTTP, as WordPress 6.8 answers them for the same content: block
 * classes added at render time, a [caption] figure, the excerpt built from the blocks an excerpt
 * keeps. The expected strings are the 6.8 reference's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';
import { ATTACHED_FILE, METADATA, setMeta } from '../../runtime/media/attachments.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
});
afterAll(async () => s?.close());

const para = (t: string) => `<!-- wp:paragraph -->\n<p>${t}</p>\n<!-- /wp:paragraph -->`;

describe('rendered content over HTTP', () => {
  it('a block post reads with 6.8 classes and a block excerpt', async () => {
    const content = [
      '<!-- wp:heading {"level":3} -->\n<h3>Old head</h3>\n<!-- /wp:heading -->',
      `<!-- wp:quote -->\n<blockquote class="wp-block-quote">${para('Quoted')}<cite>Someone</cite></blockquote>\n<!-- /wp:quote -->`,
      '<!-- wp:list -->\n<ul><!-- wp:list-item -->\n<li>One</li>\n<!-- /wp:list-item --></ul>\n<!-- /wp:list -->',
    ].join('\n\n');
    const made = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Blocks', content, status: 'publish' });
    expect(made.status).toBe(201);
    const read = await s.call('anonymous', 'GET', `/core/v2/posts/${made.body.id}`);
    expect(read.body.content.rendered).toBe(
      '\n<h3 class="wp-block-heading">Old head</h3>\n\n\n\n<blockquote class="wp-block-quote is-layout-flow wp-block-quote-is-layout-flow">\n<p>Quoted</p>\n<cite>Someone</cite></blockquote>\n\n\n\n<ul class="wp-block-list">\n<li>One</li>\n</ul>\n',
    );
    expect(read.body.excerpt.rendered).toBe('<p>Old head Quoted Someone</p>\n');
    expect(read.body.content.block_version).toBeUndefined();
  });

  it('a classic post with [caption] reads as a figure, and its excerpt leaves the caption out', async () => {
    const content = 'Before\n\n[caption align="aligncenter" width="150"]<a href="http://example.com/"><img src="b.jpg" width="150" height="100" /></a> Linked caption[/caption]\n\nAfter';
    const made = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Caption', content, status: 'publish' });
    const read = await s.call('anonymous', 'GET', `/core/v2/posts/${made.body.id}`);
    expect(read.body.content.rendered).toBe(
      '<p>Before</p>\n<figure style="width: 150px" class="wp-caption aligncenter"><a href="http://example.com/"><img loading="lazy" decoding="async" src="b.jpg" width="150" height="100" /></a><figcaption class="wp-caption-text">Linked caption</figcaption></figure>\n<p>After</p>\n',
    );
    expect(read.body.excerpt.rendered).toBe('<p>Before After</p>\n');
  });
});

/** An 800x600 JPEG attachment with a thumbnail size, inserted as an upload would leave it. */
async function attach(parent: number, file: string, caption: string): Promise<number> {
  const now = '2026-03-01 10:00:00';
  const row = await s.app.db.insertInto('posts').values({
    author: s.users.editor.id, type: 'attachment', status: 'inherit', slug: file.replace(/\W.*$/, ''), title: file, content: '', excerpt: caption,
    password: '', parent, menu_order: 0, comment_status: 'open', ping_status: 'closed', format: 'standard', template: '',
    mime_type: 'image/jpeg', guid: '', date: now, date_gmt: now, modified: now, modified_gmt: now, comment_count: 0,
  }).returning('id').executeTakeFirstOrThrow();
  const id = Number(row.id);
  await setMeta(s.app.db, id, ATTACHED_FILE, `2026/03/${file}`);
  await setMeta(s.app.db, id, METADATA, {
    width: 800, height: 600, file: `2026/03/${file}`,
    sizes: { thumbnail: { file: file.replace('.jpg', '-150x150.jpg'), width: 150, height: 150, 'mime-type': 'image/jpeg' } },
  });
  return id;
}

describe('[gallery] over HTTP', () => {

  it('shows the images attached to the post, and a changed caption at the next read', async () => {
    const made = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Gallery', content: 'Look\n\n[gallery]', status: 'publish' });
    const id = made.body.id as number;
    const image = await attach(id, 'lake.jpg', 'The "lake"');
    const url = `${s.siteUrl}/wp-content/uploads/2026/03`;
    const read = await s.call('anonymous', 'GET', `/core/v2/posts/${id}`);
    expect(read.body.content.rendered).toBe(
      `<p>Look</p>\n<div id='gallery-1' class='gallery galleryid-${id} gallery-columns-3 gallery-size-thumbnail'><figure class='gallery-item'>\n\t\t\t<div class='gallery-icon landscape'>\n\t\t\t\t` +
        `<a href='${s.siteUrl}/?attachment_id=${image}'><img loading="lazy" decoding="async" width="150" height="150" src="${url}/lake-150x150.jpg" class="attachment-thumbnail size-thumbnail" alt="" aria-describedby="gallery-1-${image}" /></a>\n\t\t\t</div>` +
        `\n\t\t\t\t<figcaption class='wp-caption-text gallery-caption' id='gallery-1-${image}'>\n\t\t\t\tThe &#8220;lake&#8221;\n\t\t\t\t</figcaption></figure>\n\t\t</div>\n\n`,
    );
    expect(read.body.excerpt.rendered).toBe('<p>Look</p>\n');
    // Changed behind the API's back: the attachments are part of what the render is remembered by.
    await s.app.db.updateTable('posts').set({ excerpt: 'Frozen' }).where('id', '=', image).execute();
    const again = await s.call('anonymous', 'GET', `/core/v2/posts/${id}`);
    expect(again.body.content.rendered).toContain('\t\t\t\tFrozen\n');
    expect(again.body.content.rendered).not.toContain('lake&#8221;');
  });
});

describe('embeds of this site over HTTP', () => {
  it('an address of a published post alone on its line becomes its embed; a draft address stays text', async () => {
    const target = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Lake "day"', content: 'x', status: 'publish' });
    const draft = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Hidden', content: 'x', status: 'draft' });
    const link = `${s.siteUrl}/?p=${target.body.id}`;
    const hidden = `${s.siteUrl}/?p=${draft.body.id}`;
    const made = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Embeds', content: `Intro\n\n${link}\n\n${hidden}`, status: 'publish' });
    const read = await s.call('anonymous', 'GET', `/core/v2/posts/${made.body.id}`);
    const html = read.body.content.rendered as string;
    const m = /^<p>Intro<\/p>\n<blockquote class="wp-embedded-content" data-secret="([a-zA-Z0-9]{10})"><p><a href="([^"]+)">Lake &#8220;day&#8221;<\/a><\/p><\/blockquote>\n<p><iframe loading="lazy" class="wp-embedded-content" sandbox="allow-scripts" security="restricted" style="position: absolute; visibility: hidden;" title="&#8220;Lake &#8220;day&#8221;&#8221; &#8212; [^"]+" src="([^"]+)" data-secret="\1" width="500" height="282" frameborder="0" marginwidth="0" marginheight="0" scrolling="no"><\/iframe><\/p>\n<p>([^<]+)<\/p>\n$/.exec(html);
    expect(m, html).not.toBeNull();
    expect(m![2]).toBe(link);
    expect(m![3]).toMatch(new RegExp(`^${link.replace(/[?.]/g, '\\$&')}&#038;embed=true#\\?secret=[a-zA-Z0-9]{10}#\\?secret=${m![1]}$`));
    expect(m![4]).toBe(hidden);
    expect(read.body.excerpt.rendered).toBe(`<p>Intro Lake &#8220;day&#8221; ${hidden}</p>\n`);
    // Same post version, same secrets: the render is remembered and answered identically.
    expect((await s.call('anonymous', 'GET', `/core/v2/posts/${made.body.id}`)).body.content.rendered).toBe(html);
  });
});

describe('images inserted from the library over HTTP', () => {
  it('an image with class wp-image-N gets the width and height of its attachment file', async () => {
    const image = await attach(0, 'shore.jpg', '');
    const url = `${s.siteUrl}/wp-content/uploads/2026/03`;
    const made = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Inserted', content: `<!-- wp:image {"id":${image}} -->\n<figure class="wp-block-image"><img src="${url}/shore-150x150.jpg" alt="" class="wp-image-${image}"/></figure>\n<!-- /wp:image -->`, status: 'publish' });
    const read = await s.call('anonymous', 'GET', `/core/v2/posts/${made.body.id}`);
    expect(read.body.content.rendered).toBe(`\n<figure class="wp-block-image"><img loading="lazy" decoding="async" width="150" height="150" src="${url}/shore-150x150.jpg" alt="" class="wp-image-${image}"/></figure>\n`);
  });
});

describe('[playlist] over HTTP', () => {
  it('a playlist naming no audio renders nothing; one with an attached audio file stays as written', async () => {
    const empty = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'No list', content: 'A\n\n[playlist ids="999999"]', status: 'publish' });
    expect((await s.call('anonymous', 'GET', `/core/v2/posts/${empty.body.id}`)).body.content.rendered).toBe('<p>A</p>\n\n');
    const made = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'List', content: '[playlist]', status: 'publish' });
    const now = '2026-03-01 10:00:00';
    await s.app.db.insertInto('posts').values({
      author: s.users.editor.id, type: 'attachment', status: 'inherit', slug: 'song', title: 'song', content: '', excerpt: '', password: '', parent: made.body.id, menu_order: 0,
      comment_status: 'open', ping_status: 'closed', format: 'standard', template: '', mime_type: 'audio/mpeg', guid: '', date: now, date_gmt: now, modified: now, modified_gmt: now, comment_count: 0,
    }).execute();
    expect((await s.call('anonymous', 'GET', `/core/v2/posts/${made.body.id}`)).body.content.rendered).toBe('[playlist]\n');
  });
});
