/**
 * Objects the generated permission suites act on, and the request paths that name them. Each
 * post type (post, page, attachment) gets one published item owned by the administrator, with
 * a revision and an autosave, so that "edit another's published post" decides every object
 * rule the same way WordPress does for the same situation.
 */
import type { App } from '../rest/types.ts';
import { isMediaType, POST_TYPE_NAMES, postTypeEntry, publicStatusOf, type PostTypeName } from '../../contract/post-types.ts';

export interface ObjectFixture {
  id: number;
  revision: number;
  autosave: number;
}

/** One set per registered type (createPermissionFixtures makes them all; a hand-made set may name fewer). */
export type PermissionFixtures = Partial<Record<PostTypeName, ObjectFixture>> & {
  /** A term of each taxonomy with routes (category, tag, pattern category), by route segment, for the `<id>` of the terms routes. */
  terms?: Record<string, number>;
};

function dbNow(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

interface FixtureRow {
  type: string;
  status: string;
  parent: number;
  slug: string;
  mime?: string;
}

/**
 * Writes `rows` in one statement and answers their ids by slug (each slug is new). One statement
 * per kind of object, not one per object: the generated suites make a set per case, over a
 * thousand sets a run, and on PostgreSQL every statement is a round trip.
 */
async function insertPosts(app: App, author: number, rows: FixtureRow[]): Promise<Map<string, number>> {
  const now = dbNow(app.now());
  const written = await app.db.insertInto('posts').values(rows.map((fields) => ({
    author, type: fields.type, status: fields.status, slug: fields.slug, title: 'Permission fixture', content: '<p>Fixture</p>',
    excerpt: '', password: '', parent: fields.parent, menu_order: 0, comment_status: 'open', ping_status: 'open', format: 'standard',
    template: '', mime_type: fields.mime ?? '', guid: '', date: now, date_gmt: now, modified: now, modified_gmt: now, comment_count: 0,
  }))).returning(['id', 'slug']).execute();
  return new Map(written.map((row) => [String(row.slug), Number(row.id)]));
}

let serial = 0;

/** The term made for each taxonomy with routes: its route segment, taxonomy and slug word. */
const TERM_FIXTURES = [
  { route: 'categories', taxonomy: 'category', label: 'category' },
  { route: 'tags', taxonomy: 'post_tag', label: 'tag' },
  { route: 'wp_pattern_category', taxonomy: 'wp_pattern_category', label: 'pattern-category' },
] as const;

export async function createPermissionFixtures(app: App, ownerId: number): Promise<PermissionFixtures> {
  const n = ++serial;
  const types = POST_TYPE_NAMES as PostTypeName[];
  const slugOf = (type: string) => `fixture-${type}-${n}`;
  const items = await insertPosts(app, ownerId, types.map((type) => ({ type, status: publicStatusOf(type), parent: 0, slug: slugOf(type), mime: isMediaType(type) ? 'image/png' : undefined })));
  const idOf = (type: string) => items.get(slugOf(type))!;
  // Each item's revision before its autosave, as when they were written one by one.
  const children = await insertPosts(app, ownerId, types.flatMap((type) => [
    { type: 'revision', status: 'inherit', parent: idOf(type), slug: `${idOf(type)}-revision-v1` },
    { type: 'revision', status: 'inherit', parent: idOf(type), slug: `${idOf(type)}-autosave-v1` },
  ]));
  const out = {} as PermissionFixtures;
  for (const type of types) out[type] = { id: idOf(type), revision: children.get(`${idOf(type)}-revision-v1`)!, autosave: children.get(`${idOf(type)}-autosave-v1`)! };
  const slugOfTerm = (term: (typeof TERM_FIXTURES)[number]) => `fixture-${term.label}-${n}`;
  const terms = await app.db.insertInto('terms')
    .values(TERM_FIXTURES.map((term) => ({ taxonomy: term.taxonomy, name: slugOfTerm(term), slug: slugOfTerm(term), description: '', parent: 0, count: 0 })))
    .returning(['id', 'slug']).execute();
  const termIds = new Map(terms.map((row) => [String(row.slug), Number(row.id)]));
  out.terms = Object.fromEntries(TERM_FIXTURES.map((term) => [term.route, termIds.get(slugOfTerm(term))!]));
  return out;
}

const SAMPLE_CAPTURES = ['1', 'sample', 'a', 'abc', 'a-b', 'abc123', 'A'];

/** The route segment before `/<id>` (`categories` of `/core/v2/categories/<id>`). */
function termBase(path: string): string {
  return /\/([\w-]+)\/<id>$/.exec(path)?.[1] ?? '';
}

/**
 * Fills a spec path (`/core/v2/posts/<parent>/revisions/<id>`) with the fixture ids its
 * captures mean: on a route serving `postType` (the spec's `postType:`), that type's item, its
 * revision or its autosave; other captures get the value given in `samples`, else the first
 * sample value their pattern accepts.
 */
export function fillPath(path: string, captures: Array<{ name: string; pattern: string }>, fx: PermissionFixtures, samples: Record<string, string> = {}, postType?: string): string {
  const set = postType !== undefined && postTypeEntry(postType) ? fx[postType as PostTypeName] : undefined;
  let out = path;
  for (const capture of captures) {
    let value: string | undefined;
    if (set && capture.name === 'parent') value = String(set.id);
    else if (set && capture.name === 'id') {
      if (/\/revisions\/<id>/.test(path)) value = String(set.revision);
      else if (/\/autosaves\/<id>/.test(path)) value = String(set.autosave);
      else value = String(set.id);
    } else if (capture.name === 'id' && fx.terms?.[termBase(path)] !== undefined) {
      value = String(fx.terms[termBase(path)]);
    } else if (samples[capture.name] !== undefined) {
      value = samples[capture.name];
    } else {
      const re = new RegExp(`^(?:${capture.pattern})$`);
      value = SAMPLE_CAPTURES.find((c) => re.test(c));
    }
    if (value === undefined) throw new Error(`no sample value for <${capture.name}> (${capture.pattern}) in ${path}`);
    out = out.replace(`<${capture.name}>`, value);
  }
  return out;
}
