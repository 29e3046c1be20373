/**
 * Embeds as WordPress 6.8 renders them: an address of a post of the site alone on its line, in
 * [embed], or in an embed block, becomes the post's embed; other addresses stay as written.
 * Expected strings are the 6.8 reference's answers for its "Hello world!" post, with its random
 * secrets replaced by the two given here (WordPress draws new ones on every render).
 */
import { describe, expect, it } from 'vitest';
import { renderContent, renderExcerpt, type SiteData } from '../../runtime/content/render/index.ts';

const URL = 'http://127.0.0.1:8082/hello-world/';
const SITE: SiteData = {
  postId: 1,
  images: [],
  embeds: { [URL]: { link: URL, embedUrl: `${URL}embed/`, title: 'Hello world!', siteName: 'WordPress Oracle', secrets: ['AAAAAAAAAA', 'BBBBBBBBBB'] } },
};

const CASES: Array<{ content: string; rendered: string; excerpt: string }> = [
  {
    "content": "Intro\n\nhttp://127.0.0.1:8082/hello-world/\n\nOutro",
    "rendered": "<p>Intro</p>\n<blockquote class=\"wp-embedded-content\" data-secret=\"BBBBBBBBBB\"><p><a href=\"http://127.0.0.1:8082/hello-world/\">Hello world!</a></p></blockquote>\n<p><iframe loading=\"lazy\" class=\"wp-embedded-content\" sandbox=\"allow-scripts\" security=\"restricted\" style=\"position: absolute; visibility: hidden;\" title=\"&#8220;Hello world!&#8221; &#8212; WordPress Oracle\" src=\"http://127.0.0.1:8082/hello-world/embed/#?secret=AAAAAAAAAA#?secret=BBBBBBBBBB\" data-secret=\"BBBBBBBBBB\" width=\"500\" height=\"282\" frameborder=\"0\" marginwidth=\"0\" marginheight=\"0\" scrolling=\"no\"></iframe></p>\n<p>Outro</p>\n",
    "excerpt": "<p>Intro Hello world! Outro</p>\n"
  },
  {
    "content": "[embed]http://127.0.0.1:8082/hello-world/[/embed]",
    "rendered": "<blockquote class=\"wp-embedded-content\" data-secret=\"BBBBBBBBBB\"><p><a href=\"http://127.0.0.1:8082/hello-world/\">Hello world!</a></p></blockquote>\n<p><iframe loading=\"lazy\" class=\"wp-embedded-content\" sandbox=\"allow-scripts\" security=\"restricted\" style=\"position: absolute; visibility: hidden;\" title=\"&#8220;Hello world!&#8221; &#8212; WordPress Oracle\" src=\"http://127.0.0.1:8082/hello-world/embed/#?secret=AAAAAAAAAA#?secret=BBBBBBBBBB\" data-secret=\"BBBBBBBBBB\" width=\"500\" height=\"282\" frameborder=\"0\" marginwidth=\"0\" marginheight=\"0\" scrolling=\"no\"></iframe></p>\n",
    "excerpt": ""
  },
  {
    "content": "<!-- wp:embed {\"url\":\"http://127.0.0.1:8082/hello-world/\",\"type\":\"wp-embed\",\"providerNameSlug\":\"wordpress-oracle\"} -->\n<figure class=\"wp-block-embed is-type-wp-embed is-provider-wordpress-oracle wp-block-embed-wordpress-oracle\"><div class=\"wp-block-embed__wrapper\">\nhttp://127.0.0.1:8082/hello-world/\n</div></figure>\n<!-- /wp:embed -->",
    "rendered": "\n<figure class=\"wp-block-embed is-type-wp-embed is-provider-wordpress-oracle wp-block-embed-wordpress-oracle\"><div class=\"wp-block-embed__wrapper\">\n<blockquote class=\"wp-embedded-content\" data-secret=\"BBBBBBBBBB\"><a href=\"http://127.0.0.1:8082/hello-world/\">Hello world!</a></blockquote><iframe loading=\"lazy\" class=\"wp-embedded-content\" sandbox=\"allow-scripts\" security=\"restricted\" style=\"position: absolute; visibility: hidden;\" title=\"&#8220;Hello world!&#8221; &#8212; WordPress Oracle\" src=\"http://127.0.0.1:8082/hello-world/embed/#?secret=AAAAAAAAAA#?secret=BBBBBBBBBB\" data-secret=\"BBBBBBBBBB\" width=\"500\" height=\"282\" frameborder=\"0\" marginwidth=\"0\" marginheight=\"0\" scrolling=\"no\"></iframe>\n</div></figure>\n",
    "excerpt": ""
  },
  {
    "content": "Inline http://127.0.0.1:8082/hello-world/ text",
    "rendered": "<p>Inline http://127.0.0.1:8082/hello-world/ text</p>\n",
    "excerpt": "<p>Inline http://127.0.0.1:8082/hello-world/ text</p>\n"
  },
  {
    "content": "http://127.0.0.1:8082/no-such-post/",
    "rendered": "<p>http://127.0.0.1:8082/no-such-post/</p>\n",
    "excerpt": "<p>http://127.0.0.1:8082/no-such-post/</p>\n"
  }
];

describe('embeds of this site\'s posts', () => {
  for (const c of CASES) {
    it(`renders ${JSON.stringify(c.content).slice(0, 60)} as 6.8 does`, () => {
      expect(renderContent(c.content, SITE)).toBe(c.rendered);
      expect(renderExcerpt('', c.content, 55, SITE)).toBe(c.excerpt);
    });
  }
  it('links other addresses in [embed] and leaves them alone on their line', () => {
    expect(renderContent('[embed]https://example.org/x[/embed]', SITE)).toBe('<p><a href="https://example.org/x">https://example.org/x</a></p>\n');
    expect(renderContent('https://example.org/x', SITE)).toBe('<p>https://example.org/x</p>\n');
  });
});
