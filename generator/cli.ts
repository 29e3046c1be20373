/**
 * The `specpress` command. Each sub-command lives in its own module and registers itself on
 * the program; this file only assembles them, so owners of a command never touch each other.
 */
import { Command } from 'commander';
import { SPECPRESS_VERSION } from './version.ts';

/** Modules exporting `register(program: Command): void`, in help order. */
const COMMAND_MODULES = [
  './commands/generate.ts',
  './commands/spec-stats.ts',
  './commands/spec-validate.ts',
  './commands/import.ts',
  '../runtime/cli/serve.ts',
  '../runtime/cli/site.ts',
  '../runtime/cli/user.ts',
  '../runtime/cli/app-password.ts',
  '../runtime/cli/term.ts',
  '../runtime/cli/forms.ts',
];

export async function main(argv: string[]): Promise<void> {
  const program = new Command('specpress')
    .description('Spec-driven generator and server for the Site Content and Extensions REST interface')
    .version(SPECPRESS_VERSION, '-V, --version', 'print the version of specpress')
    .showHelpAfterError();
  for (const mod of COMMAND_MODULES) {
    const { register } = (await import(mod)) as { register: (p: Command) => void };
    register(program);
  }
  await program.parseAsync(argv);
}
