/**
 * Migration 150 on the engine under test: down takes the column, its index and the triggers away
 * (a delete then leaves the counters alone), and up brings them back, clearing a counter's claim
 * when a numbered slug of its base goes.
 */
import { afterEach, expect, it } from 'vitest';
import { Migrator, type MigrationProvider } from 'kysely';
import { MIGRATIONS, type OpenedDatabase } from '../../runtime/store/open-database.ts';
import { openTestDatabase } from '../../runtime/testing/test-database.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';

let opened: OpenedDatabase | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

const through150: MigrationProvider = { getMigrations: async () => Object.fromEntries(Object.entries(MIGRATIONS).filter(([name]) => name <= '150_slug_counters_dense')) };

it('migration 150 goes down and up again, and its trigger clears the claim of the base a slug left', async () => {
  opened = await openTestDatabase();
  const { db } = opened;
  const migrator = new Migrator({ db, provider: through150 });
  const post = (slug: string) => db.insertInto('posts').values({ ...BLANK_POST, slug, status: 'publish' }).returning('id').executeTakeFirstOrThrow();
  const claim = async () => (await db.selectFrom('slug_counters').select('dense').where('base', '=', 'kept').executeTakeFirstOrThrow()).dense;

  await db.insertInto('slug_counters').values({ scope: 'post', base: 'kept', highest: 3, dense: 1 }).execute();
  const [, second] = [await post('kept'), await post('kept-2'), await post('kept-3')];
  await post('kept-thing');
  await db.deleteFrom('posts').where('slug', '=', 'kept-thing').execute();
  expect(await claim()).toBe(1);
  await db.updateTable('posts').set({ slug: 'kept-2__trashed' }).where('id', '=', second.id).execute();
  expect(await claim()).toBe(0);

  // Back to 150 through the migrations after it (the database was made at the latest), then below it.
  expect((await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo('150_slug_counters_dense')).error).toBeUndefined();
  expect((await migrator.migrateDown()).error).toBeUndefined();
  const columns = (await db.introspection.getTables()).find((t) => t.name === 'slug_counters')!.columns.map((c) => c.name);
  expect(columns).not.toContain('dense');
  await db.deleteFrom('posts').where('slug', '=', 'kept-3').execute();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await db.updateTable('slug_counters').set({ dense: 1 }).where('base', '=', 'kept').execute();
  await db.deleteFrom('posts').where('slug', '=', 'kept').execute();
  expect(await claim()).toBe(1);
  await post('kept-5');
  await db.deleteFrom('posts').where('slug', '=', 'kept-5').execute();
  expect(await claim()).toBe(0);
});
