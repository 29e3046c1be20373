/**
 * generated_slug and permalink_template as WordPress's get_sample_permalink gives them to the
 * REST API: the slug always from the current title, the template plain once trashed.
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

describe('sample permalink of a post', () => {
  it('a retitled published post keeps its slug; generated_slug follows the new title', async () => {
    const made = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'First name', status: 'publish' });
    const res = await s.call('administrator', 'POST', `/core/v2/posts/${made.body.id}`, { title: 'Second name' });
    expect(res.body.slug).toBe('first-name');
    expect(res.body.generated_slug).toBe('second-name');
    expect(res.body.permalink_template).toBe(`${s.siteUrl}/%postname%/`);
  });

  it('posts made alike show their own numbered slug, and a draft the next number (as WordPress 6.8 answers)', async () => {
    const answers = [];
    for (const status of ['publish', 'publish', 'publish', 'draft']) {
      answers.push((await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Made alike', status })).body);
    }
    expect(answers.map((a) => [a.slug, a.generated_slug])).toEqual([
      ['made-alike', 'made-alike'],
      ['made-alike-2', 'made-alike-2'],
      ['made-alike-3', 'made-alike-3'],
      ['', 'made-alike-4'],
    ]);
    const reread = await s.call('administrator', 'GET', `/core/v2/posts/${answers[1].id}?context=edit`);
    expect(reread.body.generated_slug).toBe('made-alike-2');
  });

  it('a trashed post has a plain permalink template and a title slug without __trashed', async () => {
    const made = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Bin me', status: 'publish' });
    const res = await s.call('administrator', 'DELETE', `/core/v2/posts/${made.body.id}`);
    expect(res.body.status).toBe('trash');
    expect(res.body.slug).toBe('bin-me__trashed');
    expect(res.body.generated_slug).toBe('bin-me');
    expect(res.body.permalink_template).toBe(`${s.siteUrl}/?p=${made.body.id}`);
  });
});
