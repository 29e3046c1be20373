/**
 * Which rows the revisions of a post are, as WordPress 6.1 counts them: an autosave is listed
 * and counted among them, and trashing (an update to WordPress) stores the first revision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
});
afterAll(async () => s?.close());

const publish = async (title: string) => (await s.call('administrator', 'POST', '/core/v2/posts', { title, content: 'a', status: 'publish' })).body.id as number;

describe('revision rows', () => {
  it('a new post has none; its autosave is listed and counted as a revision', async () => {
    const id = await publish('Counted');
    expect((await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions`)).body).toEqual([]);
    const auto = await s.call('administrator', 'POST', `/core/v2/posts/${id}/autosaves`, { title: 'Counted', content: 'b' });
    const list = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions`);
    expect(list.body.map((r: { id: number }) => r.id)).toEqual([auto.body.id]);
    expect(list.headers.get('x-wp-total')).toBe('1');
    const post = await s.call('administrator', 'GET', `/core/v2/posts/${id}`);
    expect(post.body._links['version-history'][0].count).toBe(1);
    expect(post.body._links['predecessor-version'][0].id).toBe(auto.body.id);
  });

  it('trashing a post without revisions stores one', async () => {
    const id = await publish('Binned');
    const trashed = await s.call('administrator', 'DELETE', `/core/v2/posts/${id}`);
    expect(trashed.body._links['version-history'][0].count).toBe(1);
    const list = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?context=edit`);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].title.raw).toBe('Binned');
  });
});
