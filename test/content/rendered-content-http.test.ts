/**
 * A post's rendered fields over HTTP, as WordPress 6.8 answers them for the same content: block
 * classes added at render time, a [caption] figure, the excerpt built from the blocks an excerpt
 * keeps. The expected strings are the 6.8 reference's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

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
