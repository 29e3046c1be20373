/**
 * Commits made durable off the event loop, several with one sync: group commit for SQLite.
 *
 * With `synchronous = FULL`, SQLite syncs the write-ahead log inside COMMIT, and better-sqlite3
 * runs COMMIT on the event loop: the whole process stood still for the disk on every write
 * (a large share of a batch's time at saturation), and two writers paid two syncs.
 * Instead the connection runs with `synchronous = NORMAL`: COMMIT appends its frames to the log
 * and returns. A commit is durable once the log file is synced, and that is done here, on
 * libuv's thread pool, before anything is acknowledged: the server answers a request that
 * committed only once `durable()` resolves (runtime/http/server.ts), and closing the database
 * waits for it too. Commits noted while a sync runs are covered by the next one, which all of
 * their writers share.
 *
 * This keeps what FULL promises for every acknowledged write: the log holds each commit's frames
 * in order behind a checksummed header, recovery replays every complete commit in the synced
 * log, and NORMAL still syncs the log before a checkpoint copies it into the database file and
 * the database file after. What a power cut can take is a commit nobody was told of yet.
 *
 * Another connection to the same file (another `serve --workers` process, the CLI) syncs its own
 * commits, but a read here may show one of them before that sync is done. `noteOthers()` counts
 * their commits as noted here too, from SQLite's `PRAGMA data_version` (it moves on every other
 * connection's commit): syncing the log from here covers their frames as well, since a sync
 * writes out the file's pages whoever wrote them.
 *
 * A sync that fails leaves it unknown which commits reached the disk (Linux may drop the pages
 * it failed to write and report the next sync as a success), so the failure stays: every later
 * `durable()` rejects with it, and writes are answered with an error until the process restarts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { attachDurability, durabilityOf, type CommitDurability } from '../durability.ts';

export type SyncFile = (file: fs.FileHandle) => Promise<void>;

export class CommitSync implements CommitDurability {
  #noted = 0;
  #synced = 0;
  #running: Promise<void> | undefined;
  #failure: Error | undefined;
  #log: fs.FileHandle | undefined;

  #othersSeen: unknown;

  /**
   * `logFile` is the database's `-wal` file; `syncFile` how a file is synced (fdatasync);
   * `othersVersion` reads `PRAGMA data_version` on this connection (none: no other connection is
   * looked for).
   */
  constructor(
    private readonly logFile: string,
    private readonly syncFile: SyncFile = (file) => file.datasync(),
    private readonly othersVersion?: () => unknown,
  ) {
    this.#othersSeen = othersVersion?.();
  }

  /** A transaction has committed on the connection: its frames are in the log, not yet on disk. */
  note(): void {
    this.#noted++;
  }

  /**
   * Notes the commits other connections made since the last call, if any, as one more commit to
   * sync here (one `PRAGMA data_version`, cheap). Called before deciding whether an answer waits.
   */
  noteOthers(): void {
    if (!this.othersVersion) return;
    const version = this.othersVersion();
    if (version === this.#othersSeen) return;
    this.#othersSeen = version;
    this.#noted++;
  }

  /** How many commits were noted so far (a request compares it before and after its work). */
  get noted(): number {
    return this.#noted;
  }

  /** How many of them are known to be on disk. */
  get synced(): number {
    return this.#synced;
  }

  /** Resolves once every commit noted before the call is on disk. */
  async durable(): Promise<void> {
    const wanted = this.#noted;
    while (this.#synced < wanted) {
      if (this.#failure) throw this.#failure;
      this.#running ??= this.#syncOnce().finally(() => (this.#running = undefined));
      await this.#running;
    }
    if (this.#failure) throw this.#failure;
  }

  /** Closes the log file (after a last `durable()`, which the database's close awaits). */
  async close(): Promise<void> {
    await this.#log?.close();
    this.#log = undefined;
  }

  async #syncOnce(): Promise<void> {
    // Commits noted from here on may have written after the sync began: the next sync covers them.
    const covered = this.#noted;
    try {
      if (!this.#log) {
        this.#log = await fs.open(this.logFile, 'r');
        // SQLite created the log file; its name in the folder must survive a power cut too.
        await syncFolder(path.dirname(this.logFile), this.syncFile);
      }
      await this.syncFile(this.#log);
      this.#synced = Math.max(this.#synced, covered);
    } catch (error) {
      this.#failure = new Error(`syncing the database log ${this.logFile} failed: ${(error as Error).message}`, { cause: error });
      throw this.#failure;
    }
  }
}

async function syncFolder(folder: string, syncFile: SyncFile): Promise<void> {
  const handle = await fs.open(folder, 'r');
  try {
    await syncFile(handle);
  } finally {
    await handle.close();
  }
}

/**
 * The CommitSync of a database, from the database or any transaction of it: the store's
 * durability (../durability.ts) of a SQLite file; undefined where commits are durable by
 * themselves (PostgreSQL, SQLite in memory).
 */
export function attachCommitSync(db: Kysely<any>, sync: CommitSync): void {
  attachDurability(db, sync);
}

export function commitSyncOf(db: Kysely<any>): CommitSync | undefined {
  const durability = durabilityOf(db);
  return durability instanceof CommitSync ? durability : undefined;
}
