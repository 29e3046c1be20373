/**
 * `specpress spec stats [--deployment NAME] [--json] [--spec DIR]`: how big the spec is, per
 * deployment and for the union of deployments, in total and per namespace. Spec errors are
 * printed as diagnostics and exit with code 1.
 */
import type { Command } from 'commander';
import { formatDiagnostic, loadSpec } from '../spec/load.ts';
import { specStats, type Counts, type StatsRow } from '../spec/stats.ts';

interface Options {
  deployment?: string;
  json?: boolean;
  spec: string;
}

const COLUMNS: Array<keyof Counts> = ['namespaces', 'paths', 'pairs', 'endpoints', 'args'];

export function register(program: Command): void {
  const spec =
    program.commands.find((c) => c.name() === 'spec') ?? program.command('spec').description('Inspect the YAML spec');
  spec
    .command('stats')
    .description('Count namespaces, paths, (path, method) pairs, endpoints and args per deployment and overall')
    .option('--deployment <name>', 'only this deployment (the union is still printed)')
    .option('--json', 'print JSON instead of tables')
    .option('--spec <dir>', 'spec folder', 'spec')
    .action(async (options: Options) => {
      process.exitCode = await runSpecStats(options, (line) => console.log(line));
    });
}

/** Returns the exit code; prints through `print` so tests can capture the output. */
export async function runSpecStats(options: Options, print: (line: string) => void): Promise<number> {
  const { model, diagnostics } = await loadSpec(options.spec);
  for (const d of diagnostics) print(formatDiagnostic(d));
  if (!model) return 1;
  const stats = specStats(model.deployments);
  let rows = stats.deployments;
  if (options.deployment !== undefined) {
    rows = rows.filter((r) => r.name === options.deployment);
    if (rows.length === 0) {
      print(`error: no deployment \`${options.deployment}\`; known: ${stats.deployments.map((r) => r.name).join(', ')}`);
      return 1;
    }
  }
  if (options.json) {
    print(JSON.stringify({ deployments: rows, union: stats.union }, null, 2));
    return 0;
  }
  for (const row of [...rows, stats.union]) print(table(row));
  return 0;
}

function table(row: StatsRow): string {
  const lines: string[][] = [['namespace', ...COLUMNS]];
  for (const [ns, counts] of Object.entries(row.perNamespace)) lines.push([ns, ...COLUMNS.map((c) => String(counts[c]))]);
  lines.push(['total', ...COLUMNS.map((c) => String(row.totals[c]))]);
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  const render = (l: string[]) => l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [`== ${row.name}`, ...lines.map(render), ''].join('\n');
}
