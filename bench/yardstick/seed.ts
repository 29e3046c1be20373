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

export function seedFloor(file: string, count: number): void {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE posts (id INTEGER PRIMARY KEY, date TEXT NOT NULL, slug TEXT NOT NULL, status TEXT NOT NULL,
    title TEXT NOT NULL, content TEXT NOT NULL, excerpt TEXT NOT NULL, category INTEGER NOT NULL);
    CREATE INDEX posts_status_date ON posts (status, date, id);`);
  const insert = db.prepare('INSERT INTO posts (id, date, slug, status, title, content, excerpt, category) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const all = db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const p = fixturePost(i);
      insert.run(i + 1, p.date, p.slug, p.status, renderTitle(p.title), renderContent(p.content), renderExcerpt(p.excerpt, p.content), p.category + 2);
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
