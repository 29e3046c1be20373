/**
 * Text filters WordPress 6.8 runs besides blocks and shortcodes: convert_smilies, convert_chars
 * (titles and excerpts only), wpautop's conditional collapses, PHP's strip_tags for excerpts.
 * Expected strings are the 6.8 reference's answers for the same title/content/excerpt.
 */
import { describe, expect, it } from 'vitest';
import { renderContent, renderExcerpt, renderTitle } from '../../runtime/content/render/index.ts';
import { convertSmilies } from '../../runtime/content/render/smilies.ts';

describe('smilies', () => {
  const text = 'Smile :) and :-D, not:)here ;) end :?: y 8-) <code>:)</code> :arrow:\nline :(\n\n:P';
  it('turns smileys between spaces into emoji, not inside code', () => {
    expect(renderContent(text)).toBe('<p>Smile 🙂 and :-D, not:)here 😉 end ❓ y 😎 <code>:)</code> ➡<br />\nline 🙁</p>\n<p>😛</p>\n');
    expect(renderExcerpt('', text)).toBe('<p>Smile 🙂 and :-D, not:)here 😉 end ❓ y 😎 🙂 ➡ line 🙁 😛</p>\n');
  });
  it('leaves :mrgreen: (an image of WordPress\'s own files) as written', () => {
    expect(convertSmilies('x :mrgreen: y')).toBe('x :mrgreen: y');
  });
});

describe('convert_chars and capital_P_dangit', () => {
  it('escapes bare ampersands in titles and written excerpts, not in content', () => {
    expect(renderTitle('Fish & chips &amp; peas &copy; A&B "q"')).toBe('Fish &#038; chips &amp; peas &copy; A&#038;B &#8220;q&#8221;');
    expect(renderContent('Fish & chips &amp; peas &copy; A&B')).toBe('<p>Fish &#038; chips &amp; peas &copy; A&#038;B</p>\n');
    // A written excerpt keeps "Wordpress": capital_P_dangit is not an excerpt filter.
    expect(renderExcerpt('Written Wordpress :) & more', '')).toBe('<p>Written Wordpress 🙂 &#038; more</p>\n');
  });
});

describe('wpautop as in 6.8', () => {
  it('takes the space before <figcaption> and after </figcaption>', () => {
    expect(renderContent('<figure><img src="a.png">\n<figcaption>Cap</figcaption>\n</figure>\nAfter')).toBe('<figure><img decoding="async" src="a.png"><figcaption>Cap</figcaption></figure>\n<p>After</p>\n');
  });
  it('collapses around <object> params, keeps <math> inline with its newlines', () => {
    expect(renderContent('Before <object data="x"><param name="a" value="b">\n</object> after')).toBe('<p>Before <object data="x"><param name="a" value="b"></object> after</p>\n');
    expect(renderContent('x <math>\n<mi>a</mi>\n</math> y')).toBe('<p>x <math>\n<mi>a</mi>\n</math> y</p>\n');
    expect(renderExcerpt('', 'x <math>\n<mi>a</mi>\n</math> y')).toBe('<p>x a y</p>\n');
  });
  it('strips tags for excerpts as PHP does: a quoted > keeps the tag open', () => {
    expect(renderContent('<blockquote cite="a>b">Quote</blockquote>')).toBe('<blockquote cite="a>b&#8221;>Quote</p></blockquote>\n');
    expect(renderExcerpt('', '<blockquote cite="a>b">Quote</blockquote>')).toBe('');
  });
});
