/**
 * Reading a file that may be missing: how the generator reads its output and its caches' files.
 * Synchronous: node's asynchronous readFile with an encoding reads a large file in chunks through
 * a string decoder and a file handle's round trips, several times the cost of one synchronous
 * read, for nothing a run could do meanwhile (an edit's run reads megabytes of output to compare).
 */
import { readFileSync } from 'node:fs';

/** A file's text, or undefined when it cannot be read. */
export function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A file's bytes, or undefined when it cannot be read. */
export function readBytesIfExists(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}
