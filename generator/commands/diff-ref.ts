/**
 * `specpress diff <source>`. Given a discovery document (an http(s) URL or an existing file), how
 * a site differs from a deployment of the spec (`runDiff`, commands/import.ts). Given anything
 * else, a git ref: how each deployment's interface changed between the spec at that commit and
 * the spec in the working tree, every change classed breaking or not for a client, with exit
 * codes a CI job can gate on (EXIT_* below).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import type { DeploymentModel, SpecModel } from '../../contract/model.ts';
import { classifyDeployment, summarize } from '../api-diff/classify.ts';
import { compareDeployment } from '../api-diff/compare-models.ts';
import { formatJson, formatText } from '../api-diff/format.ts';
import { loadSpecAtRef } from '../api-diff/load-at-ref.ts';
import { formatDiagnostic, loadSpec, type Diagnostic } from '../spec/load.ts';
import { runDiff } from './import.ts';

export const EXIT_NO_CHANGE = 0;
export const EXIT_ERROR = 1;
export const EXIT_CHANGES = 2;
export const EXIT_BREAKING = 3;

export const DIFF_FORMATS = ['text', 'json'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export interface DiffOptions {
  spec: string;
  /** Deployments to report; none: every deployment of either side. */
  deployment: string[];
  format: DiffFormat;
}

type Print = (line: string) => void;

const errorCount = (diagnostics: Diagnostic[]): number => diagnostics.filter((d) => d.severity === 'error').length;

async function isKind(path: string, kind: 'file' | 'directory'): Promise<boolean> {
  try {
    const s = await stat(path);
    return kind === 'file' ? s.isFile() : s.isDirectory();
  } catch {
    return false;
  }
}

/** The command's entry: a URL or a file goes to the site comparison, anything else is a git ref. */
export async function runDiffCommand(source: string, opts: DiffOptions, print: Print = console.log, printError: Print = console.error): Promise<number> {
  if (/^https?:\/\//i.test(source) || (await isKind(source, 'file'))) {
    if (opts.format !== 'text') {
      printError('diff failed: --format json reports the changes since a git ref; a site is compared in text');
      return EXIT_ERROR;
    }
    if (opts.deployment.length > 1) {
      printError('diff failed: a site is compared with one deployment; give --deployment once');
      return EXIT_ERROR;
    }
    return runDiff(source, { spec: opts.spec, deployment: opts.deployment[0] }, print, printError);
  }
  return runDiffRef(source, opts, print, printError);
}

/** The spec at `ref` against the spec in the working tree; returns the exit code. */
export async function runDiffRef(ref: string, opts: DiffOptions, print: Print = console.log, printError: Print = console.error): Promise<number> {
  try {
    const specDir = resolve(opts.spec);
    if (!(await isKind(specDir, 'directory'))) {
      printError(`diff failed: the spec folder ${opts.spec} does not exist`);
      return EXIT_ERROR;
    }
    const before = await loadSpecAtRef(specDir, ref);
    if (!before.ok) {
      printError(`diff failed: ${before.problem}`);
      return EXIT_ERROR;
    }
    if (before.model === undefined) {
      for (const d of before.diagnostics) printError(formatDiagnostic(d));
      printError(`diff failed: the spec at \`${ref}\` has ${errorCount(before.diagnostics)} error(s) under the current generator; nothing compared`);
      return EXIT_ERROR;
    }
    const after = await loadSpec(specDir);
    if (after.model === undefined) {
      for (const d of after.diagnostics) printError(formatDiagnostic(d));
      printError(`diff failed: the spec in the working tree has ${errorCount(after.diagnostics)} error(s); nothing compared`);
      return EXIT_ERROR;
    }
    const [was, now] = [before.model, after.model];
    const names = chosenDeployments(was, now, opts.deployment);
    if (typeof names === 'string') {
      printError(`diff failed: ${names}`);
      return EXIT_ERROR;
    }
    const find = (model: SpecModel, name: string): DeploymentModel | undefined => model.deployments.find((d) => d.name === name);
    const deployments = names.map((name) => classifyDeployment(compareDeployment(name, find(was, name), find(now, name))));
    const diff = summarize(deployments, { ref, commit: before.commit }, before.prefix);
    print(opts.format === 'json' ? formatJson(diff) : formatText(diff));
    if (diff.summary.breaking > 0) return EXIT_BREAKING;
    return diff.summary.changes > 0 ? EXIT_CHANGES : EXIT_NO_CHANGE;
  } catch (error) {
    printError(`diff failed: ${(error as Error).message}`);
    return EXIT_ERROR;
  }
}

/** The deployments now, then those only at the ref; or the named ones, each known on one side at least (else a message). */
function chosenDeployments(before: SpecModel, after: SpecModel, wanted: string[]): string[] | string {
  const known = [...new Set([...after.deployments, ...before.deployments].map((d) => d.name))];
  if (wanted.length === 0) return known;
  const unknown = wanted.filter((n) => !known.includes(n));
  if (unknown.length > 0) return `no deployment ${unknown.join(', ')} at the ref nor now; known: ${known.join(', ')}`;
  return [...new Set(wanted)];
}

const EXIT_HELP = `
With a git ref (a branch, a tag, a commit, HEAD~1), compares the spec at that commit with the
spec in the working tree, per deployment, and classes each change breaking or non-breaking for
a client. Exit codes: ${EXIT_NO_CHANGE} no change, ${EXIT_ERROR} error (bad ref, spec invalid at the ref or now),
${EXIT_CHANGES} changes but none breaking, ${EXIT_BREAKING} breaking changes.
With a site (http(s) URL of /wp-json/ or a discovery file): ${EXIT_NO_CHANGE} no difference, ${EXIT_ERROR} error,
${EXIT_CHANGES} differences.`;

export function register(program: Command): void {
  program
    .command('diff <source>')
    .description("what changed in the spec's interface since a git ref (breaking or not), or how a site (URL of /wp-json/ or a discovery file) differs from a deployment")
    .option('--spec <dir>', 'spec folder', 'spec')
    .option('-d, --deployment <name>', 'report only this deployment (repeatable; default: all of them, or for a site the default one)', (v: string, acc: string[] | undefined) => [...(acc ?? []), v])
    .addOption(new Option('--format <format>', 'git ref: text for people or json for tools').choices(DIFF_FORMATS).default('text'))
    .addHelpText('after', EXIT_HELP)
    .action(async (source: string, cli: Omit<DiffOptions, 'deployment'> & { deployment?: string[] }) => {
      process.exitCode = await runDiffCommand(source, { ...cli, deployment: cli.deployment ?? [] });
    });
}
