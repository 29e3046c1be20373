/**
 * `specpress forms import --from <plugin> FILE [--status draft|publish|private]`: another form
 * plugin's export file (Gravity Forms, WPForms, Ninja Forms) made into this site's forms, as
 * the import-file route does, for owners who move sites from a shell.
 */
import fs from 'node:fs';
import type { Command } from 'commander';
import { RestError } from '../rest/errors.ts';
import { openDatabase } from '../store/open-database.ts';
import { databaseOption, databaseTarget } from './database-option.ts';
import { importExportFile } from '../forms/migrator-files.ts';

export function register(program: Command): void {
  const forms = program.command('forms').description('Manage the form suite\'s forms');
  forms
    .command('import <file>')
    .description('Import the forms of another form plugin\'s export file')
    .requiredOption('--from <plugin>', 'plugin the file comes from: gravityforms, wpforms or ninjaforms')
    .option('--status <status>', 'state of the imported forms: draft, publish or private', 'draft')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .action(async (file: string, opts: { from: string; status: string; data: string; database?: string }) => {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (err) {
        console.error(`Error: cannot read ${file}: ${(err as Error).message}`);
        process.exitCode = 1;
        return;
      }
      const { db, close } = await openDatabase(databaseTarget(opts));
      try {
        const created = await importExportFile(db, opts.from, text, { status: opts.status, author: 0, now: new Date() });
        for (const f of created) console.log(`Imported "${f.title}" as form ${f.id} (${f.fields} fields, ${opts.status}).`);
      } catch (err) {
        if (!(err instanceof RestError)) throw err;
        const detail = Object.values((err.data.params as Record<string, string> | undefined) ?? {}).join(' ');
        console.error(`Error: ${detail || err.message}`);
        process.exitCode = 1;
      } finally {
        await close();
      }
    });
}
