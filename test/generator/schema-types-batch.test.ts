/**
 * A run starts json-schema-to-typescript on its types' schemas on the ts-morph thread as soon as it
 * has the model (generator/emit/schema-types.ts: startSchemaTypes), and takes the batch when the
 * types are written: the texts are those `compile` gives, the batch is taken once, an error of
 * one of its schemas reaches the run (at once, not after the thread's timeout), and a batch a run
 * never took is not the next run's.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compile } from 'json-schema-to-typescript';
import { compileSchemaTypes, openSchemaTypes, startSchemaTypes } from '../../generator/emit/schema-types.ts';
import { SCHEMA_TYPE_OPTIONS } from '../../generator/emit/types.ts';
import { tsThreadRequests, type SchemaTypeRequest } from '../../generator/ts-thread.ts';
import { PATIENCE_MS } from '../support/patience.ts';

/** A schema no other test compiled (texts are remembered for the process). */
function request(name: string, properties: Record<string, unknown> = { id: { type: 'integer' } }): SchemaTypeRequest {
  return { schema: { type: 'object', description: `made by ${randomUUID()}`, properties, required: Object.keys(properties) } as never, name, options: SCHEMA_TYPE_OPTIONS };
}

const counts = () => ({ start: tsThreadRequests('start-schema-types'), take: tsThreadRequests('take-schema-types'), compile: tsThreadRequests('schema-types') });

describe('schema types compiled while the run goes on', { timeout: 2 * PATIENCE_MS }, () => {
  it('gives the texts compile gives, taking the batch once, in whatever order they are asked for', async () => {
    openSchemaTypes(false);
    const requests = [request('First'), request('Second', { title: { type: 'string' }, tags: { type: 'array', items: { type: 'integer' } } }), request('Third')];
    const before = counts();
    startSchemaTypes([...requests, requests[0]!]);
    const texts = compileSchemaTypes([requests[1]!, requests[0]!]);
    expect(texts).toEqual([await compile(requests[1]!.schema, 'Second', SCHEMA_TYPE_OPTIONS), await compile(requests[0]!.schema, 'First', SCHEMA_TYPE_OPTIONS)]);
    expect(texts[0]).toMatch(/tags: number\[\]/);
    // The third was in the batch: no request more.
    expect(compileSchemaTypes([requests[2]!])).toEqual([await compile(requests[2]!.schema, 'Third', SCHEMA_TYPE_OPTIONS)]);
    expect(counts()).toEqual({ start: before.start + 1, take: before.take + 1, compile: before.compile });
    // Known now: starting them again sends nothing.
    startSchemaTypes(requests);
    expect(counts().start).toBe(before.start + 1);
  });

  it('throws the error of a schema of the batch when the run takes it', () => {
    openSchemaTypes(false);
    const broken: SchemaTypeRequest = { schema: { type: 'object', properties: { a: { $ref: '#/definitions/nowhere' } } } as never, name: 'Broken', options: SCHEMA_TYPE_OPTIONS };
    startSchemaTypes([broken, request('Fine')]);
    expect(() => compileSchemaTypes([broken])).toThrow(/nowhere/);
    // Compiled on its own, it fails the same way. Its error, whose properties cannot be sent
    // between threads, once left the main thread waiting for the thread's timeout.
    expect(() => compileSchemaTypes([broken])).toThrow(/Missing \$ref pointer "#\/definitions\/nowhere"/);
  });

  it('leaves a batch no one took to the run that started it: the next run compiles its own', async () => {
    openSchemaTypes(false);
    const abandoned = request('Abandoned');
    startSchemaTypes([abandoned]);
    openSchemaTypes(false);
    const next = request('Next');
    const before = counts();
    expect(compileSchemaTypes([next, abandoned])).toEqual([await compile(next.schema, 'Next', SCHEMA_TYPE_OPTIONS), await compile(abandoned.schema, 'Abandoned', SCHEMA_TYPE_OPTIONS)]);
    expect(counts()).toEqual({ ...before, compile: before.compile + 1 });
  });
});
