/**
 * The full-text index (072) again, each column indexed with one mark character after its text,
 * so that a two-character search term can be found through the index too. A trigram index holds
 * every three characters of a text: a two-character term that is followed by anything shows up
 * as the first two of a trigram, but one at the very end of a column ("Post number 42") is in
 * none. With a mark after every column, every occurrence is followed by something, so the
 * trigrams that begin with the term list every post holding it (runtime/store/sqlite/fulltext.ts).
 * The mark only ever adds trigrams: what the index returns stays a superset of what WordPress's
 * LIKE finds, which decides.
 *
 * The index reads its text from a view that adds the mark (external content, for 'rebuild'), and
 * the triggers add it the same way. SQLite only (a no-op on PostgreSQL).
 */
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/** U+0001: a control character no text is searched for; any one character would do. */
const MARK = 'char(1)';
const COLUMNS = 'title, content, excerpt';
export const marked = (row: 'new' | 'old') => `${row}.title || ${MARK}, ${row}.content || ${MARK}, ${row}.excerpt || ${MARK}`;
const plain = (row: 'new' | 'old') => `${row}.title, ${row}.content, ${row}.excerpt`;

/** The triggers that index every write of posts at once, with `values` per row (migration 140 puts them back when it goes down). */
export function immediateTriggers(values: (row: 'new' | 'old') => string): string[] {
  return [
    `CREATE TRIGGER posts_fts_after_insert AFTER INSERT ON posts BEGIN
       INSERT INTO posts_fts(rowid, ${COLUMNS}) VALUES (new.id, ${values('new')}); END`,
    `CREATE TRIGGER posts_fts_after_delete AFTER DELETE ON posts BEGIN
       INSERT INTO posts_fts(posts_fts, rowid, ${COLUMNS}) VALUES ('delete', old.id, ${values('old')}); END`,
    `CREATE TRIGGER posts_fts_after_update AFTER UPDATE OF title, content, excerpt ON posts BEGIN
       INSERT INTO posts_fts(posts_fts, rowid, ${COLUMNS}) VALUES ('delete', old.id, ${values('old')});
       INSERT INTO posts_fts(rowid, ${COLUMNS}) VALUES (new.id, ${values('new')}); END`,
  ];
}

/** The index, its triggers and its vocabulary table, reading from `source` with `values` per row. */
function statements(source: string, values: (row: 'new' | 'old') => string): string[] {
  return [
    `CREATE VIRTUAL TABLE posts_fts USING fts5(${COLUMNS}, content='${source}', content_rowid='id', tokenize='trigram')`,
    `INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')`,
    ...immediateTriggers(values),
    `CREATE VIRTUAL TABLE posts_fts_vocab USING fts5vocab(posts_fts, row)`,
  ];
}

const DROP = ['DROP TABLE posts_fts_vocab', 'DROP TRIGGER posts_fts_after_insert', 'DROP TRIGGER posts_fts_after_delete', 'DROP TRIGGER posts_fts_after_update', 'DROP TABLE posts_fts'];

export const postsFulltextEndMark: Migration = {
  async up(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    await sql.raw(`CREATE VIEW posts_fts_source(id, ${COLUMNS}) AS SELECT id, title || ${MARK}, content || ${MARK}, excerpt || ${MARK} FROM posts`).execute(db);
    for (const statement of [...DROP, ...statements('posts_fts_source', marked)]) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<any>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) return;
    for (const statement of [...DROP, ...statements('posts', plain), 'DROP VIEW posts_fts_source']) await sql.raw(statement).execute(db);
  },
};
