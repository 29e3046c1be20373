/**
 * A deployment's files reused from an earlier run. The per-deployment emitters read two things:
 * their deployment's model and the context of names shared by all deployments (EmitContext). So
 * a deployment whose model is the same, and for which every context question the emitters asked
 * last time gets the same answer, would be emitted and formatted to the same text: a spec edit
 * in a namespace another deployment does not serve then costs that deployment nothing.
 *
 * An entry is keyed by a hash of the deployment's model (every value, `undefined` included),
 * salted with the generator's code and library versions (run-cache.ts's codeDigest),
 * and holds the context calls the emitters made (arguments and answers) and each formatted
 * file's path and hash, not its text: the run writes those texts into the output folder, and the
 * next run takes them from there, each only when its hash is still the one recorded (a file
 * edited, removed or in another output folder is a miss, and the deployment is emitted). So an
 * edit stores a few hundred bytes for a deployment instead of its megabytes, and a reused
 * deployment is read once, from the output (the run's comparison with the disk reads no file
 * twice: `diskTexts`). Entries live in the cache store (cache-store.ts) by that key, several
 * versions of a deployment (an edit and its undoing both hit): a stale entry can only miss.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { DeploymentModel } from '../contract/model.ts';
import type { EmitContext, EmittedFile } from './emit/emitted-file.ts';
import { codeDigest } from './run-cache.ts';
import { cacheStore, type CacheStore } from './cache-store.ts';
import { readIfExists } from './read-text.ts';
import { loadedModelDigest, modelJson } from './model-json.ts';

/** One question an emitter asked the context, and the answer it got. */
interface ContextCall {
  fn: keyof EmitContext;
  args: unknown[];
  answer: unknown;
}

/** An entry as stored (JSON): the files by path and the hash of their text. */
interface Entry {
  key: string;
  calls: ContextCall[];
  files: Array<{ path: string; sha: string }>;
}

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
const contextValues = (context: EmitContext): string => modelJson(Object.entries(context).filter(([, member]) => typeof member !== 'function'));

/** Whether `context` answers every recorded question as it was answered then. */
function answersAsBefore(context: EmitContext, calls: ContextCall[]): boolean {
  for (const call of calls) {
    const member = context[call.fn] as unknown;
    if (typeof member !== 'function') return false;
    const answer = (member as (...a: unknown[]) => unknown).apply(context, call.args);
    if (modelJson(answer) !== modelJson(call.answer)) return false;
  }
  return true;
}

export class DeploymentCache {
  /** Names of the deployments whose files came from the cache this run. */
  readonly reused: string[] = [];
  /** Output files read this run to reuse them (path relative to the output folder -> text), and since when. */
  readonly diskTexts = new Map<string, string>();
  readSince = Date.now();

  private constructor(
    private readonly store: CacheStore | undefined,
    private readonly salt: string,
    private readonly outDir: string,
  ) {}

  /** With `enabled` false (or no store), nothing is read or written: every deployment is emitted. */
  static async open(enabled: boolean, outDir: string): Promise<DeploymentCache> {
    const store = enabled ? cacheStore() : undefined;
    return new DeploymentCache(store, store !== undefined ? await codeDigest() : '', outDir);
  }

  /**
   * The deployment's formatted files: from the output folder when the cache's entry still holds
   * and every file there is what the entry recorded, else made by `emit` (given a context to ask)
   * and recorded for the next run.
   */
  async files(deployment: DeploymentModel, context: EmitContext, emit: (context: EmitContext) => Promise<EmittedFile[]>): Promise<EmittedFile[]> {
    const found = await this.lookup(deployment.name, deployment, context);
    if (found.files !== undefined) {
      this.reused.push(deployment.name);
      return found.files;
    }
    const files = await emit(found.context);
    found.record(files);
    return files;
  }

  /**
   * Whether an earlier run recorded the deployment's files for this very model: files() may then
   * take them from the output (it still checks the context's answers and the files). A run makes
   * early only what a deployment without such an entry will need.
   */
  mayReuse(deployment: DeploymentModel, context: EmitContext): boolean {
    return this.mayReuseStep(deployment.name, deployment, context);
  }

  /**
   * For a deployment a run leaves as it is (`generate --deployment` naming others): whether the
   * shared names its files in the output use are still those `context` gives. True when the entry
   * recorded for its model matches those files and every question it asked is answered as then;
   * false when the files match but an answer moved (they name something else now: make them
   * again); undefined when no entry tells (no cache, another model, files changed since).
   */
  namesAsBefore(deployment: DeploymentModel, context: EmitContext): boolean | undefined {
    if (this.store === undefined) return undefined;
    const key = this.key(deployment.name, deployment, context);
    const entry = this.entry(key);
    if (entry === undefined || this.recordedTexts(entry) === undefined) return undefined;
    return answersAsBefore(context, entry.calls);
  }

  /** mayReuse() for one step's entry (lookup()'s `key`, its model). */
  mayReuseStep(step: string, model: object, context: EmitContext): boolean {
    return this.store?.get('deployment', this.key(step, model, context)) !== undefined;
  }

  /** Hashes of file texts made this run: a deployment's entry and its steps' entries record the same files. */
  private readonly hashes = new Map<string, string>();

  private sha(text: string): string {
    let hash = this.hashes.get(text);
    if (hash === undefined) this.hashes.set(text, (hash = createHash('sha256').update(text).digest('hex')));
    return hash;
  }

  /** Keys made this run, by model and step: mayReuse() and files() ask for the same one. */
  private readonly keys = new WeakMap<object, Map<string, string>>();

  private key(step: string, model: object, context: EmitContext): string {
    let byStep = this.keys.get(model);
    if (byStep === undefined) this.keys.set(model, (byStep = new Map()));
    const values = contextValues(context);
    let key = byStep.get(`${step}\0${values}`);
    if (key === undefined) {
      key = createHash('sha256').update(this.salt).update('\0').update(step).update('\0').update(values).update('\0').update(loadedModelDigest(model)).digest('hex');
      byStep.set(`${step}\0${values}`, key);
    }
    return key;
  }

  /**
   * The files of one emitting step (`step`: a deployment, or one emitter of it) for `model`: those
   * the output folder holds, when the step's entry holds (the model and every context answer as
   * recorded) and each file there has its recorded hash. Else a context that records the
   * questions asked, and `record`, to be given the step's files as formatted once they are.
   * Reused files come as formatted (`preformatted`).
   */
  async lookup(step: string, model: object, context: EmitContext): Promise<{ files?: EmittedFile[]; context: EmitContext; record: (formatted: EmittedFile[]) => void }> {
    if (this.store === undefined) return { context, record: () => undefined };
    const key = this.key(step, model, context);
    const files = await this.fromOutput(key, context);
    if (files !== undefined) return { files, context, record: () => undefined };
    const calls: ContextCall[] = [];
    const store = this.store;
    return {
      context: recording(context, calls),
      record: (formatted) => store.put('deployment', key, JSON.stringify({ key, calls, files: formatted.map((f) => ({ path: f.path, sha: this.sha(f.content) })) } satisfies Entry)),
    };
  }

  /** The entry's files as the output folder holds them, when the entry holds and each file is the one recorded. */
  private async fromOutput(key: string, context: EmitContext): Promise<EmittedFile[] | undefined> {
    const entry = this.entry(key);
    // Asked of `context` again: when it records (a step inside a deployment's), the questions
    // the reused files depend on are the deployment's too.
    if (entry === undefined || !answersAsBefore(context, entry.calls)) return undefined;
    const readAt = Date.now();
    const texts = this.recordedTexts(entry);
    if (texts === undefined) return undefined;
    if (this.diskTexts.size === 0) this.readSince = readAt;
    entry.files.forEach((f, i) => this.diskTexts.set(f.path, texts[i]!));
    return entry.files.map((f, i) => ({ path: f.path, content: texts[i]!, preformatted: true }));
  }

  /** The entry stored under `key`, when there is a readable one made for that key. */
  private entry(key: string): Entry | undefined {
    const text = this.store!.get('deployment', key);
    if (text === undefined) return undefined;
    try {
      const entry = JSON.parse(text) as Entry;
      return entry.key === key && Array.isArray(entry.files) && Array.isArray(entry.calls) ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  /** The texts of the entry's files as the output folder holds them, when each is the one recorded. */
  private recordedTexts(entry: Entry): string[] | undefined {
    const texts = entry.files.map((f) => this.diskTexts.get(f.path) ?? readIfExists(join(this.outDir, f.path)));
    return texts.some((t, i) => t === undefined || this.sha(t) !== entry.files[i]!.sha) ? undefined : (texts as string[]);
  }
}
