/**
 * The spec as it was at a git ref, loaded and resolved by the generator's own loader: its files
 * are read from git's object store into a temporary folder (removed afterwards), so the working
 * tree is never touched. Diagnostics name the files as git does, `<ref>:spec/namespaces/x.yaml`.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpecModel } from '../../contract/model.ts';
import { loadSpec, type Diagnostic } from '../spec/load.ts';
import { commitOf, filesAt, repositoryOf } from './git.ts';

export type LoadedAtRef =
  | { ok: true; commit: string; prefix: string; model?: SpecModel; diagnostics: Diagnostic[] }
  | { ok: false; problem: string };

/** `specDir` is the spec folder in the working tree; the same folder is read at `ref`. */
export async function loadSpecAtRef(specDir: string, ref: string): Promise<LoadedAtRef> {
  const repository = await repositoryOf(specDir);
  if (repository === undefined) return { ok: false, problem: `${specDir} is not inside a git repository, so \`${ref}\` names no commit` };
  const commit = await commitOf(repository.top, ref);
  if (commit === undefined) {
    return { ok: false, problem: `\`${ref}\` is not an http(s) URL, an existing file, nor a commit of the git repository at ${repository.top}; give a branch, a tag, a commit hash or a form such as HEAD~1` };
  }
  const folder = repository.prefix.replace(/\/$/, '') || '.';
  const files = await filesAt(repository.top, commit, repository.prefix);
  if (files.size === 0) return { ok: false, problem: `the spec folder ${folder}/ does not exist at \`${ref}\` (${commit.slice(0, 12)})` };
  const temp = await mkdtemp(path.join(tmpdir(), 'specpress-diff-'));
  try {
    const root = path.join(temp, 'spec');
    for (const [file, bytes] of files) {
      const target = path.join(root, file.slice(repository.prefix.length));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
    const { model, diagnostics } = await loadSpec(root);
    return { ok: true, commit, prefix: folder, model, diagnostics: diagnostics.map((d) => ({ ...d, file: atRef(d.file, root, ref, repository.prefix) })) };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** A file of the temporary copy as git names it at the ref. */
function atRef(file: string, root: string, ref: string, prefix: string): string {
  const relative = path.relative(root, path.resolve(file));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return file;
  return `${ref}:${`${prefix}${relative.split(path.sep).join('/')}`.replace(/\/$/, '') || '.'}`;
}
