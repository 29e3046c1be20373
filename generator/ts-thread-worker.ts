/**
 * The thread ts-morph is loaded on (ts-thread.ts): it prints structures into TypeScript text, cuts
 * files at their top-level statements (TypeScript's compiler is loaded here, not on the main
 * thread), formats the few pieces of a small edit with prettier, and compiles schemas into types
 * with json-schema-to-typescript (a run's batch started at once and taken later, while the main
 * thread emits other files). json-schema-to-typescript is loaded as this module loads, so the
 * load overlaps what the main thread does until it first needs it (reading and checking the
 * spec). prettier and ts-morph (with TypeScript's compiler, a long load) are loaded at the first
 * request that needs them: the emitters write their files as text laid out as prettier lays them
 * out, so a generation, cold or after an edit, asks for neither (loading and warming prettier up
 * at the start took this thread's core from the main thread for nothing).
 */
import { createRequire } from 'node:module';
import { runAsWorker } from 'synckit';
import { printStructurePieces } from './emit/print-structure.ts';
import { topLevelPieces } from './top-level-pieces.ts';
import type { SchemaTypeRequest, TsThreadRequest } from './ts-thread.ts';

// A library that cannot load is the error of the requests needing it (thrown to the main thread), not a thread that never answers.
let tsMorph: 'not loaded' | 'loaded' | { unloadable: unknown } = 'not loaded';
function needTsMorph(): void {
  if (tsMorph === 'not loaded') {
    try {
      createRequire(import.meta.url)('ts-morph');
      tsMorph = 'loaded';
      loaded.add('ts-morph');
    } catch (error) {
      tsMorph = { unloadable: error };
    }
  }
  if (typeof tsMorph === 'object') throw tsMorph.unloadable;
}
/** The libraries this thread has loaded, for the tests (ts-thread.ts's tsThreadLibraries). */
const loaded = new Set<string>();
let prettier: Promise<typeof import('prettier')> | undefined;
const schemaTypes = import('json-schema-to-typescript');
schemaTypes.then(() => loaded.add('json-schema-to-typescript')).catch(() => undefined);
const validatorsCode = import('./emit/validators-code.ts').then((module) => (module.loadAjv(), loaded.add('ajv'), module));
validatorsCode.catch(() => undefined);
const quickParse = import('./spec/quick-parse.ts');
quickParse.catch(() => undefined);

/** json-schema-to-typescript's `compile` of each schema, in order. */
async function compileAll(schemas: SchemaTypeRequest[]): Promise<string[]> {
  const { compile } = await schemaTypes;
  const texts: string[] = [];
  for (const { schema, name, options } of schemas) {
    texts.push(await compile(schema, name, options));
    // compile() resolves through promises alone: without a turn of the event loop now and then, a
    // request sent meanwhile (the validators to start) would wait for the whole batch, and the
    // main thread with it.
    if (texts.length % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return texts;
}

/** Schemas compiled between two turns of the event loop: a turn costs little (a batch of 200 gives 100), a request waits for at most these. */
const YIELD_EVERY = 2;

/**
 * Work a `start-…` request began (the thread answers at once and goes on with it), until the
 * `take-…` request of the same name takes it: one of each at a time, a later start replacing an
 * earlier one never taken (a run stopped on an error).
 */
type Work = 'schema-types' | 'validators' | 'quick-readings';
const begun = new Map<Work, Promise<unknown>>();

function begin(work: Work, done: Promise<unknown>): undefined {
  done.catch(() => undefined);
  begun.set(work, done);
  return undefined;
}

function take(work: Work): Promise<never> {
  const done = begun.get(work);
  begun.delete(work);
  if (done === undefined) throw new Error(`no ${work} were started to take`);
  return done as Promise<never>;
}

/**
 * An error as the main thread can be sent it. synckit posts a failed request's error with its own
 * properties; one that cannot be cloned (json-schema-ref-parser's hold its parser's state) is
 * never posted, and the main thread, waiting synchronously, would wait for the timeout.
 */
function sendable(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const plain = new Error(error.message);
  plain.name = error.name;
  plain.stack = error.stack;
  return plain;
}

runAsWorker(async (request: TsThreadRequest): Promise<string | string[] | undefined> => {
  try {
    return await answer(request);
  } catch (error) {
    throw sendable(error);
  }
});

async function answer(request: TsThreadRequest): Promise<string | string[] | undefined> {
  if (request.kind === 'print' || request.kind === 'pieces') needTsMorph();
  if (request.kind === 'print') return printStructurePieces(request.structure, request.header);
  if (request.kind === 'pieces') return topLevelPieces(request.text);
  if (request.kind === 'schema-types') return compileAll(request.schemas);
  if (request.kind === 'start-schema-types') return begin('schema-types', compileAll(request.schemas));
  if (request.kind === 'take-schema-types') return take('schema-types');
  if (request.kind === 'start-validators') {
    const { schemas } = request;
    // After the types started before: their batch is what the main thread takes first.
    const types = begun.get('schema-types')?.catch(() => undefined);
    return begin('validators', Promise.all([validatorsCode, types]).then(([module]) => module.standaloneValidators(schemas)));
  }
  if (request.kind === 'take-validators') return take('validators');
  // null, not undefined, where yaml must read the text: what the main thread is sent is plain.
  if (request.kind === 'start-quick-readings') {
    const { texts } = request;
    return begin('quick-readings', quickParse.then((module) => texts.map((text) => module.quickData(text) ?? null)));
  }
  if (request.kind === 'take-quick-readings') return take('quick-readings');
  if (request.kind === 'libraries') return [...loaded].sort();
  prettier ??= import('prettier').then((library) => (loaded.add('prettier'), library));
  return (await prettier).format(request.text, request.options);
}
