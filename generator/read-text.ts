/**
 * A file's text, or undefined when it cannot be read: how the generator reads its output and
 * its caches' files. Read synchronously: node's asynchronous readFile with an encoding reads a
 * large file in chunks through a string decoder and a file handle's round trips, several times
 * the cost of one synchronous read, for nothing a run could do meanwhile (an edit's run reads
 * megabytes of output to compare).
 */
import { readFileSync } from 'node:fs';

export async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}
