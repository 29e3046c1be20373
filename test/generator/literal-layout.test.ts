/**
 * The data constants the generator writes without prettier (literal-layout.ts) are exactly what
 * prettier writes: prettier, with the generator's options, leaves each statement unchanged.
 * Hand-picked cases sit on the rules' edges (a line of 100 and of 101 columns, short keys, quotes);
 * a few hundred seeded random values cover their mixtures.
 */
import { readFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { dataFile } from '../../generator/emit/data-file.ts';
import { Code, constantStatement, importStatement, NotLaidOut, type Literal } from '../../generator/emit/literal-layout.ts';
import { Formatter } from '../../generator/format.ts';
import { PRETTIER_OPTIONS, TS_PARSER } from '../../generator/format-options.ts';

const prettierOf = (text: string): Promise<string> => prettier.format(text, { ...PRETTIER_OPTIONS, parser: TS_PARSER });

async function expectStable(text: string): Promise<void> {
  expect(await prettierOf(text)).toBe(`${text}\n`);
}

/** A string of `n` characters, so that a line comes out at a chosen width. */
const filler = (n: number): string => 'abcdefghij'.repeat(Math.ceil(n / 10)).slice(0, n);

/** Seeded, so a failure is the same failure on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomValue(next: () => number, depth: number): Literal {
  const pick = <T,>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const keys = ['id', 'type', 'description', 'properties', 'a-b', 'x', 'enum', 'default', '$ref', 'items', 'readonly', 'context', '200', 'has space', "it's"];
  const roll = next();
  if (depth <= 0 || roll < 0.35) {
    const leaf = next();
    if (leaf < 0.45) return `${pick(['', "it's ", 'say "hi" ', 'a\\b ', 'line\nnext ', 'café ', '中文 '])}${filler(Math.floor(next() * 110))}`;
    if (leaf < 0.6) return Math.floor(next() * 2000) - 500;
    if (leaf < 0.7) return next() < 0.5;
    if (leaf < 0.75) return null;
    if (leaf < 0.85) return new Code(pick(['args.listPosts', 'validators.createPost as CompiledValidator', `shared${filler(Math.floor(next() * 60))}`]));
    return next() < 0.5 ? [] : {};
  }
  if (roll < 0.6) {
    const count = Math.floor(next() * 5);
    // Lists of objects, to reach prettier's rule that such a list always breaks.
    const ofObjects = next() < 0.4;
    return Array.from({ length: count }, () => (ofObjects ? { id: Math.floor(next() * 9), name: filler(Math.floor(next() * 30)) } : randomValue(next, depth - 1)));
  }
  const out: Record<string, Literal> = {};
  const count = 1 + Math.floor(next() * 5);
  for (let i = 0; i < count; i++) out[pick(keys)] = randomValue(next, depth - 1);
  return out;
}

describe('literal layout, held to prettier', () => {
  it('breaks a value exactly where its line passes 100 columns', async () => {
    // `export const a: T = { key: '…' };` is 32 columns and the string's length: 100 columns at 68.
    for (const n of [67, 68, 69, 70]) await expectStable(constantStatement('a', 'T', { key: filler(n) }, true));
    expect(constantStatement('a', 'T', { key: filler(68) }, true)).toHaveLength(100);
    // Inside a broken object: `  description: '…',` is 18 columns and the string's length.
    for (const n of [81, 82, 83]) await expectStable(constantStatement('a', 'T', { description: filler(n), other: filler(90) }, true));
    for (const n of [60, 80, 95, 120]) {
      await expectStable(constantStatement('a', 'T', { description: filler(n), nested: { description: filler(n - 10), list: [filler(n / 3), filler(n / 4)] } }, true));
      await expectStable(constantStatement('a', 'T', [filler(n), filler(n / 2), { x: filler(n / 5) }], false));
    }
  });

  it('keeps values beside short keys, numbers and booleans, and puts other long values below their key', async () => {
    await expectStable(constantStatement('a', 'T', { outer: { id: filler(120), type: filler(120), 'a-b': filler(120), long_key_name: filler(120) } }, true));
    await expectStable(constantStatement('a', 'T', { outer: { [filler(90)]: 12345, [filler(91)]: true, [filler(92)]: -5, [filler(93)]: null } }, true));
    await expectStable(constantStatement('a', 'T', { outer: { validate: new Code(`validators.${filler(80)} as CompiledValidator`), args: new Code(`args.${filler(95)}`) } }, true));
  });

  it('quotes keys and strings as prettier does', async () => {
    await expectStable(constantStatement('a', 'T', { "it's": "it's", 'say "hi"': 'say "hi"', both: `it's "both" it's`, 'a-b': 'a\\b\nc\td', $ref: '#/x', '200': 200, default: 'é 中文' }, true));
  });

  it('breaks a list of two or more objects of two or more properties, and everything holding it', async () => {
    await expectStable(constantStatement('a', 'T', { list: [{ a: 1, b: 2 }, { a: 3, b: 4 }] }, true));
    await expectStable(constantStatement('a', 'T', { list: [{ a: 1 }, { a: 3, b: 4 }] }, true));
    await expectStable(constantStatement('a', 'T', { list: [[1, 2], [3, 4]], one: [{ a: 1, b: 2 }] }, true));
    await expectStable(constantStatement('a', 'T', [{}, []], true));
  });

  it('turns objects the caller names into references', async () => {
    const shared = { $ref: 'sharedTitle' };
    const text = constantStatement('a', 'T', { title: shared, list: [shared, shared] }, true, { refer: (v) => (v === shared ? new Code('sharedTitle') : undefined) });
    expect(text).toBe('export const a: T = { title: sharedTitle, list: [sharedTitle, sharedTitle] };');
    await expectStable(text);
  });

  it('writes import declarations as prettier does', async () => {
    await expectStable(importStatement('./x.ts', { named: ['a'] }));
    await expectStable(importStatement('./x.ts', { named: ['a', 'b'], typeOnly: true }));
    await expectStable(importStatement('./validators.ts', { namespace: 'validators' }));
    await expectStable(importStatement(`../handlers/${filler(40)}.ts`, { named: [filler(20), filler(21), filler(22)] }));
    await expectStable(importStatement(`../handlers/${filler(120)}.ts`, { named: [filler(20)] }));
  });

  it('wrote the committed data files as prettier writes them', async () => {
    // Written by the layout alone (generate --check holds output/ to it), not by prettier.
    for (const file of ['shared/args.ts', 'shared/data.ts', 'shared/routes.ts']) {
      const text = readFileSync(new URL(`../../output/${file}`, import.meta.url), 'utf8');
      expect(await prettierOf(text), file).toBe(text);
    }
  });

  it('lays out random values as prettier does', async () => {
    const next = random(29);
    for (let i = 0; i < 300; i++) {
      const value = randomValue(next, 4);
      let text: string;
      try {
        text = constantStatement(`value${i}`, i % 2 === 0 ? 'Record<string, ArgSchema>' : 'unknown', value, i % 3 !== 0);
      } catch (error) {
        if (error instanceof NotLaidOut) continue;
        throw error;
      }
      await expectStable(text);
    }
  });

  it('refuses what it does not know how to lay out, and prettier formats that statement alone', async () => {
    expect(() => constantStatement('a', 'T', { list: Array.from({ length: 40 }, (_, i) => i * 1000) }, true)).toThrow(NotLaidOut);
    expect(() => constantStatement('a', 'T', { face: 'smile 🙂' }, true)).toThrow(NotLaidOut);
    const file = dataFile('shared/x.ts', '// Generated by specpress from spec/: test.', [importStatement('./y.ts', { named: ['T'], typeOnly: true })], [
      { name: 'first', type: 'T', value: { a: filler(120) }, exported: true },
      { name: 'numbers', type: 'T', value: Array.from({ length: 40 }, (_, i) => i * 1000), exported: true },
    ]);
    expect(file.preformatted).toBeUndefined();
    expect(file.laidOut).toEqual([true, true, false]);
    const formatter = await Formatter.open(false);
    try {
      const formatted = await formatter.format(file.path, file.content, file.pieces, file.laidOut);
      expect(formatted).toBe(await prettierOf(file.content));
      // Only the refused statement went to prettier.
      expect(formatter.stats.chunks).toBe(1);
    } finally {
      await formatter.close();
    }
  });
});
