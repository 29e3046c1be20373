import { describe, expect, it } from 'vitest';
import { renderContent, renderExcerpt, renderTitle } from '../../runtime/content/render/index.ts';
import { texturize } from '../../runtime/content/render/texturize.ts';
import { autop } from '../../runtime/content/render/autop.ts';
import { blockVersion, renderBlocks } from '../../runtime/content/render/blocks.ts';
import { decodeSlug, sanitizeTitle } from '../../runtime/content/slugs.ts';
import { dateWithGmt } from '../../runtime/content/dates.ts';
import { IANAZone } from 'luxon';

describe('texturize', () => {
  it('curls double and single quotes and apostrophes', () => {
    expect(texturize(`He said "hi" and 'bye', it's fine`)).toBe('He said &#8220;hi&#8221; and &#8216;bye&#8217;, it&#8217;s fine');
  });
  it('turns -- and --- into dashes and ... into an ellipsis', () => {
    expect(texturize('a -- b --- c 1--2 wait...')).toBe('a &#8212; b &#8212; c 1&#8211;2 wait&#8230;');
  });
  it('leaves tags, code and pre alone', () => {
    expect(texturize('<a href="x">"q"</a><code>"c"</code>')).toBe('<a href="x">&#8220;q&#8221;</a><code>"c"</code>');
  });
  it('writes primes after digits and × between numbers', () => {
    expect(texturize(`a 9' pole, 6" tall, 3x4`)).toBe('a 9&#8242; pole, 6&#8243; tall, 3&#215;4');
  });
  it('escapes a bare ampersand', () => {
    expect(texturize('A & B &amp; C')).toBe('A &#038; B &amp; C');
  });
});

describe('autop', () => {
  it('wraps blank-line separated text in paragraphs and single newlines in <br />', () => {
    expect(autop('one\ntwo\n\nthree')).toBe('<p>one<br />\ntwo</p>\n<p>three</p>\n');
  });
  it('does not wrap block elements', () => {
    expect(autop('<div>x</div>\n\ntext')).toBe('<div>x</div>\n<p>text</p>\n');
  });
  it('keeps <pre> content verbatim', () => {
    expect(autop('<pre>a\n\nb</pre>')).toBe('<pre>a\n\nb</pre>\n');
  });
});

describe('blocks', () => {
  const block = '<!-- wp:paragraph {"align":"center"} -->\n<p>Hi</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:spacer /-->';
  it('strips block comment delimiters and skips autop for block content', () => {
    expect(renderBlocks(block)).toBe('\n<p>Hi</p>\n\n\n');
    expect(renderContent(block)).toBe('\n<p>Hi</p>\n\n\n');
  });
  it('reports block_version 1 for block content and 0 for classic', () => {
    expect(blockVersion(block)).toBe(1);
    expect(blockVersion('<p>x</p>')).toBe(0);
  });
});

describe('titles and excerpts', () => {
  it('texturizes the title', () => {
    expect(renderTitle('Ça été “ok” -- draft...')).toBe('Ça été “ok” &#8212; draft&#8230;');
  });
  it('makes a 55-word excerpt ending in [&hellip;] from long content', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    expect(renderExcerpt('', words)).toBe(`<p>${words.split(' ').slice(0, 55).join(' ')} [&hellip;]</p>\n`);
  });
  it('honours a shorter excerpt length', () => {
    expect(renderExcerpt('', 'one two three four', 2)).toBe('<p>one two [&hellip;]</p>\n');
  });
  it('makes the excerpt from the part before <!--more-->', () => {
    expect(renderExcerpt('', 'Teaser text<!--more-->Rest of the story')).toBe('<p>Teaser text</p>\n');
    expect(renderContent('Teaser text<!--more-->Rest of the story')).toBe('<p>Teaser text<!--more-->Rest of the story</p>\n');
  });
  it('uses the written excerpt as is, with paragraphs', () => {
    expect(renderExcerpt('Short "one"', 'ignored body')).toBe('<p>Short &#8220;one&#8221;</p>\n');
  });
});

describe('slugs and dates', () => {
  it('removes accents, punctuation and case', () => {
    expect(sanitizeTitle('Ça été “ok” -- draft...')).toBe('ca-ete-ok-draft');
    expect(sanitizeTitle('Hello World!')).toBe('hello-world');
    expect(sanitizeTitle('Straße <b>bold</b> 1.5')).toBe('strase-bold-1-5');
  });
  it('keeps other scripts percent-encoded and lower-cased, readable through decodeSlug', () => {
    expect(sanitizeTitle('Привет мир')).toBe('%d0%bf%d1%80%d0%b8%d0%b2%d0%b5%d1%82-%d0%bc%d0%b8%d1%80');
    expect(decodeSlug(sanitizeTitle('Ελληνικά 🎉'))).toBe('ελληνικά-🎉');
    expect(sanitizeTitle('—em dash— « title »')).toBe('em-dash-title');
  });
  it('reads a date without offset as site-local time and one with offset as an instant', () => {
    const paris = IANAZone.create('Europe/Paris');
    expect(dateWithGmt('2024-07-01T12:00:00', paris, false)).toEqual(['2024-07-01 12:00:00', '2024-07-01 10:00:00']);
    expect(dateWithGmt('2024-07-01T12:00:00Z', paris, false)).toEqual(['2024-07-01 14:00:00', '2024-07-01 12:00:00']);
    expect(dateWithGmt('2024-01-01T12:00:00', paris, true)).toEqual(['2024-01-01 13:00:00', '2024-01-01 12:00:00']);
    expect(dateWithGmt('not a date', paris, false)).toBeNull();
  });
});
