/** Private and protected titles render bare, as WordPress 6.8's REST controller turns the prefixes off. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
});
afterAll(async () => s?.close());

describe('private titles', () => {
  it('carry no "Private: " prefix when rendered, for posts and pages', async () => {
    const post = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Secret "plan"', status: 'private' });
    expect(post.body.title).toEqual({ raw: 'Secret "plan"', rendered: 'Secret &#8220;plan&#8221;' });
    const page = await s.call('administrator', 'POST', '/core/v2/pages', { title: 'Hidden', status: 'private' });
    expect(page.body.title.rendered).toBe('Hidden');
  });

  it('are bare for published and password-protected private posts', async () => {
    const open = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Open', status: 'publish' });
    expect(open.body.title.rendered).toBe('Open');
    const locked = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Locked', status: 'private', password: 'pw' });
    expect(locked.body.title.rendered).toBe('Locked');
  });
});
