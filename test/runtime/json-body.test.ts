import { describe, expect, it } from 'vitest';
import { decodeJson, MAX_JSON_DEPTH } from '../../runtime/rest/json-body.ts';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON bodies decoded with json_decode\'s refusals', () => {
  it('nesting up to 512 levels is a value', () => {
    expect(decodeJson(nested(MAX_JSON_DEPTH))).toHaveProperty('value');
  });

  it('nesting beyond 512 levels is JSON_ERROR_DEPTH (1)', () => {
    expect(decodeJson(nested(MAX_JSON_DEPTH + 1))).toEqual({ error: { code: 1, message: 'Maximum stack depth exceeded' } });
    expect(decodeJson(nested(100_000))).toEqual({ error: { code: 1, message: 'Maximum stack depth exceeded' } });
  });

  it('brackets inside strings do not count as nesting', () => {
    expect(decodeJson(JSON.stringify({ a: '['.repeat(2000) }))).toEqual({ value: { a: '['.repeat(2000) } });
  });

  it('an unpaired surrogate escape is JSON_ERROR_UTF16 (10), a paired one is a character', () => {
    const utf16 = { error: { code: 10, message: 'Single unpaired UTF-16 surrogate in unicode escape' } };
    expect(decodeJson('{"a":"x\\ud800"}')).toEqual(utf16);
    expect(decodeJson('{"a":"\\ud800x"}')).toEqual(utf16);
    expect(decodeJson('{"a":"\\udc00"}')).toEqual(utf16);
    expect(decodeJson('{"a":"\\ud83d\\udca5"}')).toEqual({ value: { a: '💥' } });
    expect(decodeJson('{"a":"\\\\ud800"}')).toEqual({ value: { a: '\\ud800' } });
  });

  it('anything else JSON.parse refuses is a syntax error (4)', () => {
    expect(decodeJson('{"a": ')).toEqual({ error: { code: 4, message: 'Syntax error' } });
  });
});
