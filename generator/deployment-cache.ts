/**
 * A deployment's files reused from an earlier run. The per-deployment emitters read two things:
 * their deployment's model and the context of names shared by all deployments (EmitContext). So
 * a deployment whose model is the same, and for which every context question the emitters asked
 * last time gets the same answer, would be emitted and formatted to the same text: a spec edit
 * in a namespace another deployment does not serve then costs that deployment nothing.
 *
 * An entry is keyed by a hash of the deployment's model (every value, `undefined` included),
 * salted with the generator's code and library versions (run-cache.ts's codeDigest),
 * and holds the context calls the emitters made (arguments and answers) and the formatted
 * files. Entries live in the cache store (cache-store.ts) by that key, several versions of a
 * deployment while they fit its budget (an edit and its undoing both hit): a stale entry can
 * only miss.
 */
import { createHash } from 'node:crypto';
import type { DeploymentModel } from '../contract/model.ts';
import type { EmitContext, EmittedFile } from './emit/emitted-file.ts';
import { codeDigest } from './run-cache.ts';
import { cacheStore, type CacheStore } from './cache-store.ts';

/** One question an emitter asked the context, and the answer it got. */
interface ContextCall {
  fn: keyof EmitContext;
  args: unknown[];
  answer: unknown;
}

/** An entry as stored: `{ key, calls }` on the first line, the files' JSON after it. */
interface Entry {
  key: string;
  calls: ContextCall[];
  files: EmittedFile[];
}

/** `undefined` written out, so that a key present with no value and a key absent differ. */
const keepUndefined = (_key: string, value: unknown): unknown => (value === undefined ? '\0undefined' : value);


/** A context that answers as `context` does and writes down every question and answer (each member that is a function; values are part of the key). */
function recording(context: EmitContext, calls: ContextCall[]): EmitContext {
  const seen = new Set<string>();
  const recorded: Record<string, unknown> = {};
  for (const [fn, member] of Object.entries(context)) {
    if (typeof member !== 'function') {
      recorded[fn] = member;
      continue;
    }
    recorded[fn] = (...args: unknown[]) => {
      const answer = (member as (...a: unknown[]) => unknown).apply(context, args);
      const id = JSON.stringify([fn, args]);
      if (!seen.has(id)) {
        seen.add(id);
        calls.push({ fn: fn as keyof EmitContext, args, answer });
      }
      return answer;
    };
  }
  return recorded as unknown as EmitContext;
}

/** The context's members that are values, not questions: part of the key. */
const contextValues = (context: EmitContext): string => JSON.stringify(Object.entries(context).filter(([, member]) => typeof member !== 'function'), keepUndefined);

/** Whether `context` answers every recorded question as it was answered then. */
function answersAsBefore(context: EmitContext, calls: ContextCall[]): boolean {
  for (const call of calls) {
    const member = context[call.fn] as unknown;
    if (typeof member !== 'function') return false;
    const answer = (member as (...a: unknown[]) => unknown).apply(context, call.args);
    if (JSON.stringify(answer, keepUndefined) !== JSON.stringify(call.answer, keepUndefined)) return false;
  }
  return true;
}

export class DeploymentCache {
  /** Names of the deployments whose files came from the cache this run. */
  readonly reused: string[] = [];

  private constructor(
    private readonly store: CacheStore | undefined,
    private readonly salt: string,
  ) {}

  /** With `enabled` false (or no store), nothing is read or written: every deployment is emitted. */
  static async open(enabled: boolean): Promise<DeploymentCache> {
    const store = enabled ? cacheStore() : undefined;
    return new DeploymentCache(store, store !== undefined ? await codeDigest() : '');
  }

  /**
   * The deployment's formatted files: from the cache when its entry still holds, else made by
   * `emit` (given a context to ask) and remembered for the next run.
   */
  async files(deployment: DeploymentModel, context: EmitContext, emit: (context: EmitContext) => Promise<EmittedFile[]>): Promise<EmittedFile[]> {
    if (this.store === undefined) return emit(context);
    const key = createHash('sha256').update(this.salt).update('\0').update(contextValues(context)).update('\0').update(JSON.stringify(deployment, keepUndefined)).digest('hex');
    const text = this.store.get('deployment', key);
    if (text !== undefined) {
      try {
        // The first line holds the key and the calls; the files (megabytes) are parsed only when the calls still hold.
        const head = JSON.parse(text.slice(0, text.indexOf('\n'))) as Omit<Entry, 'files'>;
        if (head.key === key && answersAsBefore(context, head.calls)) {
          const files = JSON.parse(text.slice(text.indexOf('\n') + 1)) as EmittedFile[];
          this.reused.push(deployment.name);
          return files;
        }
      } catch {
        // A damaged entry: emit.
      }
    }
    const calls: ContextCall[] = [];
    const files = await emit(recording(context, calls));
    this.store.put('deployment', key, `${JSON.stringify({ key, calls } satisfies Omit<Entry, 'files'>)}\n${JSON.stringify(files)}`);
    return files;
  }
}
