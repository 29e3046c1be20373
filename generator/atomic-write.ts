/**
 * Writing a file through a temporary sibling and a rename, so that no reader (another run, a
 * concurrent generate) ever sees half a file. Used for generated output and for every cache.
 * Apart from write.ts, which loads a diff library the caches on the fast rerun path do not need.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function writeAtomic(full: string, content: string): Promise<void> {
  await mkdir(dirname(full), { recursive: true });
  const temp = `${full}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, content);
  await rename(temp, full);
}
