/**
 * PostgreSQL's term counts, changed at COMMIT. Every create published into a category raises
 * that term's `count`; raised where the create happens, the term's row stays locked until the
 * writer commits, and every other writer into the same category (on a site, nearly all of them:
 * the default category) waits for it. So a writer only notes, in a transaction-local setting,
 * which terms move and how (`note_term_counts`), and a deferred constraint trigger applies the
 * notes at COMMIT: the row is held only while the transaction commits, and the counts still
 * change in the transaction that changes the posts.
 *
 * A note is `id:n` (raise by n: a new post published into the term) or `id:r` (recount: any other
 * change). At commit each term moves once, in id order (two commits never wait for each other in
 * a cycle): every noted term is locked first, then a recount counts in a statement of its own,
 * which sees every writer that committed while this one waited (a PL/pgSQL function takes a
 * fresh snapshot per statement under READ COMMITTED). A recount supersedes the raises of the
 * same term, since it counts this transaction's rows too. What WordPress counts is kept as
 * runtime/content/terms.ts counted it: posts of status `publish`.
 *
 * The deferred trigger fires on the writes every count change comes with (a post written, a
 * relationship added or removed); it is named to sort before `…_flush_cache_version`, so on one
 * event the counts move first and the cache versions the `terms` update notes are bumped by the
 * same flush. A savepoint rolled back takes its notes with it (the setting is transaction-local).
 *
 * Down (the behaviour before this file): `note_term_counts` applies its notes at once, locking
 * the rows until the commit.
 */

/** The transaction-local setting holding the notes: `id:n,id:r,…,`. */
const PENDING = 'specpress.term_counts';

/** Tables whose writes queue the deferred trigger, and on which events. */
const FIRED_BY = { posts: 'INSERT OR UPDATE OR DELETE', term_relationships: 'INSERT OR DELETE' } as const;

const triggerName = (table: string) => `${table}_count_terms_at_commit`;

/** Applies notes (`id:n` or `id:r`, comma-separated): every term locked in id order, then raised or recounted once. */
const APPLY = `CREATE OR REPLACE FUNCTION apply_term_counts(notes text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE change record;
BEGIN
  IF notes IS NULL OR trim(both ',' from notes) = '' THEN RETURN; END IF;
  PERFORM 1 FROM terms WHERE id IN (SELECT split_part(note, ':', 1)::bigint FROM unnest(string_to_array(trim(both ',' from notes), ',')) AS note)
    ORDER BY id FOR UPDATE;
  FOR change IN
    SELECT split_part(note, ':', 1)::bigint AS term_id, bool_or(split_part(note, ':', 2) = 'r') AS recount,
           sum(CASE WHEN split_part(note, ':', 2) = 'r' THEN 0 ELSE split_part(note, ':', 2)::bigint END) AS more
    FROM unnest(string_to_array(trim(both ',' from notes), ',')) AS note GROUP BY 1 ORDER BY 1
  LOOP
    IF change.recount THEN
      UPDATE terms SET count = (SELECT count(*) FROM term_relationships r JOIN posts p ON p.id = r.post_id
        WHERE r.term_id = change.term_id AND p.status = 'publish') WHERE id = change.term_id;
    ELSIF change.more <> 0 THEN
      UPDATE terms SET count = count + change.more WHERE id = change.term_id;
    END IF;
  END LOOP;
END $$`;

const NOTE_AT_COMMIT = `CREATE OR REPLACE FUNCTION note_term_counts(notes text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('${PENDING}', coalesce(current_setting('${PENDING}', true), '') || notes || ',', true);
END $$`;

const NOTE_AT_ONCE = `CREATE OR REPLACE FUNCTION note_term_counts(notes text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_term_counts(notes);
END $$`;

const FLUSH = `CREATE OR REPLACE FUNCTION flush_term_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE notes text := nullif(current_setting('${PENDING}', true), '');
BEGIN
  IF notes IS NOT NULL THEN
    PERFORM set_config('${PENDING}', '', true);
    PERFORM apply_term_counts(notes);
  END IF;
  RETURN NULL;
END $$`;

/** Statements that make counts change at COMMIT. */
export function termCountsAtCommitStatements(): string[] {
  return [
    APPLY,
    NOTE_AT_COMMIT,
    FLUSH,
    ...Object.entries(FIRED_BY).flatMap(([table, events]) => [
      `DROP TRIGGER IF EXISTS ${triggerName(table)} ON ${table}`,
      `CREATE CONSTRAINT TRIGGER ${triggerName(table)} AFTER ${events} ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION flush_term_counts()`,
    ]),
  ];
}

/** Statements that make counts change where noted, the rows locked until the commit (the down). */
export function termCountsAtOnceStatements(): string[] {
  return [APPLY, NOTE_AT_ONCE, ...Object.keys(FIRED_BY).map((table) => `DROP TRIGGER IF EXISTS ${triggerName(table)} ON ${table}`), 'DROP FUNCTION IF EXISTS flush_term_counts()'];
}
