/**
 * ts-morph, and the TypeScript compiler it brings (a long load), live on a thread
 * of their own (ts-thread-worker.ts), called synchronously through synckit: a structure is
 * printed with it and the formatter cuts a file given whole with it, as if it were loaded here
 * (the emitters write text laid out as prettier lays it out, so a generation asks for neither, and
 * ts-morph loads only at such a request); a run's first few pieces to format are formatted
 * there too (format-pool.ts), by a prettier loaded at the first, and schemas not compiled before
 * are turned into types there by json-schema-to-typescript (on this thread it costs the main one
 * nothing). A run not answered from the run cache starts the thread before it reads the spec
 * (startTsThread), so json-schema-to-typescript loads on another core while this one reads and
 * checks. The thread is not waited for at exit (synckit unrefs it).
 */
import { createRequire } from 'node:module';
import type { JSONSchema, Options as SchemaTypeOptions } from 'json-schema-to-typescript';
import type { Options } from 'prettier';
import type { OptionalKind, SourceFileStructure } from 'ts-morph';
import type { ValidatorSchemas } from './emit/validators-code.ts';

export type TsThreadRequest =
  | { kind: 'print'; structure: OptionalKind<SourceFileStructure>; header: string | undefined }
  | { kind: 'pieces'; text: string }
  | { kind: 'format'; text: string; options: Options }
  | { kind: 'schema-types'; schemas: SchemaTypeRequest[] }
  | { kind: 'start-schema-types'; schemas: SchemaTypeRequest[] }
  | { kind: 'take-schema-types' }
  | { kind: 'start-validators'; schemas: ValidatorSchemas }
  | { kind: 'take-validators' }
  | { kind: 'start-quick-readings'; texts: string[] }
  | { kind: 'take-quick-readings' }
  | { kind: 'libraries' };

/** One schema to turn into a type: json-schema-to-typescript's `compile(schema, name, options)`. */
export interface SchemaTypeRequest {
  schema: JSONSchema;
  name: string;
  options: Partial<SchemaTypeOptions>;
}

/** How long one request may take (the first waits for ts-morph's load): far more than any takes, on a busy machine too. */
const ANSWER_WITHIN_MS = 300_000;

/** The thread's synchronous entry, once started. */
let call: ((request: TsThreadRequest) => string | string[] | undefined) | undefined;
let started = 0;

/** How many threads this process started (one at most): the tests count them. */
export const tsThreadsStarted = (): number => started;

/** Whether the thread has been started (work is given to it then, not a reason to start it). */
export const tsThreadRunning = (): boolean => call !== undefined;

/** Starts the thread (once per process) and has it load ts-morph, without waiting for it. */
export function startTsThread(): void {
  if (call !== undefined) return;
  const { createSyncFn } = createRequire(import.meta.url)('synckit') as typeof import('synckit');
  // Run from its TypeScript source (the tests), the worker is TypeScript too, reached through a
  // plain module that registers tsx in the thread. Built (dist/), it is plain JavaScript.
  const fromSource = import.meta.url.endsWith('.ts');
  const worker = new URL(fromSource ? './ts-thread-worker-from-source.mjs' : './ts-thread-worker.js', import.meta.url);
  const synchronous = createSyncFn(worker, { timeout: ANSWER_WITHIN_MS });
  call = (request) => {
    try {
      return synchronous(request);
    } catch (error) {
      // A thread that never started (its module failed to load) or hangs: said, not waited on forever.
      if (error instanceof Error && /Atomics\.wait\(\) failed: timed-out/.test(error.message)) throw new Error(`the ts-morph thread did not answer within ${ANSWER_WITHIN_MS / 1000} s`);
      throw error;
    }
  };
  started++;
}

/** Requests sent to the thread, by kind (the tests count them). */
const asked = new Map<TsThreadRequest['kind'], number>();
export const tsThreadRequests = (kind: TsThreadRequest['kind']): number => asked.get(kind) ?? 0;

function ask(request: TsThreadRequest): unknown {
  startTsThread();
  asked.set(request.kind, tsThreadRequests(request.kind) + 1);
  return call!(request);
}

/** The libraries the thread has loaded, sorted (the tests look: a generation needs few); none when it was not started. */
export function tsThreadLibraries(): string[] {
  return call === undefined ? [] : (ask({ kind: 'libraries' }) as string[]);
}

/** ts-morph's text of the source file's structure (with the header first) in top-level pieces (print-structure.ts); the structure must be plain data, no writer function. */
export function printInTsThread(structure: OptionalKind<SourceFileStructure>, header: string | undefined): string[] {
  return sendingStructures(() => ask({ kind: 'print', structure, header }) as string[]);
}

/** A request carrying structures: one that holds what cannot be sent is said to be the emitter's to mend. */
function sendingStructures<T>(send: () => T): T {
  try {
    return send();
  } catch (error) {
    if (error instanceof Error && error.name === 'DataCloneError') throw new Error(`a structure to print holds what cannot be sent to the ts-morph thread (a writer function?): write that text into a string (${error.message})`);
    throw error;
  }
}

/** The file's text cut at its top-level statements (top-level-pieces.ts); undefined when it does not parse. */
export function piecesInTsThread(text: string): string[] | undefined {
  return ask({ kind: 'pieces', text }) as string[] | undefined;
}

/** The text as prettier formats it, on this thread's prettier (for a few pieces: a large run formats on the pool's threads). */
export function formatInTsThread(text: string, options: Options): string {
  return ask({ kind: 'format', text, options }) as string;
}

/** json-schema-to-typescript's `compile` of each schema, in order, on this thread (it loads the library, and prettier with it, as it starts). */
export function compileSchemaTypesInTsThread(schemas: SchemaTypeRequest[]): string[] {
  return ask({ kind: 'schema-types', schemas }) as string[];
}

/**
 * Has the thread start compiling the schemas (as compileSchemaTypesInTsThread would) and answers
 * at once: the thread compiles while this one goes on, and requests sent meanwhile wait their turn.
 */
export function startSchemaTypesInTsThread(schemas: SchemaTypeRequest[]): void {
  ask({ kind: 'start-schema-types', schemas });
}

/** The texts of the schemas last started, in order, once the thread has them (an error of theirs is thrown here). */
export function takeSchemaTypesFromTsThread(): string[] {
  return ask({ kind: 'take-schema-types' }) as string[];
}

/**
 * Has the thread start making ajv's code of the validators (validators-code.ts) and answers at
 * once, as startSchemaTypesInTsThread does.
 */
export function startValidatorsInTsThread(schemas: ValidatorSchemas): void {
  ask({ kind: 'start-validators', schemas });
}

/** The validators' code last started, once the thread has it (an error of its is thrown here). */
export function takeValidatorsFromTsThread(): string {
  return ask({ kind: 'take-validators' }) as string;
}

/** Has the thread start the quick reading of these spec texts (spec/parse-elsewhere.ts) and answers at once. */
export function startQuickReadingsInTsThread(texts: string[]): void {
  ask({ kind: 'start-quick-readings', texts });
}

/** The quick readings last started, in order (undefined where yaml must read the text), once the thread has them. */
export function takeQuickReadingsFromTsThread(): Array<{ data: unknown } | undefined> {
  return (ask({ kind: 'take-quick-readings' }) as Array<{ data: unknown } | null>).map((reading) => reading ?? undefined);
}
