/**
 * Which test files a pass of one database engine leaves out, so that CI (both engines at once,
 * scripts/test-both-engines.mjs) does not run twice what does not depend on the engine:
 *
 * - The generator's and the spec's tests (test/generator, test/spec) that never start a server
 *   read and write files only: they run in the SQLite pass alone. Those that import the test
 *   harness (a server on the engine under test) run in both.
 * - Files that test PostgreSQL itself, whatever the engine of the pass (they import
 *   ./scratch-postgres-database.ts, or start a cluster with runtime/testing/postgres-cluster.ts):
 *   they run in the PostgreSQL pass alone, where they use its cluster instead of starting a second one.
 *
 * Decided from each file's imports, so a new test lands in the right passes without a list to keep.
 */
import fs from 'node:fs';
import path from 'node:path';

const SERVER_IMPORT = /runtime\/testing\/(harness|serve-process|test-database)\.ts['"]/;
const OWN_CLUSTER_IMPORT = /(runtime\/testing\/postgres-cluster|support\/scratch-postgres-database)\.ts['"]/;
const GENERATOR_FOLDERS = ['test/generator', 'test/spec'];

function testFilesUnder(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/')));
}

/** The files (relative to `root`, posix separators) the pass of `engine` leaves to the other one. */
export function filesLeftToOtherEngine(root: string, engine: 'sqlite' | 'postgres'): string[] {
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  if (engine === 'postgres') {
    return GENERATOR_FOLDERS.flatMap((folder) => testFilesUnder(root, folder)).filter((file) => !SERVER_IMPORT.test(read(file)));
  }
  return ['test'].flatMap((folder) => testFilesUnder(root, folder)).filter((file) => OWN_CLUSTER_IMPORT.test(read(file)));
}
