/**
 * The few git questions `specpress diff <git-ref>` asks, answered by the `git` command: which
 * repository holds a folder, which commit a ref names, and the files of a folder at that commit.
 * Everything is read from git's object store; the working tree and the index are never touched.
 */
import { spawn } from 'node:child_process';

/** Runs git in `cwd`; resolves with stdout, rejects with git's own message. */
function git(cwd: string, args: string[], input?: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new Error(Buffer.concat(err).toString('utf8').trim() || `git ${args[0]} exited with code ${code}`));
    });
    // A git that stops early closes its input: its exit code and message tell why, not the EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input ?? '');
  });
}

/** The repository's top folder and the folder's path inside it (`spec/`), or undefined outside any repository. */
export async function repositoryOf(dir: string): Promise<{ top: string; prefix: string } | undefined> {
  try {
    const [top, prefix = ''] = (await git(dir, ['rev-parse', '--show-toplevel', '--show-prefix'])).toString('utf8').split('\n');
    return { top, prefix };
  } catch {
    return undefined;
  }
}

/** The commit a ref names (a branch, a tag, `HEAD~2`, a hash), or undefined when it names none. */
export async function commitOf(top: string, ref: string): Promise<string | undefined> {
  try {
    return (await git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])).toString('utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Every file under `prefix` at `commit`, path (from the repository's top) -> bytes. Symbolic
 * links and submodules are left out: a spec is plain files. One `git cat-file --batch` reads
 * them all.
 */
export async function filesAt(top: string, commit: string, prefix: string): Promise<Map<string, Buffer>> {
  const listing = (await git(top, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', ...(prefix ? [prefix] : [])])).toString('utf8');
  const blobs: Array<{ path: string; oid: string }> = [];
  for (const entry of listing.split('\0').filter(Boolean)) {
    const [meta, path] = [entry.slice(0, entry.indexOf('\t')), entry.slice(entry.indexOf('\t') + 1)];
    const [mode, type, oid] = meta.split(' ');
    if (type === 'blob' && mode !== '120000') blobs.push({ path, oid });
  }
  const files = new Map<string, Buffer>();
  if (blobs.length === 0) return files;
  const batch = await git(top, ['cat-file', '--batch'], blobs.map((b) => b.oid).join('\n') + '\n');
  // Each object comes as `<oid> <type> <size>\n<bytes>\n`, in the order asked.
  let at = 0;
  for (const { path } of blobs) {
    const headerEnd = batch.indexOf(10, at);
    const size = Number(batch.subarray(at, headerEnd).toString('utf8').split(' ')[2]);
    files.set(path, batch.subarray(headerEnd + 1, headerEnd + 1 + size));
    at = headerEnd + 1 + size + 1;
  }
  return files;
}
