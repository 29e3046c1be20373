import { describe, expect, it } from 'vitest';
import { emptyMeta, type MetaSchema } from '../../runtime/content/meta.ts';

const schema: MetaSchema = {
  footnotes: { type: 'string' },
  count: { type: 'integer' },
  flag: { type: 'boolean' },
  list: { type: 'array' },
  layout: { type: 'object', properties: { desktop: { type: 'object', properties: { color: { type: 'string', default: 'red' }, size: { type: 'number' } } } } },
  preset: { type: 'object', default: { a: [1, 2], b: { c: 'd' } } },
};

describe('emptyMeta (the registered keys at their empty values)', () => {
  it('answers every key in the schema order with its default or its type’s empty value', () => {
    const meta = emptyMeta(schema);
    expect(Object.keys(meta)).toEqual(['footnotes', 'count', 'flag', 'list', 'layout', 'preset']);
    expect(meta).toEqual({ footnotes: '', count: 0, flag: false, list: [], layout: { desktop: { color: 'red', size: 0 } }, preset: { a: [1, 2], b: { c: 'd' } } });
  });

  it('gives each call its own copy, nested values included', () => {
    const first = emptyMeta(schema);
    (first.layout as { desktop: { color: string } }).desktop.color = 'blue';
    (first.list as unknown[]).push(1);
    ((first.preset as { a: number[] }).a).push(3);
    first.count = 5;
    expect(emptyMeta(schema)).toEqual({ footnotes: '', count: 0, flag: false, list: [], layout: { desktop: { color: 'red', size: 0 } }, preset: { a: [1, 2], b: { c: 'd' } } });
  });

  it('keeps a key named __proto__ as a key, not as the prototype', () => {
    const odd: MetaSchema = { __proto__: { type: 'object', default: { x: 1 } } } as unknown as MetaSchema;
    Object.defineProperty(odd, '__proto__', { value: { type: 'object', default: { x: 1 } }, enumerable: true, configurable: true, writable: true });
    const meta = emptyMeta(odd);
    expect(Object.getPrototypeOf(meta)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(meta, '__proto__')).toBe(true);
  });
});
