/**
 * `specpress app-password add LOGIN [--name NAME] [--json]` prints a new application password,
 * the only time it is ever shown; `specpress app-password revoke LOGIN UUID|--all` removes them;
 * `specpress app-password list LOGIN` shows names, uuids and last use.
 */
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { openDatabase } from '../store/open-database.ts';
import { databaseOption, databaseTarget } from './database-option.ts';
import { findUserByLoginOrEmail, type UserRow } from '../auth/users.ts';
import {
  ApplicationPasswordError,
  createApplicationPassword,
  listApplicationPasswords,
  revokeAllApplicationPasswords,
  revokeApplicationPassword,
} from '../auth/application-passwords.ts';

class CliError extends Error {}

/** Opens the site's database, runs `fn`, reports CLI errors on stderr with exit code 1. */
async function withDatabase(where: { data: string; database?: string }, fn: (db: Kysely<Database>) => Promise<void>): Promise<void> {
  const { db, close } = await openDatabase(databaseTarget(where));
  try {
    await fn(db);
  } catch (err) {
    if (!(err instanceof CliError) && !(err instanceof ApplicationPasswordError)) throw err;
    console.error(`Error: ${err.message}`);
    process.exitCode = 1;
  } finally {
    await close();
  }
}

async function requireUser(db: Kysely<Database>, login: string): Promise<UserRow> {
  const user = await findUserByLoginOrEmail(db, login);
  if (!user) throw new CliError(`No user "${login}".`);
  return user;
}

export function register(program: Command): void {
  const cmd = program.command('app-password').description('Manage application passwords (HTTP Basic credentials for API clients)');

  cmd
    .command('add <login>')
    .description('Create an application password and print it once')
    .option('--name <name>', 'name of the application', 'specpress-cli')
    .option('--app-id <uuid>', 'identifier the application gave itself')
    .option('--json', 'print JSON: uuid, name, password')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .action((login: string, opts: { name: string; appId?: string; json?: boolean; data: string; database?: string }) =>
      withDatabase(opts, async (db) => {
        const user = await requireUser(db, login);
        const { uuid, password } = await createApplicationPassword(db, user.id, opts.name, opts.appId ?? '');
        if (opts.json) console.log(JSON.stringify({ uuid, name: opts.name.trim(), login: user.login, password }));
        else console.log(`Application password for ${user.login} (${opts.name.trim()}, uuid ${uuid}):\n\n  ${password}\n\nIt is shown only now; store it in the client.`);
      }));

  cmd
    .command('list <login>')
    .description('List a user\'s application passwords (never the passwords themselves)')
    .option('--json', 'print JSON')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .action((login: string, opts: { json?: boolean; data: string; database?: string }) =>
      withDatabase(opts, async (db) => {
        const user = await requireUser(db, login);
        const rows = (await listApplicationPasswords(db, user.id)).map(({ password_hash: _hidden, ...rest }) => rest);
        if (opts.json) console.log(JSON.stringify(rows, null, 2));
        else if (!rows.length) console.log(`${user.login} has no application passwords.`);
        else for (const r of rows) console.log(`${r.uuid}  ${r.name.padEnd(24)} created ${r.created}  last used ${r.last_used ?? 'never'}${r.last_ip ? ` from ${r.last_ip}` : ''}`);
      }));

  cmd
    .command('revoke <login> [uuid]')
    .description('Revoke one application password by uuid, or all of them with --all')
    .option('--all', 'revoke every application password of the user')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .action((login: string, uuid: string | undefined, opts: { all?: boolean; data: string; database?: string }) =>
      withDatabase(opts, async (db) => {
        if (!uuid === !opts.all) throw new CliError('Give either a uuid or --all.');
        const user = await requireUser(db, login);
        if (opts.all) {
          const n = await revokeAllApplicationPasswords(db, user.id);
          console.log(`Revoked ${n} application password${n === 1 ? '' : 's'} of ${user.login}.`);
        } else {
          if (!(await revokeApplicationPassword(db, user.id, uuid!))) throw new CliError(`${user.login} has no application password ${uuid}.`);
          console.log(`Revoked application password ${uuid} of ${user.login}.`);
        }
      }));
}
