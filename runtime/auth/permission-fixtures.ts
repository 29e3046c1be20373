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

async function insert(app: App, fields: { type: string; status: string; author: number; parent: number; slug: string; mime?: string }): Promise<number> {
  const now = dbNow(app.now());
  const row = await app.db.insertInto('posts').values({
    author: fields.author, type: fields.type, status: fields.status, slug: fields.slug, title: 'Permission fixture', content: '<p>Fixture</p>',
    excerpt: '', password: '', parent: fields.parent, menu_order: 0, comment_status: 'open', ping_status: 'open', format: 'standard',
    template: '', mime_type: fields.mime ?? '', guid: '', date: now, date_gmt: now, modified: now, modified_gmt: now, comment_count: 0,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

let serial = 0;

export async function createPermissionFixtures(app: App, ownerId: number): Promise<PermissionFixtures> {
  const out = {} as PermissionFixtures;
  for (const type of POST_TYPE_NAMES as PostTypeName[]) {
    const n = ++serial;
    const id = await insert(app, { type, status: publicStatusOf(type), author: ownerId, parent: 0, slug: `fixture-${type}-${n}`, mime: isMediaType(type) ? 'image/png' : undefined });
    const revision = await insert(app, { type: 'revision', status: 'inherit', author: ownerId, parent: id, slug: `${id}-revision-v1` });
    const autosave = await insert(app, { type: 'revision', status: 'inherit', author: ownerId, parent: id, slug: `${id}-autosave-v1` });
    out[type] = { id, revision, autosave };
  }
  const term = async (taxonomy: string, slug: string) =>
    Number((await app.db.insertInto('terms').values({ taxonomy, name: slug, slug, description: '', parent: 0, count: 0 }).returning('id').executeTakeFirstOrThrow()).id);
  out.terms = {
    categories: await term('category', `fixture-category-${serial}`),
    tags: await term('post_tag', `fixture-tag-${serial}`),
    wp_pattern_category: await term('wp_pattern_category', `fixture-pattern-category-${serial}`),
  };
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
