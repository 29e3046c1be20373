/**
 * Whether a slug counter's numbers have no gap: `dense` is 1 when every `base-N` from 2 to the
 * counter's `highest` is held by some item of its scope. Then the slug WordPress would show for an
 * item titled alike (generated_slug, runtime/content/slugs.ts) is known from the counter and a
 * lookup or two, where it otherwise reads every numbered slug of the title (with many posts
 * titled alike, a visible share of a batch of creates).
 *
 * Only a slug that goes away can open a gap: a post deleted, or its slug, type or parent changed
 * (trashing renames it `…__trashed`). A trigger clears `dense` for the base of any numbered slug
 * that goes, in every scope (which scope it left does not matter: clearing too much only costs a
 * read). The flag is set by the code that reads all numbers anyway (slugs.ts nextFromSlugs), in
 * the same transaction as the counter, so a rollback takes both back.
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/** SQLite: `slug` is `<base>-<digits, the first not 0>`, with a base of at least one character. */
const NUMBERED = (slug: string) => `(rtrim(${slug}, '0123456789') GLOB '?*-' AND substr(${slug}, length(rtrim(${slug}, '0123456789')) + 1, 1) BETWEEN '1' AND '9')`;
const BASE = (slug: string) => `substr(${slug}, 1, length(rtrim(${slug}, '0123456789')) - 1)`;
const CLEAR = `UPDATE slug_counters SET dense = 0 WHERE base = ${BASE('old.slug')} AND dense = 1;`;

export const slugCountersDense: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('slug_counters').addColumn('dense', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('slug_counters_base').on('slug_counters').column('base').execute();
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`CREATE FUNCTION posts_slug_released() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE released text;
        BEGIN
          IF TG_OP = 'UPDATE' AND NEW.slug IS NOT DISTINCT FROM OLD.slug AND NEW.type IS NOT DISTINCT FROM OLD.type AND NEW.parent IS NOT DISTINCT FROM OLD.parent THEN
            RETURN NULL;
          END IF;
          released := substring(OLD.slug from '^(.+)-[1-9][0-9]*$');
          IF released IS NOT NULL THEN
            UPDATE slug_counters SET dense = 0 WHERE base = released AND dense = 1;
          END IF;
          RETURN NULL;
        END $$`.execute(db);
      await sql`CREATE TRIGGER posts_slug_released AFTER DELETE OR UPDATE OF slug, type, parent ON posts FOR EACH ROW EXECUTE FUNCTION posts_slug_released()`.execute(db);
      return;
    }
    await sql.raw(`CREATE TRIGGER posts_slug_released_delete AFTER DELETE ON posts WHEN ${NUMBERED('old.slug')} BEGIN ${CLEAR} END`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER posts_slug_released_update AFTER UPDATE OF slug, type, parent ON posts
         WHEN ${NUMBERED('old.slug')} AND (old.slug IS NOT new.slug OR old.type IS NOT new.type OR old.parent IS NOT new.parent) BEGIN ${CLEAR} END`,
      )
      .execute(db);
  },
  async down(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`DROP FUNCTION posts_slug_released() CASCADE`.execute(db);
    } else {
      await sql`DROP TRIGGER posts_slug_released_delete`.execute(db);
      await sql`DROP TRIGGER posts_slug_released_update`.execute(db);
    }
    await db.schema.dropIndex('slug_counters_base').execute();
    await db.schema.alterTable('slug_counters').dropColumn('dense').execute();
  },
};
