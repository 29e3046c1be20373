/**
 * The generated client of the studio deployment against a live test server: typed calls,
 * application-password auth, pagination over X-WP-TotalPages, and errors as SpecpressError.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { SpecpressError, createClient, type Client } from '../../output/deployments/studio/client.ts';

let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  const editor = server.users.editor;
  client = createClient({ restUrl: server.restUrl, auth: { kind: 'application-password', username: editor.login, password: editor.appPassword! } });
});

afterAll(async () => {
  await server?.close();
});

describe('generated client against the server', () => {
  it('creates, reads and lists posts with typed results', async () => {
    const created = await client.core.posts.create({ title: { raw: 'From the client' }, status: 'publish' });
    expect(typeof created.id).toBe('number');
    const read = await client.core.posts.get({ id: created.id!, context: 'edit' });
    expect(read.title?.raw).toBe('From the client');
    const listed = await client.core.posts.list({ per_page: 100 });
    expect(listed.map((p) => p.id)).toContain(created.id);
  });

  it('walks every page of a collection', async () => {
    for (const n of [1, 2, 3]) await client.core.posts.create({ title: { raw: `Paged ${n}` }, status: 'publish' });
    const pages = [];
    for await (const page of client.core.posts.listPages({ per_page: 2, search: 'Paged' })) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([2, 1]);
    expect(pages[0].total).toBe(3);
    expect(pages[0].totalPages).toBe(2);
    const all = await client.core.posts.listAll({ per_page: 2, search: 'Paged' });
    expect(all.map((p) => p.title?.rendered).sort()).toEqual(['Paged 1', 'Paged 2', 'Paged 3']);
  });

  it('uploads a file as multipart form data', async () => {
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } }).png().toBuffer();
    const created = await client.core.media.create({ alt_text: 'A blue block' }, { file: { data: new Blob([png], { type: 'image/png' }), filename: 'blue.png' } });
    expect(created).toMatchObject({ alt_text: 'A blue block', mime_type: 'image/png' });
  });

  it('throws SpecpressError carrying the code, status and data the server sent', async () => {
    const error = await client.core.posts.get({ id: 999999 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpecpressError);
    expect(error).toMatchObject({ code: 'rest_post_invalid_id', status: 404, data: { status: 404 } });
    const invalid = await client.core.posts.list({ per_page: 1000 }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: 'rest_invalid_param', status: 400 });
  });
});
