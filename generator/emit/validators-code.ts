/**
 * ajv's standalone code of a set of params schemas and their shared parts: the slow, pure half of
 * the validators' module (validators.ts), made on the ts-morph thread (ts-thread-worker.ts) while
 * this run's main thread emits the documents. Only schemas travel between the threads; the
 * options, which hold the formats' patterns, are this module's on both.
 */
import { createRequire } from 'node:module';
import { AJV_OPTIONS } from '../../contract/args-schema.ts';

interface AjvLibrary {
  Ajv: typeof import('ajv').Ajv;
  standaloneCode: typeof import('ajv/dist/standalone/index.js').default;
}
let library: AjvLibrary | undefined;

/** ajv's compiler, loaded at the first call: the ts-morph thread calls this as it starts, while it has nothing to do (the main thread imports this module for its options only). */
export function loadAjv(): AjvLibrary {
  const requireHere = createRequire(import.meta.url);
  return (library ??= {
    Ajv: (requireHere('ajv') as typeof import('ajv')).Ajv,
    standaloneCode: (requireHere('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default,
  });
}

type Schema = Record<string, unknown>;

/** The schemas to compile: `shared` are referenced by id (`{ $ref: id }`) from `schemas`, which are exported by name. */
export interface ValidatorSchemas {
  shared: Array<[string, Schema]>;
  schemas: Array<[string, Schema]>;
}

/**
 * inlineRefs off: a shared sub-schema stays one function that its users call, not a copy in each.
 * validateSchema off: compiling JSON Schema's meta-schema to check each schema was a large part
 * of this step in a cold run, and the schemas come from spec descriptors the spec's meta-schema checked
 * (test/generator/params-schemas.test.ts holds every one of the project's spec valid).
 */
export const VALIDATOR_AJV_OPTIONS = { ...AJV_OPTIONS, inlineRefs: false, validateSchema: false, code: { ...AJV_OPTIONS.code, lines: true } };

export function standaloneValidators({ shared, schemas }: ValidatorSchemas): string {
  const { Ajv, standaloneCode } = loadAjv();
  const ajv = new Ajv(VALIDATOR_AJV_OPTIONS);
  for (const [id, schema] of shared) ajv.addSchema({ $id: id, ...schema });
  const exports: Record<string, string> = {};
  for (const [name, schema] of schemas) {
    ajv.addSchema({ $id: name, ...schema });
    exports[name] = name;
  }
  return standaloneCode(ajv, exports);
}
