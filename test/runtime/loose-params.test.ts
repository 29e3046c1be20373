import { describe, expect, it } from 'vitest';
import { looseNumber, looseText } from '../../runtime/rest/loose-params.ts';

describe('untyped params read as text or number without throwing', () => {
  const trap = { toString: 'x', valueOf: 1 };

  it('scalars read as String() and Number() read them', () => {
    expect(looseText(5)).toBe('5');
    expect(looseText(true)).toBe('true');
    expect(looseNumber('12')).toBe(12);
  });

  it('objects and lists read as nothing, even when their own toString is data', () => {
    expect(() => String(trap)).toThrow();
    expect(looseText(trap)).toBe('');
    expect(looseText(['a'])).toBe('');
    expect(looseNumber(trap)).toBeNaN();
    expect(looseNumber(null)).toBeNaN();
  });
});
