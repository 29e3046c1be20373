/**
 * Every params schema the validators are made from is valid JSON Schema: the generator compiles
 * them without checking them against the meta-schema (emit/validators.ts), so this checks it for
 * every endpoint of every deployment of the project's spec.
 */
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS, argsToJsonSchema } from '../../contract/args-schema.ts';
import { loadSpec } from '../../generator/spec/load.ts';

describe("the params schemas of the project's spec", () => {
  it('all pass JSON Schema meta-schema validation', async () => {
    const { model } = await loadSpec('spec', { cache: false });
    const ajv = new Ajv({ ...AJV_OPTIONS, code: {} });
    const invalid: string[] = [];
    let checked = 0;
    for (const deployment of model!.deployments) {
      for (const route of deployment.routes) {
        for (const endpoint of route.endpoints) {
          const schema = argsToJsonSchema(endpoint.argsMode === 'declared' ? endpoint.args : {});
          checked++;
          if (!ajv.validateSchema(schema)) invalid.push(`${deployment.name} ${endpoint.operationId}: ${ajv.errorsText(ajv.errors)}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(invalid).toEqual([]);
  });

  it('a schema the meta-schema refuses is found', () => {
    const ajv = new Ajv({ ...AJV_OPTIONS, code: {} });
    expect(ajv.validateSchema({ type: 'object', properties: { a: { type: 'strin' } } })).toBe(false);
  });
});
