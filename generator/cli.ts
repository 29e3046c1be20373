/**
 * The `specpress` command. Each sub-command lives in its own module and registers itself on
 * the program; this file only assembles them, so owners of a command never touch each other.
 */
import { Command } from 'commander';
import { SPECPRESS_VERSION } from './version.ts';

type CommandModule = { register: (p: Command) => void };

/**
 * Modules exporting `register(program: Command): void`, in help order. Written as literal
 * imports so the build (scripts/build.mjs) sees and rewrites them like any other import.
 */
const COMMAND_MODULES: Array<() => Promise<CommandModule>> = [
  () => import('./commands/generate.ts'),
  () => import('./commands/spec-stats.ts'),
  () => import('./commands/spec-validate.ts'),
  () => import('./commands/import.ts'),
  () => import('./commands/diff-ref.ts'),
  () => import('../runtime/cli/serve.ts'),
  () => import('../runtime/cli/site.ts'),
  () => import('../runtime/cli/user.ts'),
  () => import('../runtime/cli/app-password.ts'),
  () => import('../runtime/cli/term.ts'),
  () => import('../runtime/cli/forms.ts'),
];

export async function main(argv: string[]): Promise<void> {
  const program = new Command('specpress')
    .description('Spec-driven generator and server for the Site Content and Extensions REST interface')
    .version(SPECPRESS_VERSION, '-V, --version', 'print the version of specpress')
    .showHelpAfterError();
  for (const load of COMMAND_MODULES) (await load()).register(program);
  await program.parseAsync(argv);
}
