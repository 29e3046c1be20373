/**
 * `specpress term add category|post_tag NAME [--parent ID] [--slug S]` and
 * `specpress term list [--taxonomy T] [--json]`: categories and tags, which the REST interface
 * assigns to posts by id but does not create.
 */
import type { Command } from 'commander';
import { openDatabase } from '../store/open-database.ts';
import { databaseOption, databaseTarget } from './database-option.ts';
import { addTerm, defaultCategory, listTerms, type Taxonomy } from '../content/terms.ts';
import { cleanTermName } from '../terms/service.ts';

const TAXONOMIES: Taxonomy[] = ['category', 'post_tag'];

function isTaxonomy(value: string): value is Taxonomy {
  return (TAXONOMIES as string[]).includes(value);
}

export function register(program: Command): void {
  const term = program.command('term').description('Manage categories and tags');

  term
    .command('add <taxonomy> <name>')
    .description('Create a category or a tag')
    .option('--parent <id>', 'parent category id (categories only)')
    .option('--slug <slug>', 'slug; made from the name when absent')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .action(async (taxonomy: string, name: string, opts: { parent?: string; slug?: string; data: string; database?: string }) => {
      if (!isTaxonomy(taxonomy)) {
        console.error(`Error: taxonomy must be one of ${TAXONOMIES.join(', ')}, not "${taxonomy}".`);
        process.exitCode = 1;
        return;
      }
      // Saved as the REST routes save a name (WordPress's pre_term_name filters run for WP-CLI too).
      const cleanName = cleanTermName(name);
      if (!cleanName) {
        console.error('Error: the name is empty once its markup is removed.');
        process.exitCode = 1;
        return;
      }
      const parent = opts.parent === undefined ? 0 : Number(opts.parent);
      if (!Number.isInteger(parent) || parent < 0 || (parent && taxonomy !== 'category')) {
        console.error('Error: --parent takes the id of an existing category, and only for categories.');
        process.exitCode = 1;
        return;
      }
      const { db, close } = await openDatabase(databaseTarget(opts));
      try {
        await defaultCategory(db);
        if (parent) {
          const found = await db.selectFrom('terms').select('id').where('id', '=', parent).where('taxonomy', '=', 'category').executeTakeFirst();
          if (!found) {
            console.error(`Error: no category with id ${parent}.`);
            process.exitCode = 1;
            return;
          }
        }
        const row = await addTerm(db, { taxonomy, name: cleanName, slug: opts.slug, parent });
        console.log(`Created ${taxonomy} "${row.name}" (id ${row.id}, slug ${row.slug}).`);
      } finally {
        await close();
      }
    });

  term
    .command('list')
    .description('List categories and tags')
    .option('--taxonomy <taxonomy>', 'only category or only post_tag')
    .option('--json', 'print JSON')
    .option('--data <dir>', 'data folder of the site', './data')
    .addOption(databaseOption())
    .action(async (opts: { taxonomy?: string; json?: boolean; data: string; database?: string }) => {
      if (opts.taxonomy && !isTaxonomy(opts.taxonomy)) {
        console.error(`Error: --taxonomy must be one of ${TAXONOMIES.join(', ')}.`);
        process.exitCode = 1;
        return;
      }
      const { db, close } = await openDatabase(databaseTarget(opts));
      try {
        await defaultCategory(db);
        const rows = await listTerms(db, opts.taxonomy as Taxonomy | undefined);
        if (opts.json) console.log(JSON.stringify(rows, null, 2));
        else for (const r of rows) console.log(`${String(r.id).padStart(4)}  ${r.taxonomy.padEnd(9)} ${r.slug.padEnd(24)} ${r.name}  (parent ${r.parent}, ${r.count} posts)`);
      } finally {
        await close();
      }
    });
}
