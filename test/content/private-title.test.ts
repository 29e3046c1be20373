/** A private post's rendered title carries WordPress's "Private: " prefix; its raw title does not. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
});
afterAll(async () => s?.close());

describe('private titles', () => {
  it('are prefixed when rendered, for posts and pages', async () => {
    const post = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Secret "plan"', status: 'private' });
    expect(post.body.title).toEqual({ raw: 'Secret "plan"', rendered: 'Private: Secret &#8220;plan&#8221;' });
    const page = await s.call('administrator', 'POST', '/core/v2/pages', { title: 'Hidden', status: 'private' });
    expect(page.body.title.rendered).toBe('Private: Hidden');
  });

  it('are bare for published and password-protected private posts', async () => {
    const open = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Open', status: 'publish' });
    expect(open.body.title.rendered).toBe('Open');
    const locked = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Locked', status: 'private', password: 'pw' });
    expect(locked.body.title.rendered).toBe('Locked');
  });
});
