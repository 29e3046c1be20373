/**
 * Where the kses filter departs from WordPress on purpose (test/fixtures/kses/KEPT-DIFFERENCES.md):
 * inputs WordPress survives only by recursion without limit or by memory without limit, and the
 * uploads URL that 6.8's PDF rule needs from the caller.
 */
import { describe, expect, it } from 'vitest';
import { filterPostHtml } from '../../runtime/content/kses.ts';

const SCRIPT_ATTR = '{"x":"\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}';

describe('kses on deeply nested and unclosed blocks', () => {
  it('filters 10,000 nested blocks (WordPress recurses without limit; here no stack overflow)', () => {
    const depth = 10_000;
    const html = `<!-- wp:group ${SCRIPT_ATTR} -->`.repeat(depth) + 'x' + '<!-- /wp:group -->'.repeat(depth);
    const out = filterPostHtml(html);
    // Each block kept, its attribute's markup filtered as WordPress filters it.
    expect(out).toBe('<!-- wp:group {"x":"alert(1)"} -->'.repeat(depth) + 'x' + '<!-- /wp:group -->'.repeat(depth));
  });

  it('repeats the text after a few unclosed blocks as WordPress does', () => {
    const out = filterPostHtml('<!-- wp:a -->x<!-- wp:b -->y');
    expect(out).toBe('x<!-- wp:b -->y<!-- /wp:b --><!-- wp:a -->x<!-- wp:b -->y<!-- /wp:a -->');
  });

  it('closes thousands of unclosed blocks where the text ends instead of repeating it thousands of times', () => {
    const count = 5_000;
    const html = `<!-- wp:a ${SCRIPT_ATTR} -->`.repeat(count) + 'x';
    const out = filterPostHtml(html);
    // WordPress's output would be about count/2 times the input; here it stays proportional.
    expect(out.length).toBeLessThan(html.length * 2);
    expect(out).not.toContain('script');
    expect(out.startsWith('<!-- wp:a {"x":"alert(1)"} -->'.repeat(count) + 'x')).toBe(true);
    expect(out.endsWith('<!-- /wp:a -->'.repeat(count))).toBe(true);
  });
});

describe("kses's PDF rule and the uploads URL", () => {
  const pdf = '<object data="http://site.example:8080/wp-content/uploads/2025/01/a.pdf" type="application/pdf"></object>';

  it('keeps a PDF object from the uploads host and port', () => {
    expect(filterPostHtml(pdf, { uploadsUrl: 'http://site.example:8080/wp-content/uploads' })).toBe(pdf);
  });

  it('strips it for another port or host', () => {
    expect(filterPostHtml(pdf, { uploadsUrl: 'http://site.example/wp-content/uploads' })).toBe('<object></object>');
    expect(filterPostHtml(pdf, { uploadsUrl: 'https://other.example:8080/wp-content/uploads' })).toBe('<object></object>');
  });

  it('strips every object when the caller gives no uploads URL', () => {
    expect(filterPostHtml(pdf)).toBe('<object></object>');
  });
});
