/**
 * Shared sub-schema constants are declared after the constants they use: a part that refers to
 * another can be shorter once rewritten (the reference replaces the text), which once put a
 * constant before its dependency and made the generated module throw at load.
 */
import { describe, expect, it } from 'vitest';
import { sharedConstants } from '../../generator/emit/shared-subschemas.ts';

describe('sharedConstants', () => {
  it('declares each shared part after the parts it refers to', () => {
    const inner = { type: 'object', description: 'x'.repeat(220), properties: { when: { type: 'string', format: 'date-time' } } };
    const outer = { description: 'Meta fields.', type: 'object', properties: { prefs: inner } };
    const values = new Map<string, Record<string, unknown>>([
      ['a', { properties: { meta: outer, other: inner } }],
      ['b', { properties: { meta: outer } }],
    ]);
    const { shared: parts, refer } = sharedConstants(values, new Set(['a', 'b']));
    // Each part as the file writes it: a reference by its constant's name.
    const literal = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) && refer(v) !== undefined ? `@${refer(v)!.text}` : v)).replace(/"@(\w+)"/g, '$1');
    const shared = parts.map(([name, value]) => [name, literal(value)] as const);
    const names = shared.map(([name]) => name);
    expect(names).toHaveLength(2);
    const user = shared.find(([, text]) => names.some((n) => text.includes(n)))!;
    const used = names.find((n) => user[1].includes(n))!;
    // The part using another is the shorter text, yet comes after it.
    expect(user[1].length).toBeLessThan(shared.find(([n]) => n === used)![1].length);
    expect(names.indexOf(used)).toBeLessThan(names.indexOf(user[0]));
  });
});
