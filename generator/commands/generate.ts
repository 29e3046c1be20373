/**
 * `specpress generate`: spec -> output/. Exit codes: 0 ok, 1 spec errors or orphaned regions,
 * 2 drift found by `--check` or `--diff`, 3 generated files edited outside their regions
 * (nothing written; `--backup` keeps copies and goes on), 4 the handlers' preserved regions (or
 * the code they call) do not compile against the generated types (output/ is written; each error
 * at its file:line:col).
 */
import { existsSync, readdirSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
// The diagnostics registry alone, not the spec loader: a rerun answered from the run cache loads none of the generator.
import { formatDiagnostic } from '../spec/diagnostics.ts';
import { DIAGNOSTIC_FORMATS, renderDiagnostics, type DiagnosticFormat } from '../spec/report.ts';
import type { Diagnostic } from '../spec/diagnostics.ts';
// The generator itself (ts-morph, prettier, every emitter) loads only when this command runs:
// every other command, `serve` included, starts without it.
import type { GenerateOptions, GenerateResult, HandEdit } from '../generate.ts';
import { BACKUP_DIR, MANIFEST_FILE } from '../manifest.ts';
import { ORPHANS_FILE } from '../preserve.ts';

interface CliOptions {
  deployment: string[];
  check?: boolean;
  diff?: boolean;
  backup?: boolean;
  watch?: boolean;
  pruneOrphans?: boolean;
  /** `--no-cache`: false. */
  cache?: boolean;
  /** `--no-typecheck`: false. */
  typecheck?: boolean;
  spec: string;
  out: string;
  format: DiagnosticFormat;
}

export const EXIT_OK = 0;
export const EXIT_SPEC_ERRORS = 1;
export const EXIT_DRIFT = 2;
export const EXIT_HAND_EDIT = 3;
export const EXIT_TYPE_ERRORS = 4;

type Print = (line: string) => void;

const EDIT_WORDS: Record<HandEdit['reason'], string> = {
  edited: 'was edited outside its preserved regions',
  foreign: 'was not written by specpress (it is not in the manifest)',
};

function describeEdit(e: HandEdit): string {
  return `output/${e.path} ${EDIT_WORDS[e.reason]}; the run would ${e.action} it`;
}

function report(result: GenerateResult, options: GenerateOptions, print: Print, printError: Print): number {
  const check = options.check === true;
  if (result.status === 'orphans') {
    printError(`generation stopped: ${result.orphans.length} preserved region(s) belong to operations no longer in the spec:`);
    for (const o of result.orphans) printError(`  ${o.operationId} (output/${o.file})`);
    printError(`add the old id to the new operation's renamedFrom, or run again with --prune-orphans to move them to output/${ORPHANS_FILE}`);
    return EXIT_SPEC_ERRORS;
  }
  const seconds = (result.ms / 1000).toFixed(2);
  if (result.status === 'edited') {
    for (const e of result.edited) printError(`hand edit: ${describeEdit(e)}`);
    printError(`generation stopped, nothing written: ${result.edited.length} file(s) would lose hand edits. Move the edits into a \`// #region specpress:\` region or into the spec, restore the files (git checkout), or run again with --backup to keep copies under output/${BACKUP_DIR}/ and regenerate`);
    return EXIT_HAND_EDIT;
  }
  for (const path of result.unrecorded) printError(`warning: output/${path} is no longer produced by the spec but was left in place (output/ has no ${MANIFEST_FILE} yet, so specpress cannot tell its files from yours); delete it if it is not yours`);
  if (options.diff) {
    if (result.diff) print(result.diff.replace(/\n$/, ''));
    for (const e of result.edited) printError(`warning: ${describeEdit(e)}; a run would stop (exit ${EXIT_HAND_EDIT}) unless given --backup`);
    const { changed, missing, extra } = result.drift;
    printError(`${changed.length} to change, ${missing.length} to create, ${extra.length} to delete (nothing written)`);
    return result.status === 'drift' ? EXIT_DRIFT : EXIT_OK;
  }
  if (check) {
    const { changed, missing, extra } = result.drift;
    for (const p of changed) printError(`differs: output/${p}`);
    for (const p of missing) printError(`missing: output/${p}`);
    for (const p of extra) printError(`extra:   output/${p}`);
    if (result.status === 'drift') {
      printError(`output/ has drifted from the spec: ${changed.length} differing, ${missing.length} missing, ${extra.length} extra; run \`specpress generate\``);
      return EXIT_DRIFT;
    }
    print(`output/ matches the spec: ${result.files} files checked in ${seconds}s`);
    return typecheckReport(result, print, printError);
  }
  for (const e of result.edited) {
    const copy = result.backups.find((b) => b.path === e.path)?.copy;
    if (copy !== undefined) printError(`warning: ${describeEdit(e)}; done, its hand edits were kept in output/${copy}`);
  }
  if (result.orphans.length > 0) print(`moved ${result.orphans.length} orphaned region(s) to output/${ORPHANS_FILE}`);
  print(`${result.written} written, ${result.unchanged} unchanged, ${result.deleted} removed (${result.files} files, ${result.lines} lines) in ${seconds}s`);
  if (result.untypedResponses.length > 0) {
    const listed = result.untypedResponses.slice(0, 5).join('; ');
    const more = result.untypedResponses.length > 5 ? `; and ${result.untypedResponses.length - 5} more` : '';
    printError(`warning: ${result.untypedResponses.length} endpoint(s) with a custom handler name no \`response\`, so their types and OpenAPI answer unknown: ${listed}${more}; add \`response: { resource: NAME }\` to each`);
  }
  return typecheckReport(result, print, printError);
}

/** The compile check's line (its errors were printed with the diagnostics) and the exit code it makes. */
function typecheckReport(result: GenerateResult, print: Print, printError: Print): number {
  const t = result.typecheck;
  if (t === undefined || t.skipped !== undefined) return EXIT_OK;
  const how = t.cached ? 'unchanged since it passed' : `${t.files} files in ${(t.ms / 1000).toFixed(2)}s`;
  if (result.status !== 'uncompiled') {
    print(`compile check of the preserved regions: passed (${how})`);
    return EXIT_OK;
  }
  printError(`compile check of the preserved regions: failed (${how}); the errors above are in handler regions or the code they call, written against types the spec no longer gives. output/ is written: fix the code, or the spec`);
  return EXIT_TYPE_ERRORS;
}

/** One generation run; returns the exit code. */
export async function runGenerate(
  specDir: string,
  options: GenerateOptions,
  print: Print = console.log,
  printError: Print = console.error,
  format: DiagnosticFormat = 'text',
): Promise<number> {
  try {
    // With --diff, stdout is the patch alone (pipe it to `git apply`); with --format json or
    // sarif it is that report alone. Progress and summaries go to stderr then.
    if (format !== 'text' && options.diff) throw new Error('--diff and --format json/sarif both want stdout; give one of them');
    const stdout = print;
    if (options.diff || format !== 'text') print = printError;
    const runOptions = { ...options, onProgress: options.onProgress ?? ((l: string) => print(l)) };
    // A rerun with nothing changed answers from the run cache without loading the generator.
    const { openRunCache } = await import('../run-cache.ts');
    const cache = options.formatCache === false ? undefined : await openRunCache(specDir, runOptions);
    const run = cache?.hit ?? (await (await import('../generate.ts')).generateFromSpec(specDir, runOptions, cache));
    return finish(run, options, { stdout, print, printError, format });
  } catch (error) {
    printError(`generation failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_SPEC_ERRORS;
  }
}

/** Prints a run's diagnostics and summary; returns the exit code. */
function finish(
  { diagnostics, result }: { diagnostics: Diagnostic[]; result?: GenerateResult },
  options: GenerateOptions,
  out: { stdout: Print; print: Print; printError: Print; format: DiagnosticFormat },
): number {
  if (out.format === 'text') {
    for (const d of diagnostics) out.printError(formatDiagnostic(d));
  } else {
    out.stdout(renderDiagnostics(diagnostics, out.format));
  }
  if (result === undefined) {
    out.printError(`the spec has ${diagnostics.filter((d) => d.severity === 'error').length} error(s); nothing generated`);
    return EXIT_SPEC_ERRORS;
  }
  return report(result, options, options.diff ? out.stdout : out.print, out.printError);
}

/**
 * `specpress generate` with plain arguments (`--check`, `--no-typecheck`, `--spec`, `--out`,
 * `--deployment`), answered from the run cache's stamp alone: what bin/specpress.js tries before
 * it loads the command line program or checks that dist/ is fresh (the stamp covers the sources
 * dist/ is built from). Returns the exit code, or undefined when the arguments are not plain or
 * anything the run depends on changed: the caller then runs the command as usual.
 */
export async function fastRerun(args: string[]): Promise<number | undefined> {
  const cli = plainArgs(args);
  if (cli === undefined) return undefined;
  const options = optionsOf(cli);
  const { openRunCache } = await import('../run-cache.ts');
  const cache = await openRunCache(resolve(cli.spec), options, { stampOnly: true });
  if (cache.hit === undefined) return undefined;
  return finish(cache.hit, options, { stdout: console.log, print: console.log, printError: console.error, format: 'text' });
}

/** The options of `generate` when every argument is one the fast path knows; undefined otherwise. */
function plainArgs(args: string[]): CliOptions | undefined {
  const cli: CliOptions = { deployment: [], spec: 'spec', out: 'output', format: 'text' };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--check' && inline === undefined) cli.check = true;
    else if (name === '--no-typecheck' && inline === undefined) cli.typecheck = false;
    else if (name === '--spec' || name === '--out' || name === '--deployment' || name === '-d') {
      const value = inline ?? args[++i];
      if (value === undefined || value.startsWith('-')) return undefined;
      if (name === '--spec') cli.spec = value;
      else if (name === '--out') cli.out = value;
      else cli.deployment.push(value);
    } else return undefined;
  }
  return cli;
}

/** What a command line asks of the generator. */
function optionsOf(cli: CliOptions): GenerateOptions {
  return {
    outDir: resolve(cli.out),
    deployments: cli.deployment,
    check: cli.check,
    diff: cli.diff,
    backup: cli.backup,
    pruneOrphans: cli.pruneOrphans,
    typecheck: cli.typecheck !== false,
    ...(cli.cache === false ? { formatCache: false } : {}),
  };
}

/**
 * Calls `changed` on every change under `root`. Each folder is watched, not each file: a save
 * that writes a temporary file and renames it over the old one (`sed -i`, most editors' safe
 * save), or deletes and creates it, replaces the file, and a watch held on the old file would
 * go quiet. Folders created later are watched once an event shows them; removed ones are let go.
 */
function watchFolders(root: string, changed: () => void): () => void {
  const watchers = new Map<string, FSWatcher>();
  const scan = (): void => {
    for (const [dir, watcher] of watchers) {
      if (!existsSync(dir)) {
        watcher.close();
        watchers.delete(dir);
      }
    }
    const visit = (dir: string): void => {
      if (!watchers.has(dir)) {
        try {
          const watcher = watch(dir, () => {
            scan();
            changed();
          });
          // A folder removed while watched ends its watch with an error on some systems.
          watcher.on('error', () => {
            watcher.close();
            watchers.delete(dir);
          });
          watchers.set(dir, watcher);
        } catch {
          return; // Gone before it could be watched.
        }
      }
      let entries: Dirent[] = [];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        // Removed meanwhile: the next scan lets its watch go.
      }
      for (const entry of entries) if (entry.isDirectory()) visit(join(dir, entry.name));
    };
    visit(root);
  };
  scan();
  return () => {
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}

/**
 * Regenerates on every change under the spec folder, one run at a time (changes during a run
 * cause one more run), once saves have been quiet for a moment: a save is often several events
 * (a temporary file written, renamed, its folder touched). Each run ends with its summary line
 * (`N written, ...` or an error). Returns a function that stops watching, once any run under
 * way ends.
 */
/** How long saves must be quiet before a run starts. */
const WATCH_QUIET_MS = 150;

/**
 * Loads, while the watch waits for a save, what a run after an edit may load: the generator, the
 * thread prettier and json-schema-to-typescript are loaded on (ts-thread.ts), handlebars and the
 * cache store's SQLite. The run that answered at the start came from the run cache and
 * loaded none of them; without this the first save would pay for all of them.
 */
async function loadWhatARunLoads(): Promise<void> {
  try {
    await import('../generate.ts');
    const thread = await import('../ts-thread.ts');
    thread.startTsThread();
    for (const library of ['handlebars', 'better-sqlite3']) await import(library);
  } catch {
    // A library that cannot load now fails the run that needs it, with its message.
  }
}

export function watchSpec(specDir: string, options: GenerateOptions, print: Print = console.log, printError: Print = console.error): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    print(`[${new Date().toISOString()}] spec changed, regenerating`);
    await runGenerate(specDir, options, print, printError);
    running = false;
    if (again) {
      again = false;
      await run();
    }
  };
  const stop = watchFolders(specDir, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) again = true;
      else current = run();
    }, WATCH_QUIET_MS);
  });
  print(`watching ${specDir} for changes (Ctrl-C to stop)`);
  void loadWhatARunLoads();
  return async () => {
    clearTimeout(timer);
    stop();
    await current;
  };
}

export function register(program: Command): void {
  program
    .command('generate')
    .description('generate output/ (route tables, handlers, client, discovery, validators, types, docs, tests) from the spec')
    .option('-d, --deployment <name>', 'generate only this deployment (repeatable)', (v: string, acc: string[]) => [...acc, v], [])
    .option('--check', 'write nothing; exit 2 listing files that differ from what the spec produces')
    .option('--diff', 'write nothing; print a unified diff of what would change (exit 2 when anything would)')
    .option('--backup', `when a generated file was edited outside its regions, keep a copy under output/${BACKUP_DIR}/ and regenerate (default: stop, exit 3)`)
    .option('--watch', 'regenerate whenever the spec changes')
    .option('--prune-orphans', `move regions of operations that left the spec to output/${ORPHANS_FILE}`)
    .option('--no-cache', 'generate every file afresh: neither the run cache (an unchanged rerun answered from the last run) nor what earlier runs formatted or compiled')
    .option('--no-typecheck', `skip the compile check of the handlers' preserved regions against the generated types (exit ${EXIT_TYPE_ERRORS} when it fails)`)
    .option('--spec <dir>', 'spec folder', 'spec')
    .option('--out <dir>', 'output folder', 'output')
    .addOption(new Option('--format <format>', 'how spec diagnostics are printed: text on stderr, or json / sarif alone on stdout').choices(DIAGNOSTIC_FORMATS).default('text'))
    .action(async (cli: CliOptions) => {
      const specDir = resolve(cli.spec);
      const options = optionsOf(cli);
      const code = await runGenerate(specDir, options, console.log, console.error, cli.format);
      if (cli.watch && !cli.check && !cli.diff) {
        watchSpec(specDir, options);
        return;
      }
      await endNow(code);
    });
}

/**
 * Ends the process once what it printed is out. A run leaves a heap of hundreds of megabytes and
 * the ts-morph thread behind; a process left to end by itself tears both down first, a tenth of a
 * second of a one-line edit's loop spent on nothing. The cache store is written by its exit
 * handler (cache-store.ts), which process.exit() runs.
 */
async function endNow(code: number): Promise<void> {
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((done) => stream.write('', () => done()))));
  process.exit(code);
}
