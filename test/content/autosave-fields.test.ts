/**
 * Which fields an autosave of a published post holds, as WordPress 6.1 keeps them: a new
 * autosave has only what the request sent (the rest empty); a later one updates the sent
 * fields of the existing autosave and keeps its others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
});
afterAll(async () => s?.close());

const fields = (b: any) => ({ title: b.title.raw, content: b.content.raw, excerpt: b.excerpt.raw });

describe('autosave fields', () => {
  it('a first autosave leaves unsent fields empty; a second keeps them from the autosave', async () => {
    const post = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Same', content: 'v1', excerpt: 'ex', status: 'publish' });
    const first = await s.call('administrator', 'POST', `/core/v2/posts/${post.body.id}/autosaves`, { content: 'changed' });
    expect(first.status).toBe(200);
    expect(fields(first.body)).toEqual({ title: '', content: 'changed', excerpt: '' });
    const second = await s.call('administrator', 'POST', `/core/v2/posts/${post.body.id}/autosaves`, { title: 'New' });
    expect(fields(second.body)).toEqual({ title: 'New', content: 'changed', excerpt: '' });
    const live = await s.call('administrator', 'GET', `/core/v2/posts/${post.body.id}?context=edit`);
    expect(fields(live.body)).toEqual({ title: 'Same', content: 'v1', excerpt: 'ex' });
  });

  it('an empty excerpt renders empty in autosaves and revisions, not made from the content', async () => {
    const post = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'No excerpt', content: 'Body words here', status: 'publish' });
    const auto = await s.call('administrator', 'POST', `/core/v2/posts/${post.body.id}/autosaves`, { content: 'Other body words' });
    expect(auto.body.excerpt).toEqual({ raw: '', rendered: '' });
    await s.call('administrator', 'POST', `/core/v2/posts/${post.body.id}`, { content: 'Revised body words' });
    const revisions = await s.call('administrator', 'GET', `/core/v2/posts/${post.body.id}/revisions`);
    expect(revisions.body.length).toBeGreaterThan(0);
    expect(revisions.body[0].excerpt.rendered).toBe('');
    expect(post.body.excerpt.rendered).toContain('Body words here');
  });

  it("an autosave of one's own floating draft saves the draft and answers it without dates", async () => {
    const draft = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Floating', content: 'first' });
    const auto = await s.call('administrator', 'POST', `/core/v2/posts/${draft.body.id}/autosaves`, { title: 'Floating', content: 'second' });
    expect(auto.body.id).toBe(draft.body.id);
    expect(auto.body.date).toBeNull();
    expect(auto.body.date_gmt).toBeNull();
    expect((await s.call('administrator', 'GET', `/core/v2/posts/${draft.body.id}?context=edit`)).body.content.raw).toBe('second');
  });
});
