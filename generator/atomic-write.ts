/**
 * Writing a file through a temporary sibling and a rename, so that no reader (another run, a
 * concurrent generate) ever sees half a file. Used for generated output and for the caches kept
 * as files. Apart from write.ts, which loads a diff library the caches on the fast rerun path do
 * not need.
 */
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * With `durable`, the file's bytes reach the disk before it takes the name, so that after a crash
 * the name holds either the old text or the new one, never an empty file (the folder's entry is
 * the caller's to sync: syncFolders()). A cache needs no such care: a lost entry only misses.
 */
export async function writeAtomic(full: string, content: string, how: { durable?: boolean } = {}): Promise<void> {
  await mkdir(dirname(full), { recursive: true });
  const temp = `${full}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  if (how.durable) {
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } else {
    await writeFile(temp, content);
  }
  await rename(temp, full);
}

/** Syncs each folder, so that the renames made in it survive a crash. Folders that cannot be opened for it (some systems) are left. */
export async function syncFolders(folders: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(folders)].map(async (folder) => {
      try {
        const handle = await open(folder, 'r');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      } catch {
        // Not every system syncs a folder; the files themselves are synced.
      }
    }),
  );
}
