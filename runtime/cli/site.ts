/**
 * `specpress site get [field]` and `specpress site set <field> <value>`: the site fields of the
 * discovery document (title, tagline, timezone, front page...), stored in the site database.
 */
import type { Command } from 'commander';
import { openDatabase } from '../store/open-database.ts';
import { databaseOption, databaseTarget } from './database-option.ts';
import { bareDeployment, listDeployments, loadDeployment } from '../app.ts';
import { getSiteSettings, isSiteField, setSiteSetting, SettingError, SITE_FIELDS } from '../settings/site-settings.ts';
import type { SiteDefaults } from '../../contract/model.ts';

interface SiteOptions {
  data: string;
  database?: string;
  deployment?: string;
  url: string;
}

export function register(program: Command): void {
  const site = program.command('site').description(`Read or change the site fields (${SITE_FIELDS.join(', ')})`);

  site
    .command('get [field]')
    .description('Print one site field, or all of them as JSON')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .option('--deployment <name>', 'deployment whose defaults apply (default: the default deployment)')
    .option('--url <origin>', 'address the server answers on', 'http://127.0.0.1:8080')
    .action(async (field: string | undefined, opts: SiteOptions) => {
      if (field !== undefined && !isSiteField(field)) return fail(`Unknown site field "${field}". Fields: ${SITE_FIELDS.join(', ')}`);
      const { db, close } = await openDatabase(databaseTarget(opts));
      try {
        const settings = await getSiteSettings(db, await defaultsFor(opts.deployment), opts.url);
        console.log(field === undefined ? JSON.stringify(settings, null, 2) : String(settings[field]));
      } finally {
        await close();
      }
    });

  site
    .command('set <field> <value>')
    .description('Change one site field')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .action(async (field: string, value: string, opts: SiteOptions) => {
      const { db, close } = await openDatabase(databaseTarget(opts));
      try {
        const stored = await setSiteSetting(db, field, value);
        console.log(`${field} = ${JSON.stringify(stored)}`);
      } catch (err) {
        if (!(err instanceof SettingError)) throw err;
        fail(err.message);
      } finally {
        await close();
      }
    });
}

async function defaultsFor(name: string | undefined): Promise<SiteDefaults> {
  const chosen = name ?? (await listDeployments()).defaultName;
  return chosen ? (await loadDeployment(chosen)).deployment.site : bareDeployment().site;
}

function fail(message: string): void {
  console.error(`Error: ${message}`);
  process.exitCode = 1;
}
