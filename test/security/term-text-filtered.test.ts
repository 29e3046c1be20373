/**
 * Category and tag names and descriptions are saved through WordPress's filters (issue 27,
 * part 5): pre_term_name (plain text, `&` `<` `>` as entities) and pre_term_description
 * (wp_filter_kses). WordPress's default filters run these for every writer, administrators
 * included (the 6.8 oracle strips an administrator's `<script>` from a category description
 * while it keeps one in the same administrator's post), and for the command line too.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { childEnv, testDatabaseFor } from '../../runtime/testing/test-database.ts';

const run = promisify(execFile);
const bin = new URL('../../bin/specpress.js', import.meta.url).pathname;

let server: TestServer;
let database: Awaited<ReturnType<typeof testDatabaseFor>>;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  // The command line works on the server's own database (the test database of its data folder).
  database = await testDatabaseFor(server.dataDir);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const DESCRIPTION = '<script>alert(1)</script><b>b</b><a href="http://x/" onclick="y()">l</a><img src=x onerror=alert(2)><p>p</p>';

async function createTerm(taxonomy: 'categories' | 'tags', body: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${server.restUrl}/core/v2/${taxonomy}?context=edit`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return res.json();
}

function expectNothingRuns(text: string): void {
  expect(text).not.toMatch(/<script|onclick|onerror|<img/i);
}

describe('terms written over REST', () => {
  it("are filtered for an administrator: a category's name and description", async () => {
    const made = await createTerm('categories', { name: 'News<script>alert(1)</script> & <b>more</b>', description: DESCRIPTION });
    expect(made.name).toBe('News &amp; more');
    expectNothingRuns(made.description);
    expect(made.description).toContain('<b>b</b>');
    expect(made.description).toContain('<a href="http://x/">l</a>');
    // Read by anyone, as a theme prints it.
    const read = await (await fetch(`${server.restUrl}/core/v2/categories/${made.id}`)).json();
    expect(read.name).toBe('News &amp; more');
    expectNothingRuns(read.description);
  });

  it("are filtered on update, and for tags", async () => {
    const tag = await createTerm('tags', { name: '<i>Tagged</i>', description: DESCRIPTION });
    expect(tag.name).toBe('Tagged');
    expectNothingRuns(tag.description);
    const res = await fetch(`${server.restUrl}/core/v2/tags/${tag.id}?context=edit`, {
      method: 'POST',
      headers: server.jsonHeaders('administrator'),
      body: JSON.stringify({ name: 'Re<script>x</script>named <u>now</u>', description: '<svg onload=alert(1)>s</svg>ok' }),
    });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated.name).toBe('Renamed now');
    expect(updated.description).not.toMatch(/<svg|onload/i);
  });
});

describe('terms written by `specpress term add`', () => {
  it('are saved as the REST routes save them', async () => {
    const added = await run('node', [bin, 'term', 'add', 'category', 'Cli<script>alert(1)</script> <b>made</b> & co', '--data', server.dataDir], { env: childEnv(database) });
    const id = Number(/id (\d+)/.exec(added.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);
    const read = await (await fetch(`${server.restUrl}/core/v2/categories/${id}`)).json();
    expect(read.name).toBe('Cli made &amp; co');
    expect(read.slug).toBe('cli-made-co');
  }, 60_000);

  it('refuses a name that is empty once its markup is gone', async () => {
    const failed = await run('node', [bin, 'term', 'add', 'post_tag', '<script>x</script>', '--data', server.dataDir], { env: childEnv(database) }).catch((e: { stderr: string; code: number }) => e);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stderr).toContain('empty');
  }, 60_000);
});
