import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import qs from 'qs';
import { parseQueryString } from '../../runtime/rest/query-string.ts';

// What parseQueryString must equal: qs with the options PHP's rules need.
const viaQs = (text: string) => (text ? qs.parse(text, { duplicates: 'last', depth: 20, arrayLimit: 1000, parameterLimit: 10000, allowPrototypes: false }) : {});

// Pieces a query is made of, hostile ones included (escapes good and bad, prototype names, `+`).
const PIECES = ['a', 'b', 'per_page', '=', '=', '&', '&', '+', '%20', '%2B', '%26', '%3D', '%C3%A9', '%E2%82', '%ZZ', '%', '0', '1', '.', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'é', '[', ']', '[]', '%5B', '%5d', 'x]=y'];

describe('parseQueryString', () => {
  it('answers as qs does for any query, with and without brackets', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }), (pieces) => {
        const text = pieces.join('');
        expect(parseQueryString(text)).toStrictEqual(viaQs(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('keeps the last of a repeated plain key and decodes as PHP does', () => {
    expect(parseQueryString('per_page=10&page=2&page=3&search=a+b%20c&bad=%ZZ&flag&=x')).toStrictEqual({ per_page: '10', page: '3', search: 'a b c', bad: '%ZZ', flag: '' });
    expect(parseQueryString('constructor=1&__proto__=2&toString=3&ok=4')).toStrictEqual({ ok: '4' });
    expect(parseQueryString('categories[]=1&categories[]=2&a=1')).toStrictEqual({ categories: ['1', '2'], a: '1' });
  });

  it('takes the first 10,000 parameters, as qs does', () => {
    const text = Array.from({ length: 10_005 }, (_, i) => `k${i}=${i}`).join('&');
    const parsed = parseQueryString(text);
    expect(Object.keys(parsed)).toHaveLength(10_000);
    expect(parsed).toStrictEqual(viaQs(text));
  });
});
