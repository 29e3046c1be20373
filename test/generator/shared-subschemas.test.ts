/**
 * Content-based sharing of schema parts (generator/emit/shared-subschemas.ts): a part used twice
 * is stated once and referred to; validators keep an array's item schema inline, because ajv's
 * code gathers a referred schema's errors by concatenation, once per item (a list of 40,000 bad
 * items took 8 s; test/robustness/hostile-requests.test.ts sends it over HTTP).
 */
import { describe, expect, it } from 'vitest';
import { shareSubSchemas } from '../../generator/emit/shared-subschemas.ts';

const statusItem = { type: 'string', enum: ['publish', 'future', 'draft', 'pending', 'private', 'trash'] };
const schemas = () =>
  new Map<string, Record<string, unknown>>([
    ['a', { type: 'object', properties: { status: { type: 'array', items: statusItem }, one: statusItem } }],
    ['b', { type: 'object', properties: { status: { type: 'array', items: statusItem }, one: statusItem } }],
  ]);

describe('shareSubSchemas', () => {
  it('states a part used twice once and refers to it', () => {
    const input = schemas();
    const shared = shareSubSchemas(input, (hint) => `shared_${hint}`, (id) => ({ $ref: id }), 40);
    // Named after where it was first seen: the list's items.
    expect([...shared.keys()].sort()).toEqual(['shared_items', 'shared_status']);
    expect((shared.get('shared_status') as { items: unknown }).items).toEqual({ $ref: 'shared_items' });
    expect((input.get('a')!.properties as Record<string, unknown>).one).toEqual({ $ref: 'shared_items' });
  });

  it('keeps item schemas inline when asked, sharing the rest', () => {
    const input = schemas();
    const shared = shareSubSchemas(input, (hint) => `shared_${hint}`, (id) => ({ $ref: id }), 40, { itemsInline: true });
    const status = shared.get('shared_status') as { items: unknown };
    expect(status.items).toEqual(statusItem);
    expect(shared.has('shared_items')).toBe(false);
    expect((input.get('b')!.properties as Record<string, unknown>).one).toEqual({ $ref: 'shared_one' });
  });
});
