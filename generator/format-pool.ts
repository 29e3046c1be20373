/**
 * The threads prettier runs on (format-worker.ts): prettier is most of a cold generation's time,
 * and one thread formatting while the others idle leaves the machine's other cores unused. A pool
 * is started only when a run has something to format (a run whose pieces are all known starts
 * none), and is ended by the run that started it, so no thread outlives it.
 *
 * It has one thread less than the machine has cores (the main thread goes on emitting while
 * they format), at least one, and those only as the run's work grows: a thread costs its start
 * and a prettier of its own (loaded and warmed up again), more than a one-line edit's few pieces
 * take to format. So a run's first IN_THREAD_CHARS characters are formatted on the thread
 * ts-morph is loaded on (ts-thread.ts, which loads prettier at the first), and only a run with
 * more starts the pool. A run without caches used to start it at once; its
 * files are now laid out by their emitters but for a few declarations, and the pool's thread and
 * its prettier cost more than formatting those there. The run may then
 * have one thread more for each CHARS_PER_THREAD characters it has sent, each handed up to
 * TASKS_PER_THREAD tasks at once (piscina starts a thread when every thread has that many).
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Piscina } from 'piscina';
import type { Options } from 'prettier';
import type { FormatTask } from './format-worker.ts';
import { formatInTsThread } from './ts-thread.ts';

/** Pools this process started, those not closed yet, and their threads: the tests count them. */
let started = 0;
let open = 0;
let threadsStarted = 0;
export const formatPoolsStarted = (): number => started;
export const formatPoolsOpen = (): number => open;
export const formatThreadsStarted = (): number => threadsStarted;

/** Characters of text a run formats on the ts-morph thread before it starts the pool. */
const IN_THREAD_CHARS = 64_000;

/** Characters of text to format that earn the run one more thread. */
const CHARS_PER_THREAD = 64_000;

/**
 * Tasks a thread is handed at once. The next task reaches a thread only through this thread's
 * event loop, which a large run keeps busy for long stretches (it emits synchronously): a thread
 * handed one task at a time finished it and waited. With a few in hand it goes from one to the
 * next on its own.
 */
const TASKS_PER_THREAD = 64;

export class FormatPool {
  private pool: Piscina<FormatTask, string> | undefined;
  private readonly threads = Math.max(1, availableParallelism() - 1);
  /** Characters sent to format so far, and the tasks the pool has now. */
  private sent = 0;
  private running = 0;
  /** Tasks held back until one of the pool's finishes, first come first sent. */
  private readonly held: Array<() => void> = [];
  private closed = false;

  /** The text as prettier formats it with these options, formatted by one of the pool's threads (or by the ts-morph thread, while the run has formatted little). */
  async format(text: string, options: Options): Promise<string> {
    this.sent += text.length;
    if (this.pool === undefined && this.sent <= IN_THREAD_CHARS) return formatInTsThread(text, options);
    while (this.running >= TASKS_PER_THREAD * Math.min(this.threads, 1 + Math.floor(this.sent / CHARS_PER_THREAD))) await new Promise<void>((resolve) => this.held.push(resolve));
    this.running++;
    try {
      // A run that stopped on an error closed its pool while tasks were held: they end too.
      if (this.closed) throw new Error('the formatting pool was closed');
      this.pool ??= startPool(this.threads);
      return await this.pool.run({ text, options });
    } finally {
      this.running--;
      this.held.shift()?.();
    }
  }

  /** Tasks given to this pool and not yet handed to a thread: held here, or in piscina's queue. */
  tasksWaitingHere(): number {
    return this.held.length + (this.pool?.queueSize ?? 0);
  }

  /** The pool's threads started so far (their start is synchronous: startPool). */
  threadCount(): number {
    return this.pool?.threads.length ?? 0;
  }

  /** Ends the pool's threads, after the run has all it asked of them; nothing when none were started. */
  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    if (pool === undefined) return;
    try {
      await pool.destroy();
    } finally {
      open--;
    }
  }
}

/**
 * Synchronous, so the thread is started (and begins loading prettier) when the run asks, not at
 * the run's next await: a cold run emits for seconds without one.
 */
function startPool(threads: number): Piscina<FormatTask, string> {
  started++;
  open++;
  const { Piscina } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
  // Run from its TypeScript source (the tests, tsx), the worker module is TypeScript too: the
  // threads load it through tsx, as this process does. Built (dist/), it is plain JavaScript.
  const fromSource = import.meta.url.endsWith('.ts');
  const pool = new Piscina<FormatTask, string>({
    filename: new URL(fromSource ? './format-worker.ts' : './format-worker.js', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    // piscina starts another thread only when every thread has this many tasks in hand.
    concurrentTasksPerWorker: TASKS_PER_THREAD,
    // A thread that waits between two files is kept (the run ends them all): one ended idle would
    // be started again, prettier loaded again, for the next file.
    idleTimeout: Number.POSITIVE_INFINITY,
    ...(fromSource ? { execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] } : {}),
  });
  pool.on('workerCreate', () => threadsStarted++);
  return pool;
}
