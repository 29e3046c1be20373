import { describe, expect, it } from 'vitest';
import { memoizeRender } from '../../runtime/content/render/memo.ts';
import { renderContent, renderExcerpt, renderTitle } from '../../runtime/content/render/index.ts';

describe('memoized rendering', () => {
  it('renders once per distinct input and answers the same text again', () => {
    let calls = 0;
    const upper = memoizeRender((text: string) => {
      calls++;
      return text.toUpperCase();
    });
    expect(upper('a "b"')).toBe('A "B"');
    expect(upper('a "b"')).toBe('A "B"');
    expect(calls).toBe(1);
    expect(upper('other')).toBe('OTHER');
    expect(calls).toBe(2);
  });

  it('keeps multi-argument inputs apart even when their concatenations match', () => {
    const pair = memoizeRender((a: string, b: string) => `[${a}|${b}]`);
    expect(pair('ab', 'c')).toBe('[ab|c]');
    expect(pair('a', 'bc')).toBe('[a|bc]');
    expect(pair('1:a', '')).toBe('[1:a|]');
    expect(pair('', '1:a')).toBe('[|1:a]');
  });

  it('gives byte-identical answers on the second call of the real filters', () => {
    const content = '<!-- wp:paragraph -->\n<p>"Quoted" -- it\'s Wordpress.</p>\n<!-- /wp:paragraph -->\n\nplain line\nnext';
    const first = [renderTitle('Q&A: "Smart" -- it\'s'), renderContent(content), renderExcerpt('', content), renderExcerpt('', content, 3)];
    const again = [renderTitle('Q&A: "Smart" -- it\'s'), renderContent(content), renderExcerpt('', content), renderExcerpt('', content, 3)];
    expect(again).toEqual(first);
    expect(first[1]).toContain('&#8220;Quoted&#8221; &#8212; it&#8217;s WordPress.');
    expect(first[3]).not.toBe(first[2]);
  });
});
