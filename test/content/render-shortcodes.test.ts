/**
 * Shortcodes in post content as WordPress 6.8 renders them (expected strings are the 6.8
 * reference's content.rendered / excerpt.rendered for the same content, theme twentytwentyfive).
 */
import { describe, expect, it } from 'vitest';
import { renderContent, renderExcerpt } from '../../runtime/content/render/index.ts';
import { parseShortcodeAttrs } from '../../runtime/content/render/shortcodes.ts';

describe('[caption]', () => {
  it('renders an HTML5 figure with ids from the id attribute and the caption after the image', () => {
    expect(renderContent('[caption id="attachment_5" align="alignnone" width="300"]<img src="http://example.com/a.jpg" alt="" width="300" height="200" class="size-medium wp-image-5" /> A "caption" here[/caption]')).toBe(
      '<figure id="attachment_5" aria-describedby="caption-attachment-5" style="width: 300px" class="wp-caption alignnone"><img loading="lazy" decoding="async" src="http://example.com/a.jpg" alt="" width="300" height="200" class="size-medium wp-image-5" /><figcaption id="caption-attachment-5" class="wp-caption-text">A &#8220;caption&#8221; here</figcaption></figure>\n',
    );
  });
  it('takes a standing-alone caption out of its paragraph, keeps the link round the image', () => {
    expect(renderContent('Before\n\n[caption align="aligncenter" width="150"]<a href="http://example.com/"><img src="b.jpg" width="150" height="100" /></a> Linked caption[/caption]\n\nAfter')).toBe(
      '<p>Before</p>\n<figure style="width: 150px" class="wp-caption aligncenter"><a href="http://example.com/"><img loading="lazy" decoding="async" src="b.jpg" width="150" height="100" /></a><figcaption class="wp-caption-text">Linked caption</figcaption></figure>\n<p>After</p>\n',
    );
  });
  it('gives only the image when the width is missing or zero', () => {
    expect(renderContent('[caption width="0"]<img src="c.jpg" /> zero[/caption]')).toBe('<img decoding="async" src="c.jpg" />\n');
    expect(renderContent('[caption]<img src="c.jpg" /> no width[/caption]')).toBe('<img decoding="async" src="c.jpg" />\n');
  });
  it('uses the caption attribute, the old [wp_caption] name, and texturizes the caption but not the tag', () => {
    expect(renderContent('[caption id="x" width="200" caption="Attr caption"]<img src="c.jpg" width="200" height="100" />[/caption]')).toBe(
      '<figure id="x" aria-describedby="caption-x" style="width: 200px" class="wp-caption alignnone"><img loading="lazy" decoding="async" src="c.jpg" width="200" height="100" /><figcaption id="caption-x" class="wp-caption-text">Attr caption</figcaption></figure>\n',
    );
    expect(renderContent('[wp_caption width="100"]<img src="e.jpg"> old[/wp_caption]')).toBe(
      '<figure style="width: 100px" class="wp-caption alignnone"><img decoding="async" src="e.jpg"><figcaption class="wp-caption-text">old</figcaption></figure>\n',
    );
    expect(renderContent(`[caption width="100"]<img src="d.jpg" width="100" height="50"> It's "quoted"[/caption] and 'after'`)).toBe(
      '<p><figure style="width: 100px" class="wp-caption alignnone"><img loading="lazy" decoding="async" src="d.jpg" width="100" height="50"><figcaption class="wp-caption-text">It&#8217;s &#8220;quoted&#8221;</figcaption></figure> and &#8216;after&#8217;</p>\n',
    );
  });
  it('renders inside a shortcode block', () => {
    expect(renderContent('<!-- wp:shortcode -->\n[caption width="100"]<img src="d.jpg" width="100" height="50"> Cap[/caption]\n<!-- /wp:shortcode -->')).toBe(
      '<figure style="width: 100px" class="wp-caption alignnone"><img loading="lazy" decoding="async" src="d.jpg" width="100" height="50"><figcaption class="wp-caption-text">Cap</figcaption></figure>\n',
    );
  });
});

describe('[embed] and other brackets', () => {
  it('renders [embed] without a provider answer as a link in a paragraph', () => {
    expect(renderContent('[embed]https://www.youtube.com/watch?v=abc[/embed]')).toBe('<p><a href="https://www.youtube.com/watch?v=abc">https://www.youtube.com/watch?v=abc</a></p>\n');
    expect(renderContent('[embed width="300"]https://example.org/page[/embed]')).toBe('<p><a href="https://example.org/page">https://example.org/page</a></p>\n');
  });
  it('leaves unknown shortcodes as texturized text and unescapes [[caption]]', () => {
    expect(renderContent('[unknown attr="x"] text "q" [/unknown]')).toBe('<p>[unknown attr=&#8221;x&#8221;] text &#8220;q&#8221; [/unknown]</p>\n');
    expect(renderContent('[[caption]] escaped')).toBe('<p>[caption] escaped</p>\n');
  });
  it('parses attributes as shortcode_parse_atts does', () => {
    expect(parseShortcodeAttrs(` id="a" Width='3' align=left "pos" bare`)).toEqual({ id: 'a', width: '3', align: 'left', 0: 'pos', 1: 'bare' });
    expect(parseShortcodeAttrs(' caption="a <b open"')).toEqual({ caption: '' });
    expect(parseShortcodeAttrs(' caption="<b>bold</b>"')).toEqual({ caption: '<b>bold</b>' });
  });
});

describe('excerpts leave shortcodes out', () => {
  it('drops registered shortcodes with their content, keeps unknown ones', () => {
    expect(renderExcerpt('', 'Before\n\n[caption width="150"]<img src="b.jpg" /> Linked caption[/caption]\n\nAfter')).toBe('<p>Before After</p>\n');
    expect(renderExcerpt('', `[caption width="100"]<img src="d.jpg"> It's[/caption] and 'after'`)).toBe('<p>and &#8216;after&#8217;</p>\n');
    expect(renderExcerpt('', '[[caption]] escaped')).toBe('<p>escaped</p>\n');
    expect(renderExcerpt('', '[unknown attr="x"] text')).toBe('<p>[unknown attr=&#8221;x&#8221;] text</p>\n');
  });
});
