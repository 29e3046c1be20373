import { describe, expect, it } from 'vitest';
import { jsonOf, serializeOnce } from '../../runtime/rest/serialize-once.ts';

describe('serializeOnce / jsonOf', () => {
  it('answers the JSON of the body as it was registered, and the body can no longer change', () => {
    const body = serializeOnce({ name: 'Site', routes: { '/': { methods: ['GET'] } } });
    expect(jsonOf(body)).toBe('{"name":"Site","routes":{"/":{"methods":["GET"]}}}');
    expect(() => ((body.routes['/'].methods as string[]).push('POST'))).toThrow(TypeError);
    expect(() => { (body as { name: string }).name = 'Other'; }).toThrow(TypeError);
    expect(jsonOf(body)).toBe('{"name":"Site","routes":{"/":{"methods":["GET"]}}}');
  });

  it('stringifies any other body each time, null for undefined', () => {
    const body: Record<string, unknown> = { a: 1 };
    expect(jsonOf(body)).toBe('{"a":1}');
    body.a = 2;
    expect(jsonOf(body)).toBe('{"a":2}');
    expect(jsonOf(undefined)).toBe('null');
    expect(jsonOf('x')).toBe('"x"');
  });
});
