/**
 * `specpress user add LOGIN --role ROLE [--email E] [--password P]` and `specpress user list`:
 * manage the site's accounts in the same database file the server uses.
 */
import type { Command } from 'commander';
import { openDatabase } from '../store/open-database.ts';
import { databaseOption, databaseTarget } from './database-option.ts';
import { ROLES } from '../../contract/roles.ts';
import { createUser, listUsers, UserInputError } from '../auth/users.ts';

export function register(program: Command): void {
  const user = program.command('user').description('Manage user accounts');

  user
    .command('add <login>')
    .description('Create a user with one of WordPress\'s roles')
    .requiredOption('--role <role>', `role: ${Object.keys(ROLES).join(', ')}`)
    .option('--email <email>', 'email address (also accepted as a login name)')
    .option('--password <password>', 'login password; without one, the user can only use application passwords')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .action(async (login: string, opts: { role: string; email?: string; password?: string; data: string; database?: string }) => {
      const { db, close } = await openDatabase(databaseTarget(opts));
      try {
        const { id } = await createUser(db, { login, email: opts.email, password: opts.password, role: opts.role });
        console.log(`Created user ${login} (id ${id}, ${opts.role}).`);
      } catch (err) {
        if (!(err instanceof UserInputError)) throw err;
        console.error(`Error: ${err.message}`);
        process.exitCode = 1;
      } finally {
        await close();
      }
    });

  user
    .command('list')
    .description('List user accounts')
    .option('--json', 'print JSON')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .action(async (opts: { json?: boolean; data: string; database?: string }) => {
      const { db, close } = await openDatabase(databaseTarget(opts));
      try {
        const rows = (await listUsers(db)).map((r) => ({ id: r.id, login: r.login, email: r.email, roles: JSON.parse(r.roles) as string[], registered: r.registered }));
        if (opts.json) console.log(JSON.stringify(rows, null, 2));
        else if (!rows.length) console.log('No users.');
        else for (const r of rows) console.log(`${String(r.id).padStart(4)}  ${r.login.padEnd(20)} ${r.roles.join(',').padEnd(14)} ${r.email}`);
      } finally {
        await close();
      }
    });
}
