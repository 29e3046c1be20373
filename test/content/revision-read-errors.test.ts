/**
 * A revision read that fails on the revision itself (missing, or another post's) is the handler's
 * 404 after a passed permission check, so Allow still offers GET, as WordPress answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
let post = 0;
let other = 0;
let revision = 0;
beforeAll(async () => {
  s = await startContentServer();
  post = (await s.call('administrator', 'POST', '/core/v2/posts', { title: 'One', status: 'publish' })).body.id;
  other = (await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Two', status: 'publish' })).body.id;
  await s.call('administrator', 'POST', `/core/v2/posts/${post}`, { title: 'One again' });
  revision = (await s.call('administrator', 'GET', `/core/v2/posts/${post}/revisions`)).body[0].id;
});
afterAll(async () => s?.close());

describe('revision read errors', () => {
  it('a missing revision is 404 rest_post_invalid_id with Allow: GET', async () => {
    const res = await s.call('administrator', 'GET', `/core/v2/posts/${post}/revisions/99999999`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_post_invalid_id');
    expect(res.headers.get('allow')).toBe('GET');
  });

  it("another post's revision is 404 rest_revision_parent_id_mismatch", async () => {
    const res = await s.call('administrator', 'GET', `/core/v2/posts/${other}/revisions/${revision}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_revision_parent_id_mismatch');
  });
});
