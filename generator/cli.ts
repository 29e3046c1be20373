/**
 * The `specpress` command. Each sub-command lives in its own module and registers itself on
 * the program; this file only assembles them, so owners of a command never touch each other.
 */
import { Command } from 'commander';
import { SPECPRESS_VERSION } from './version.ts';

type CommandModule = { register: (p: Command) => void };

/**
 * Modules exporting `register(program: Command): void`, in help order, each with the top-level
 * command names it registers. Written as literal imports so the build (scripts/build.mjs) sees
 * and rewrites them like any other import.
 */
const COMMAND_MODULES: Array<{ names: string[]; load: () => Promise<CommandModule> }> = [
  { names: ['generate'], load: () => import('./commands/generate.ts') },
  { names: ['spec'], load: () => import('./commands/spec-stats.ts') },
  { names: ['spec'], load: () => import('./commands/spec-validate.ts') },
  { names: ['import'], load: () => import('./commands/import.ts') },
  { names: ['diff'], load: () => import('./commands/diff-ref.ts') },
  { names: ['serve'], load: () => import('../runtime/cli/serve.ts') },
  { names: ['site'], load: () => import('../runtime/cli/site.ts') },
  { names: ['user'], load: () => import('../runtime/cli/user.ts') },
  { names: ['app-password'], load: () => import('../runtime/cli/app-password.ts') },
  { names: ['term'], load: () => import('../runtime/cli/term.ts') },
  { names: ['forms'], load: () => import('../runtime/cli/forms.ts') },
];

function newProgram(): Command {
  return new Command('specpress')
    .description('Spec-driven generator and server for the Site Content and Extensions REST interface')
    .version(SPECPRESS_VERSION, '-V, --version', 'print the version of specpress')
    .showHelpAfterError();
}

export async function main(argv: string[]): Promise<void> {
  // Only the modules of the command asked for load (the server's alone takes seconds to load, and
  // `generate` has no use for it); help, the version and unknown names get every command.
  const named = argv[2];
  const only = COMMAND_MODULES.filter((m) => named !== undefined && m.names.includes(named));
  let program = newProgram();
  for (const { load } of only.length > 0 ? only : COMMAND_MODULES) (await load()).register(program);
  if (only.length > 0 && !program.commands.some((c) => c.name() === named)) {
    // A table entry naming a command its module does not register: fall back to all of them.
    program = newProgram();
    for (const { load } of COMMAND_MODULES) (await load()).register(program);
  }
  await program.parseAsync(argv);
}
