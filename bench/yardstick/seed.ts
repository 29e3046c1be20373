/**
 * Puts the fixture posts into the floor's database and into a specpress data folder. specpress
 * gets them straight into its store (through its own Kysely schema and term helpers), the way
 * an import would, so 100,000 posts take seconds; the floor stores the same text rendered once
 * with specpress's own renderer, so both servers send the same bytes for the same post.
 */
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../runtime/store/open-database.ts';
import { databaseFile } from '../../runtime/store/paths.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';
import { addTerm, refreshCounts } from '../../runtime/content/terms.ts';
import { renderContent, renderExcerpt, renderTitle } from '../../runtime/content/render/index.ts';
import { FIXTURE_CATEGORIES, fixturePost } from './fixture.ts';

const CHUNK = 1_000;

/**
 * The floor's store, as little as a WordPress-shaped post store can be for the floor's routes:
 * the raw text as given (what an edit or a re-render needs) and the same text rendered once;
 * wp_posts' type_status_date index (the list) and a slug index (the uniqueness check of a
 * create; (type, slug) so the lookup needs no table row); categories in `category` (what the
 * reads send) and as term relationships (where a create puts a post, as WordPress does).
 * The category ids follow WordPress's: 1 is Uncategorized, the fixture's start at 2.
 */
export function seedFloor(file: string, count: number): void {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE posts (id INTEGER PRIMARY KEY, type TEXT NOT NULL DEFAULT 'post', date TEXT NOT NULL, slug TEXT NOT NULL,
    status TEXT NOT NULL, title TEXT NOT NULL, content TEXT NOT NULL, excerpt TEXT NOT NULL, category INTEGER NOT NULL,
    raw_title TEXT NOT NULL, raw_content TEXT NOT NULL, raw_excerpt TEXT NOT NULL);
    CREATE INDEX posts_type_status_date ON posts (type, status, date, id);
    CREATE INDEX posts_type_slug ON posts (type, slug);
    CREATE TABLE term_relationships (post_id INTEGER NOT NULL, term_id INTEGER NOT NULL, PRIMARY KEY (post_id, term_id)) WITHOUT ROWID;`);
  const insert = db.prepare(`INSERT INTO posts (id, type, date, slug, status, title, content, excerpt, category, raw_title, raw_content, raw_excerpt)
    VALUES (?, 'post', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const relate = db.prepare('INSERT INTO term_relationships (post_id, term_id) VALUES (?, ?)');
  const all = db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const p = fixturePost(i);
      const category = p.category + 2;
      insert.run(i + 1, p.date, p.slug, p.status, renderTitle(p.title), renderContent(p.content), renderExcerpt(p.excerpt, p.content), category, p.title, p.content, p.excerpt);
      relate.run(i + 1, category);
    }
  });
  all();
  db.close();
}

/** Inserts the posts (author: the first administrator, id 1) and their categories; returns the category ids in fixture order. */
export async function seedSpecpress(dataDir: string, count: number, siteUrl: string): Promise<number[]> {
  const { db, close } = await openDatabase(databaseFile(dataDir));
  try {
    const categories: number[] = [];
    for (const name of FIXTURE_CATEGORIES) categories.push((await addTerm(db, { taxonomy: 'category', name })).id);
    for (let chunk = 0; chunk < count; chunk += CHUNK) {
      await db.transaction().execute(async (trx) => {
        const rows = [];
        const cats: number[] = [];
        for (let i = chunk; i < Math.min(count, chunk + CHUNK); i++) {
          const p = fixturePost(i);
          rows.push({ ...BLANK_POST, author: 1, status: p.status, slug: p.slug, title: p.title, content: p.content, excerpt: p.excerpt,
            date: p.date, date_gmt: p.date, modified: p.date, modified_gmt: p.date, guid: '' });
          cats.push(categories[p.category]);
        }
        const ids = await trx.insertInto('posts').values(rows).returning('id').execute();
        for (const { id } of ids) await trx.updateTable('posts').set({ guid: `${siteUrl}/?p=${id}` }).where('id', '=', id).execute();
        await trx.insertInto('term_relationships').values(ids.map((r, k) => ({ post_id: r.id, term_id: cats[k] }))).execute();
      });
    }
    await refreshCounts(db, categories);
    return categories;
  } finally {
    await close();
  }
}
