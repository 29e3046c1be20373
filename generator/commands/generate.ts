/**
 * `specpress generate`: spec -> output/. Exit codes: 0 ok, 1 spec errors or orphaned regions,
 * 2 drift found by `--check`.
 */
import { watch } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { formatDiagnostic } from '../spec/load.ts';
import { generateFromSpec, type GenerateOptions, type GenerateResult } from '../generate.ts';
import { ORPHANS_FILE } from '../preserve.ts';

interface CliOptions {
  deployment: string[];
  check?: boolean;
  watch?: boolean;
  pruneOrphans?: boolean;
  spec: string;
  out: string;
}

export const EXIT_OK = 0;
export const EXIT_SPEC_ERRORS = 1;
export const EXIT_DRIFT = 2;

type Print = (line: string) => void;

function report(result: GenerateResult, check: boolean, print: Print, printError: Print): number {
  if (result.status === 'orphans') {
    printError(`generation stopped: ${result.orphans.length} preserved region(s) belong to operations no longer in the spec:`);
    for (const o of result.orphans) printError(`  ${o.operationId} (output/${o.file})`);
    printError(`add the old id to the new operation's renamedFrom, or run again with --prune-orphans to move them to output/${ORPHANS_FILE}`);
    return EXIT_SPEC_ERRORS;
  }
  const seconds = (result.ms / 1000).toFixed(2);
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
    return EXIT_OK;
  }
  if (result.orphans.length > 0) print(`moved ${result.orphans.length} orphaned region(s) to output/${ORPHANS_FILE}`);
  print(`${result.written} written, ${result.unchanged} unchanged, ${result.deleted} removed (${result.files} files, ${result.lines} lines) in ${seconds}s`);
  if (result.untypedResponses.length > 0) {
    const listed = result.untypedResponses.slice(0, 5).join('; ');
    const more = result.untypedResponses.length > 5 ? `; and ${result.untypedResponses.length - 5} more` : '';
    printError(`warning: ${result.untypedResponses.length} endpoint(s) with a custom handler name no \`response\`, so their types and OpenAPI answer unknown: ${listed}${more}; add \`response: { resource: NAME }\` to each`);
  }
  return EXIT_OK;
}

/** One generation run; returns the exit code. */
export async function runGenerate(specDir: string, options: GenerateOptions, print: Print = console.log, printError: Print = console.error): Promise<number> {
  try {
    const { diagnostics, result } = await generateFromSpec(specDir, { ...options, onProgress: options.onProgress ?? ((l) => print(l)) });
    for (const d of diagnostics) printError(formatDiagnostic(d));
    if (result === undefined) {
      printError(`the spec has ${diagnostics.filter((d) => d.severity === 'error').length} error(s); nothing generated`);
      return EXIT_SPEC_ERRORS;
    }
    return report(result, options.check === true, print, printError);
  } catch (error) {
    printError(`generation failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_SPEC_ERRORS;
  }
}

/**
 * Regenerates on every change under the spec folder, one run at a time (changes during a run
 * cause one more run). Returns a function that stops watching, once any run under way ends.
 */
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
  const watcher = watch(specDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) again = true;
      else current = run();
    }, 150);
  });
  print(`watching ${specDir} for changes (Ctrl-C to stop)`);
  return async () => {
    clearTimeout(timer);
    watcher.close();
    await current;
  };
}

export function register(program: Command): void {
  program
    .command('generate')
    .description('generate output/ (route tables, handlers, client, discovery, validators, types, docs, tests) from the spec')
    .option('-d, --deployment <name>', 'generate only this deployment (repeatable)', (v: string, acc: string[]) => [...acc, v], [])
    .option('--check', 'write nothing; exit 2 listing files that differ from what the spec produces')
    .option('--watch', 'regenerate whenever the spec changes')
    .option('--prune-orphans', `move regions of operations that left the spec to output/${ORPHANS_FILE}`)
    .option('--spec <dir>', 'spec folder', 'spec')
    .option('--out <dir>', 'output folder', 'output')
    .action(async (cli: CliOptions) => {
      const specDir = resolve(cli.spec);
      const options: GenerateOptions = {
        outDir: resolve(cli.out),
        deployments: cli.deployment,
        check: cli.check,
        pruneOrphans: cli.pruneOrphans,
      };
      const code = await runGenerate(specDir, options);
      if (cli.watch && !cli.check) {
        watchSpec(specDir, options);
        return;
      }
      process.exitCode = code;
    });
}
