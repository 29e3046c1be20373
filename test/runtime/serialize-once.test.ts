import { describe, expect, it } from 'vitest';
import { bodyBytes, jsonOf, serializeOnce } from '../../runtime/rest/serialize-once.ts';

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

  it('joins a list of kept bodies once, and joins again when an element is another object', () => {
    const a = serializeOnce({ id: 1, title: 'a' });
    const b = serializeOnce({ id: 2, title: 'b' });
    const first = bodyBytes([a, b]);
    expect(first.toString()).toBe('[{"id":1,"title":"a"},{"id":2,"title":"b"}]');
    // The same elements in a new array: the very bytes of the first join.
    expect(bodyBytes([a, b])).toBe(first);
    // Another list with the same first element, and a changed element (a new object): joined anew.
    expect(bodyBytes([a]).toString()).toBe('[{"id":1,"title":"a"}]');
    const b2 = serializeOnce({ id: 2, title: 'b, edited' });
    expect(bodyBytes([a, b2]).toString()).toBe('[{"id":1,"title":"a"},{"id":2,"title":"b, edited"}]');
    expect(bodyBytes([a, b])).toBe(first);
    // A list with an element that was never kept is stringified.
    expect(bodyBytes([a, { id: 3 }])).toBe('[{"id":1,"title":"a"},{"id":3}]');
  });
});
