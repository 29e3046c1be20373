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

  it('a create shows the generated_slug a read of it shows, the slug it was just given from its title (single and batch)', async () => {
    const create = async (path: string, body: Record<string, unknown>) => (await s.call('administrator', 'POST', path, body)).body;
    const made = [
      await create('/core/v2/posts', { title: 'Shown alike', status: 'publish' }),
      await create('/core/v2/posts', { title: 'Shown alike', status: 'publish' }),
      await create('/core/v2/posts', { title: 'Shown alike', status: 'publish' }),
    ];
    // A gap: the next create takes the freed number, as wp_unique_post_slug does.
    await s.call('administrator', 'DELETE', `/core/v2/posts/${made[1].id}?force=true`);
    made.push(await create('/core/v2/posts', { title: 'Shown alike', status: 'future', date: '2099-01-01T00:00:00' }));
    made.push(await create('/core/v2/posts', { title: 'Привет мир', status: 'private' }));
    made.push(await create('/core/v2/posts', { content: 'No title at all', status: 'publish' }));
    const parent = await create('/core/v2/pages', { title: 'Parent', status: 'publish' });
    made.push(await create('/core/v2/pages', { title: 'Child', status: 'publish', parent: parent.id }));
    made.push(await create('/core/v2/pages', { title: 'Child', status: 'publish', parent: parent.id }));
    const batch = await s.call('administrator', 'POST', '/batch/v1', {
      requests: [0, 1].map(() => ({ path: '/core/v2/posts', body: { title: 'Shown alike', status: 'publish' } })),
    });
    made.push(...batch.body.responses.map((r: { body: unknown }) => r.body));

    expect(made.map((m) => m.generated_slug)).toEqual(['shown-alike', 'shown-alike-2', 'shown-alike-3', 'shown-alike-2', 'привет-мир', String(made[5].id), 'child', 'child-2', 'shown-alike-4', 'shown-alike-5']);
    for (const item of made.filter((m) => m.id !== made[1].id)) {
      const plural = item.type === 'page' ? 'pages' : 'posts';
      const read = await s.call('administrator', 'GET', `/core/v2/${plural}/${item.id}?context=edit`);
      expect([item.id, read.body.generated_slug]).toEqual([item.id, item.generated_slug]);
    }
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
