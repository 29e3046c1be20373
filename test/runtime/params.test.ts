import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { demoRoutes } from './fixtures/demo-routes.ts';
import { patient, PATIENCE_MS } from '../support/patience.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ routes: demoRoutes(), users: false });
});
afterAll(async () => server?.close());

async function json(path: string, init?: RequestInit) {
  const res = await fetch(`${server.restUrl}${path}`, { signal: patient(), ...init });
  return { status: res.status, body: await res.json() };
}
const multi = (query: string) => json(`/demo/v1/multi?req=x&${query}`);
const invalid = async (query: string) => (await json(`/demo/v1/items?${query}`)).body;

describe('coercion', () => {
  it('reads integers and booleans from strings', async () => {
    const { body } = await multi('v=5&n=true');
    expect(body.v).toBe(5);
    expect(body.n).toBe(true);
  });

  it('reads "0"/"1"/"false" as booleans', async () => {
    expect((await multi('n=0')).body.n).toBe(false);
    expect((await multi('n=FALSE')).body.n).toBe(false);
  });

  it('tries multiple types in the declared order', async () => {
    expect((await multi('v=abc')).body.v).toBe('abc');
    expect((await multi('n=maybe')).body.n).toBe('maybe');
  });

  it('splits comma and space separated lists for arrays', async () => {
    expect((await multi('list=1,2%203')).body.list).toEqual([1, 2, 3]);
  });

  it('reads PHP bracket syntax for arrays and objects', async () => {
    const { body } = await multi('list[]=4&list[]=5&obj[a]=1&obj[b][c]=2');
    expect(body.list).toEqual([4, 5]);
    expect(body.obj).toEqual({ a: '1', b: { c: '2' } });
  });

  it('reads an empty string as an empty object', async () => {
    expect((await multi('obj=')).body.obj).toEqual({});
  });

  it('picks the oneOf alternative that fits', async () => {
    expect((await multi('o=7')).body.o).toBe(7);
    expect((await multi('o=a,b')).body.o).toEqual(['a', 'b']);
  });

  it('validate: false args take any value, as post titles do in WordPress', async () => {
    expect((await multi('loose=plain')).body.loose).toBe('plain');
  });

  it('keeps unknown params untouched', async () => {
    expect((await multi('zzz=1')).body.zzz).toBe('1');
  });

  it('applies defaults', async () => {
    const res = await fetch(`${server.restUrl}/demo/v1/items`);
    expect(res.headers.get('x-wp-totalpages')).toBe('4');
  });
});

describe('precedence', () => {
  it('JSON body wins over the query string', async () => {
    const { body } = await json('/demo/v1/multi?req=q&v=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"v": 2}' });
    expect(body).toMatchObject({ req: 'q', v: 2 });
  });

  it('form bodies are params, PHP style', async () => {
    const { body } = await json('/demo/v1/multi', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'req=f&list[]=1&list[]=2' });
    expect(body).toMatchObject({ req: 'f', list: [1, 2] });
  });

  it('multipart fields are params', async () => {
    const form = new FormData();
    form.set('req', 'm');
    form.set('v', '9');
    const { body } = await json('/demo/v1/multi', { method: 'POST', body: form });
    expect(body).toMatchObject({ req: 'm', v: 9 });
  });
});

describe('error shapes', () => {
  it('missing required params: rest_missing_callback_param with the names', async () => {
    expect((await json('/demo/v1/multi')).body).toEqual({ code: 'rest_missing_callback_param', message: 'Missing parameter(s): req', data: { status: 400, params: ['req'] } });
  });

  it('invalid JSON: rest_invalid_json', async () => {
    const { status, body } = await json('/demo/v1/multi', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
    expect(status).toBe(400);
    expect(body).toEqual({ code: 'rest_invalid_json', message: 'Invalid JSON body passed.', data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' } });
  });

  it('JSON nested deeper than 512 levels: rest_invalid_json with JSON_ERROR_DEPTH, not a stack overflow', async () => {
    const deep = `{"req": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    const { status, body } = await json('/demo/v1/multi', { method: 'POST', headers: { 'content-type': 'application/json' }, body: deep });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'rest_invalid_json', data: { status: 400, json_error_code: 1 } });
  });

  it('a list of 40,000 bad items is refused in seconds, not the better part of a minute (errors are grouped in linear time)', async () => {
    const started = performance.now();
    const { status, body } = await json('/demo/v1/multi', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ req: 'r', list: Array.from({ length: 40_000 }, () => 'x') }) });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'rest_invalid_param', data: { params: { list: expect.any(String) } } });
    // Grouped in linear time this takes about half a second on an idle machine; copying each
    // param's list per error (quadratic) took about 40 s. The bound leaves a busy machine room.
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 2 * PATIENCE_MS); // long enough for a quadratic grouping to reach the bound and fail there

  it('lists every invalid param in args order with details', async () => {
    expect(await invalid('per_page=abc&page=0')).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): page, per_page',
      data: {
        status: 400,
        params: { page: 'page must be greater than or equal to 1', per_page: 'per_page is not of type integer.' },
        details: {
          page: { code: 'rest_out_of_bounds', message: 'page must be greater than or equal to 1', data: null },
          per_page: { code: 'rest_invalid_type', message: 'per_page is not of type integer.', data: { param: 'per_page' } },
        },
      },
    });
  });

  const cases: Array<[string, string, string, string]> = [
    ['per_page=500', 'per_page', 'rest_out_of_bounds', 'per_page must be between 1 (inclusive) and 100 (inclusive)'],
    ['status=zzz', 'status', 'rest_not_in_enum', 'status is not one of publish, draft, and private.'],
    ['include=a,2', 'include', 'rest_invalid_type', 'include[0] is not of type integer.'],
    ['flag=maybe', 'flag', 'rest_invalid_type', 'flag is not of type boolean.'],
    ['after=yesterday', 'after', 'rest_invalid_date', 'Invalid date.'],
    ['color=red', 'color', 'rest_invalid_hex_color', 'Invalid hex color.'],
    ['meta[a]=x', 'meta', 'rest_invalid_type', 'meta[a] is not of type integer.'],
    ['label=a', 'label', 'rest_too_short', 'label must be at least 2 characters long.'],
    ['label=abcdef', 'label', 'rest_too_long', 'label must be at most 5 characters long.'],
    ['code=ABC', 'code', 'rest_invalid_pattern', 'code does not match pattern ^[a-z]+$.'],
    ['tags=a,b,c', 'tags', 'rest_too_many_items', 'tags must contain at most 2 items.'],
    ['tags=a,a', 'tags', 'rest_duplicate_items', 'tags has duplicate items.'],
    ['ratio=1', 'ratio', 'rest_out_of_bounds', 'ratio must be between 0 (inclusive) and 1 (exclusive)'],
    ['offset=1.5&page=1.5', 'page', 'rest_invalid_type', 'page is not of type integer.'],
  ];
  for (const [query, param, code, message] of cases) {
    it(`${query} → ${code}`, async () => {
      const body = await invalid(query);
      expect(body.code).toBe('rest_invalid_param');
      expect(body.data.params).toEqual({ [param]: message });
      expect(body.data.details[param].code).toBe(code);
    });
  }

  it('accepts valid values of each kind', async () => {
    const res = await fetch(`${server.restUrl}/demo/v1/items?status=draft&after=2020-01-01T10:00:00&color=%23fff&label=abc&code=ab&tags=a,b&ratio=0.5&flag=1&include=1,2`);
    expect(res.status).toBe(200);
  });
});
