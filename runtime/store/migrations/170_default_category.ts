/**
 * The default category a fresh WordPress site ships: "Uncategorized" (slug `uncategorized`), the
 * category posts get when saved without one, named by the `default_category` option. On a new
 * database it is the first term, id 1, as in WordPress; a database that has terms already gets
 * it with the next id, unless it has an `uncategorized` category, which becomes the default.
 */
import type { Kysely, Migration } from 'kysely';

export const defaultCategory: Migration = {
  async up(db: Kysely<any>) {
    const option = await db.selectFrom('options').select('value').where('name', '=', 'default_category').executeTakeFirst();
    const existing = await db.selectFrom('terms').select('id').where('taxonomy', '=', 'category').where('slug', '=', 'uncategorized').executeTakeFirst();
    const id = existing
      ? Number(existing.id)
      : Number((await db.insertInto('terms').values({ taxonomy: 'category', name: 'Uncategorized', slug: 'uncategorized', description: '', parent: 0, count: 0 }).returning('id').executeTakeFirstOrThrow()).id);
    if (!option) await db.insertInto('options').values({ name: 'default_category', value: JSON.stringify(id) }).execute();
  },
  async down() {
    // The category is content from then on: it stays.
  },
};
