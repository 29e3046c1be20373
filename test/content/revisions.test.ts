import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';

let s: ContentServer;
beforeAll(async () => {
  s = await startContentServer();
}, 60_000);
afterAll(async () => {
  await s.close();
});

async function publishedPost(title = 'Rev', role: Parameters<ContentServer['call']>[0] = 'administrator') {
  const res = await s.call(role, 'POST', '/core/v2/posts', { title, content: 'v1', status: 'publish' });
  return res.body.id as number;
}

describe('revisions', () => {
  it('are made on the first update and afterwards only when title, content or excerpt change', async () => {
    const id = await publishedPost();
    await s.call('administrator', 'POST', `/core/v2/posts/${id}`, { comment_status: 'closed' });
    let list = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions`);
    expect(list.body).toHaveLength(1);
    await s.call('administrator', 'POST', `/core/v2/posts/${id}`, { ping_status: 'closed' });
    list = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions`);
    expect(list.body).toHaveLength(1);
    const upd = await s.call('administrator', 'POST', `/core/v2/posts/${id}`, { content: 'v2' });
    list = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?context=edit`);
    expect(list.body).toHaveLength(2);
    expect(list.headers.get('x-wp-total')).toBe('2');
    expect(list.body[0].content.raw).toBe('v2');
    expect(list.body[0].slug).toBe(`${id}-revision-v1`);
    expect(list.body[0].parent).toBe(id);
    expect(upd.body._links['version-history'][0].count).toBe(2);
    expect(upd.body._links['predecessor-version'][0].id).toBe(list.body[0].id);
  });

  it('are read one by one, with 404s for a wrong parent or id', async () => {
    const id = await publishedPost();
    await s.call('administrator', 'POST', `/core/v2/posts/${id}`, { title: 'Rev 2' });
    const [rev] = (await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions`)).body;
    const one = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions/${rev.id}`);
    expect(one.body.title.rendered).toBe('Rev 2');
    expect(one.body._links.parent[0].href).toBe(`${s.restUrl}/core/v2/posts/${id}`);
    expect((await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions/999999`)).body.code).toBe('rest_post_invalid_id');
    const other = await publishedPost('Other');
    const mismatch = await s.call('administrator', 'GET', `/core/v2/posts/${other}/revisions/${rev.id}`);
    expect(mismatch.status).toBe(404);
  });

  it('list params: per_page, page, order, include, search', async () => {
    const id = await publishedPost();
    for (const c of ['alpha', 'beta', 'gamma']) await s.call('administrator', 'POST', `/core/v2/posts/${id}`, { content: `text ${c}` });
    const all = (await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?context=edit`)).body;
    expect(all.map((r: any) => r.content.raw)).toEqual(['text gamma', 'text beta', 'text alpha']);
    const page2 = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?per_page=2&page=2&context=edit`);
    expect(page2.body.map((r: any) => r.content.raw)).toEqual(['text alpha']);
    expect(page2.headers.get('x-wp-totalpages')).toBe('2');
    const asc = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?order=asc&orderby=id&context=edit`);
    expect(asc.body[0].content.raw).toBe('text alpha');
    const inc = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?include=${all[2].id}`);
    expect(inc.body).toHaveLength(1);
    const found = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?search=beta`);
    expect(found.body).toHaveLength(1);
    const ranked = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?search=text&orderby=relevance&context=edit`);
    expect(ranked.body).toHaveLength(3);
    const noSearch = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?orderby=relevance`);
    expect(noSearch.body.code).toBe('rest_no_search_term_defined');
    const past = await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions?per_page=2&page=5`);
    expect(past.body.code).toBe('rest_revision_invalid_page_number');
  });

  it('are deleted only with force=true', async () => {
    const id = await publishedPost();
    await s.call('administrator', 'POST', `/core/v2/posts/${id}`, { title: 'changed' });
    const [rev] = (await s.call('administrator', 'GET', `/core/v2/posts/${id}/revisions`)).body;
    const soft = await s.call('administrator', 'DELETE', `/core/v2/posts/${id}/revisions/${rev.id}`);
    expect(soft.status).toBe(501);
    expect(soft.body.code).toBe('rest_trash_not_supported');
    const hard = await s.call('administrator', 'DELETE', `/core/v2/posts/${id}/revisions/${rev.id}?force=true`);
    expect(hard.body.deleted).toBe(true);
    expect(hard.body.previous.id).toBe(rev.id);
  });

  it('keep the meta the post had when they were made', async () => {
    const p = await s.call('administrator', 'POST', '/core/v2/posts', { title: 'Notes', status: 'publish', meta: { footnotes: 'one' } });
    await s.call('administrator', 'POST', `/core/v2/posts/${p.body.id}`, { content: 'changed', meta: { footnotes: 'two' } });
    const [rev] = (await s.call('administrator', 'GET', `/core/v2/posts/${p.body.id}/revisions`)).body;
    expect(rev.meta).toEqual({ footnotes: 'two' });
  });

  it('answer rest_post_invalid_parent for a missing parent', async () => {
    const res = await s.call('administrator', 'GET', '/core/v2/posts/987654/revisions');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_post_invalid_parent');
  });
});

describe('autosaves', () => {
  it("of the author's own draft update the draft itself", async () => {
    const draft = await s.call('author', 'POST', '/core/v2/posts', { title: 'My draft', content: 'one' });
    const res = await s.call('author', 'POST', `/core/v2/posts/${draft.body.id}/autosaves`, { content: 'two' });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(draft.body.id);
    const read = await s.call('author', 'GET', `/core/v2/posts/${draft.body.id}?context=edit`);
    expect(read.body.content.raw).toBe('two');
    expect((await s.call('author', 'GET', `/core/v2/posts/${draft.body.id}/revisions`)).body).toHaveLength(0);
  });

  it('of a published post are one per user, replaced on the next autosave', async () => {
    const id = await publishedPost('Live');
    const first = await s.call('administrator', 'POST', `/core/v2/posts/${id}/autosaves`, { content: 'draft 1' });
    expect(first.body.parent).toBe(id);
    expect(first.body.slug).toBe(`${id}-autosave-v1`);
    const second = await s.call('administrator', 'POST', `/core/v2/posts/${id}/autosaves`, { content: 'draft 2' });
    expect(second.body.id).toBe(first.body.id);
    const editor = await s.call('editor', 'POST', `/core/v2/posts/${id}/autosaves`, { content: 'editor draft' });
    expect(editor.body.id).not.toBe(first.body.id);
    const list = await s.call('administrator', 'GET', `/core/v2/posts/${id}/autosaves?context=edit`);
    expect(list.body.map((a: any) => a.content.raw).sort()).toEqual(['draft 2', 'editor draft']);
    const one = await s.call('administrator', 'GET', `/core/v2/posts/${id}/autosaves/${first.body.id}`);
    expect(one.body.id).toBe(first.body.id);
    const live = await s.call('administrator', 'GET', `/core/v2/posts/${id}?context=edit`);
    expect(live.body.content.raw).toBe('v1');
  });

  it('equal to the post answer the autosave already kept, unchanged (WordPress 6.8)', async () => {
    const id = await publishedPost('Same');
    const kept = await s.call('administrator', 'POST', `/core/v2/posts/${id}/autosaves`, { content: 'changed' });
    const same = await s.call('administrator', 'POST', `/core/v2/posts/${id}/autosaves`, { content: 'v1' });
    expect([same.status, same.body.id, same.body.content.raw]).toEqual([200, kept.body.id, 'changed']);
    expect((await s.call('administrator', 'GET', `/core/v2/posts/${id}/autosaves`)).body).toHaveLength(1);
  });

  it('of pages work the same way', async () => {
    const page = await s.call('administrator', 'POST', '/core/v2/pages', { title: 'P', content: 'x', status: 'publish' });
    const auto = await s.call('administrator', 'POST', `/core/v2/pages/${page.body.id}/autosaves`, { content: 'y' });
    expect(auto.body.parent).toBe(page.body.id);
    expect(auto.body.preview_link).toContain(`page_id=${page.body.id}`);
  });
});
