/**
 * "No lost data": a write that answers an error must leave everything as it was. Each write
 * endpoint that acts on a seeded post, page, form or entry receives each declared arg with the
 * hostile values most likely to be refused, one request at a time; after every error answer the
 * rows of those records (posts, their revisions, meta, terms, entries) are compared with before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { HOSTILE_VALUES } from './hostile-values.ts';
import { samplePath } from './route-samples.ts';
import { idsFor, seedSite, type SeededIds } from './seed-site.ts';

let server: TestServer;
let ids: SeededIds;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  ids = await seedSite(server);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const REFUSED = new Set(['object', 'huge string', 'NaN', 'unpaired surrogate', 'deep object', 'negative number']);
const WRITES = new Set(['POST', 'DELETE']);

/** Everything stored about the seeded records, as one comparable value. */
async function snapshot(): Promise<string> {
  const db = server.app.db;
  const posts = [ids.post, ids.page, ids.revisedPost, ids.revisedPage, ids.media, ids.form];
  const rows = await Promise.all([
    db.selectFrom('posts').selectAll().where((eb) => eb.or([eb('id', 'in', posts), eb('parent', 'in', posts)])).orderBy('id').execute(),
    db.selectFrom('postmeta').selectAll().where('post_id', 'in', posts).orderBy('id').execute(),
    db.selectFrom('term_relationships').selectAll().where('post_id', 'in', posts).orderBy('post_id').orderBy('term_id').execute(),
    db.selectFrom('form_entries').selectAll().where('id', '=', ids.entry).execute(),
  ]);
  return JSON.stringify(rows);
}

describe('error answers change nothing', () => {
  it('refused writes to seeded posts, pages, media, forms and entries leave their rows as they were', async () => {
    const problems: string[] = [];
    const headers = { ...server.authHeaders('administrator'), 'content-type': 'application/json' };
    let before = await snapshot();
    let sent = 0;
    for (const route of server.app.routes) {
      const overrides = idsFor(route.path, ids);
      if (route.captures.length === 0 || !route.captures.every((c) => overrides[c.name])) continue;
      const path = samplePath(route, overrides)!;
      for (const endpoint of route.endpoints) {
        const method = endpoint.methods.find((m) => WRITES.has(m));
        if (!method) continue;
        for (const name of Object.keys(endpoint.args)) {
          for (const v of HOSTILE_VALUES.filter((h) => REFUSED.has(h.name))) {
            const res = await fetch(`${server.restUrl}${path}`, { method, headers, body: JSON.stringify({ [name]: v.value }) });
            sent++;
            const code = res.status >= 400 ? ((await res.json()) as { code: string }).code : (await res.arrayBuffer(), '');
            const after = await snapshot();
            if (res.status >= 400 && after !== before) problems.push(`${method} ${path} ${name} = ${v.name}: answered ${res.status} ${code} but changed stored data`);
            before = after;
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  }, 60_000);
});
