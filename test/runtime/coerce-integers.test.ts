import { describe, expect, it } from 'vitest';
import { coerceValue } from '../../runtime/rest/coerce.ts';

describe('integer params beyond what a number holds exactly', () => {
  it('a numeric string beyond 2^53 is held at the largest safe integer, as PHP holds it at PHP_INT_MAX', () => {
    expect(coerceValue('999999999999999999999', { type: 'integer' })).toBe(Number.MAX_SAFE_INTEGER);
    expect(coerceValue('-999999999999999999999', { type: 'integer' })).toBe(-Number.MAX_SAFE_INTEGER);
  });

  it('a JSON number beyond 2^53 is held at the same bound', () => {
    expect(coerceValue(1e308, { type: 'integer' })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('integers within range and non-integer types are left as they are', () => {
    expect(coerceValue('42', { type: 'integer' })).toBe(42);
    expect(coerceValue(1e308, { type: 'number' })).toBe(1e308);
  });
});
