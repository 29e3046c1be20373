/**
 * `specpress spec validate`: checks the spec (YAML, meta-schema, semantic rules, resolution of
 * every deployment) and writes nothing. Exit 0 when there is no error (warnings allowed), 1 when
 * there is one. `--format json|sarif` prints the diagnostics for tools.
 */
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { loadSpec } from '../spec/load.ts';
import { DIAGNOSTIC_FORMATS, renderDiagnostics, type DiagnosticFormat } from '../spec/report.ts';

type Print = (line: string) => void;

export async function runValidate(specDir: string, format: DiagnosticFormat, print: Print = console.log, printError: Print = console.error): Promise<number> {
  const { model, diagnostics } = await loadSpec(specDir);
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  if (format !== 'text') {
    print(renderDiagnostics(diagnostics, format));
    return errors > 0 ? 1 : 0;
  }
  if (diagnostics.length > 0) printError(renderDiagnostics(diagnostics, 'text'));
  if (errors > 0 || model === undefined) {
    printError(`the spec has ${errors} error(s) and ${diagnostics.length - errors} warning(s)`);
    return 1;
  }
  print(`the spec is valid: ${model.deployments.length} deployment(s) (${model.deployments.map((d) => d.name).join(', ')}), ${diagnostics.length} warning(s)`);
  return 0;
}

export function register(program: Command): void {
  const spec = program.commands.find((c) => c.name() === 'spec') ?? program.command('spec').description('Inspect the YAML spec');
  spec
    .command('validate')
    .description('check the spec (YAML, schema, rules, every deployment) without generating; exit 1 on any error')
    .option('--spec <dir>', 'spec folder', 'spec')
    .addOption(new Option('--format <format>', 'text on stderr, or json / sarif on stdout').choices(DIAGNOSTIC_FORMATS).default('text'))
    .action(async (cli: { spec: string; format: DiagnosticFormat }) => {
      process.exitCode = await runValidate(resolve(cli.spec), cli.format);
    });
}
