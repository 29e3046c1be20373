/**
 * A post may not be saved with title, content and excerpt all empty (wp_insert_post's
 * empty_content); a page may, having no excerpt to check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
});
afterAll(async () => s?.close());

describe('empty posts', () => {
  it('creating a post with nothing to show is 400 empty_content', async () => {
    for (const body of [{}, { status: 'draft' }, { title: { raw: '' }, content: '' }, { title: ['a'] }, { title: '0' }]) {
      const res = await s.call('administrator', 'POST', '/core/v2/posts', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'empty_content', message: 'Content, title, and excerpt are empty.', data: { status: 400 } });
    }
  });

  it('emptying every text of a post is refused; one text left is enough', async () => {
    const made = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Has a title' });
    expect((await s.call('administrator', 'POST', `/core/v2/posts/${made.body.id}`, { title: '' })).body.code).toBe('empty_content');
    expect((await s.call('administrator', 'POST', `/core/v2/posts/${made.body.id}`, { title: '', excerpt: 'kept' })).status).toBe(200);
  });

  it('an empty page is created', async () => {
    expect((await s.call('administrator', 'POST', '/core/v2/pages', { status: 'draft' })).status).toBe(201);
  });
});
