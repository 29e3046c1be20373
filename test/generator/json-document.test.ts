import { readFileSync, readdirSync } from 'node:fs';
import stringifyCompact from 'json-stringify-pretty-compact';
import { describe, expect, it } from 'vitest';
import { jsonDocument } from '../../generator/emit/json-document.ts';
import { PRETTIER_OPTIONS } from '../../generator/format-options.ts';

/** The library's layout of the whole document at once: what the split layout must equal. */
const whole = (value: unknown): string => `${stringifyCompact(value, { maxLength: PRETTIER_OPTIONS.printWidth, indent: PRETTIER_OPTIONS.tabWidth })}\n`;

describe('a JSON document laid out member by member', () => {
  it("is the library's layout of the whole document, byte for byte, on every generated document", () => {
    const root = new URL('../../output/deployments/', import.meta.url);
    let documents = 0;
    for (const deployment of readdirSync(root)) {
      for (const name of ['openapi.json', 'discovery.json']) {
        const doc = JSON.parse(readFileSync(new URL(`${deployment}/${name}`, root), 'utf8'));
        expect(jsonDocument(doc), `${deployment}/${name}`).toBe(whole(doc));
        documents++;
      }
    }
    expect(documents).toBeGreaterThanOrEqual(6);
  });

  it('is the same where a member only just fits, or only just does not, beside its key and comma', () => {
    // Values whose one-line width runs across the line's end at each depth the split reaches.
    const cases: unknown[] = [];
    for (let n = 50; n <= 110; n++) {
      const text = 'x'.repeat(n);
      const member = { a: text, list: [text.slice(0, n / 2), n], nested: { deeper: text } };
      cases.push({ top: 'y'.repeat(120), paths: { [`/p${n}`]: member, last: member, [`k${'e'.repeat(n % 7)}`]: [member] }, tail: member });
      cases.push({ paths: { only: { a: text } }, pad: 'z'.repeat(110) });
    }
    for (const value of cases) expect(jsonDocument(value)).toBe(whole(value));
  });

  it('is the same for what JSON leaves out or cannot split: undefined members, empty and non-object values', () => {
    const long = 'w'.repeat(140);
    const cases: unknown[] = [
      { gone: undefined, fn: () => 1, kept: long, empty: {}, list: [], paths: { a: undefined, b: { c: long, d: undefined } } },
      [{ a: long }, { b: long }],
      'plain string',
      42,
      null,
      { [`key "quoted" \u0000 and \n newline`]: { inner: long }, other: long },
      { date: new Date(0), big: { at: new Date(0), long } },
    ];
    for (const value of cases) expect(jsonDocument(value)).toBe(whole(value));
  });
});
