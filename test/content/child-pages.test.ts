/**
 * Pages as WordPress makes them: closed to comments and pings unless asked, a child page links
 * `up` to its parent, and its permalink template keeps the parent's path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';
import { setOption } from '../../runtime/content/options.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
  await setOption(s.app.db, 'permalink_structure', '/%postname%/');
});
afterAll(async () => s?.close());

describe('pages', () => {
  it('start closed to comments and pings; posts start open', async () => {
    const page = await s.call('administrator', 'POST', '/core/v2/pages', { title: 'Quiet', status: 'publish' });
    expect([page.body.comment_status, page.body.ping_status]).toEqual(['closed', 'closed']);
    const open = await s.call('administrator', 'POST', '/core/v2/pages', { title: 'Chatty', comment_status: 'open' });
    expect(open.body.comment_status).toBe('open');
    const post = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Post' });
    expect([post.body.comment_status, post.body.ping_status]).toEqual(['open', 'open']);
  });

  it('a child page links up to its parent and templates under its path', async () => {
    const parent = await s.call('administrator', 'POST', '/core/v2/pages', { title: 'Parent page', status: 'publish' });
    const child = await s.call('administrator', 'POST', '/core/v2/pages', { title: 'Child page', status: 'publish', parent: parent.body.id });
    expect(child.body._links.up).toEqual([{ embeddable: true, href: `${s.restUrl}/core/v2/pages/${parent.body.id}` }]);
    expect(Object.keys(child.body._links).indexOf('up')).toBe(Object.keys(child.body._links).indexOf('version-history') + 1);
    expect(child.body.permalink_template).toBe(`${s.siteUrl}/parent-page/%pagename%/`);
    expect(parent.body._links.up).toBeUndefined();
    expect(parent.body.permalink_template).toBe(`${s.siteUrl}/%pagename%/`);
  });
});
