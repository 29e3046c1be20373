import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from './content-server.ts';
import { addTerm } from '../../runtime/content/terms.ts';

let s: ContentServer;
const id: Record<string, number> = {};
const term: Record<string, number> = {};

/** GET a list as `role`; answers the ids in order and the response. */
async function ids(query: string, role: Parameters<ContentServer['call']>[0] = 'anonymous', base = '/core/v2/posts') {
  const res = await s.call(role, 'GET', `${base}?${query}`);
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.map((p: { id: number }) => p.id) as number[];
}
const names = (list: number[]) => list.map((n) => Object.keys(id).find((k) => id[k] === n));

beforeAll(async () => {
  s = await startContentServer();
  const db = s.app.db;
  term.A = (await addTerm(db, { taxonomy: 'category', name: 'A' })).id;
  term.B = (await addTerm(db, { taxonomy: 'category', name: 'B', parent: term.A })).id;
  term.C = (await addTerm(db, { taxonomy: 'category', name: 'C' })).id;
  term.T1 = (await addTerm(db, { taxonomy: 'post_tag', name: 'T1' })).id;
  term.T2 = (await addTerm(db, { taxonomy: 'post_tag', name: 'T2' })).id;
  const make = async (key: string, body: Record<string, unknown>, role: Parameters<ContentServer['call']>[0] = 'administrator', path = '/core/v2/posts') => {
    const res = await s.call(role, 'POST', path, { status: 'publish', ...body });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    id[key] = res.body.id;
  };
  await make('alpha', { title: 'Alpha apple', content: 'red fruit', date: '2024-01-01T10:00:00', categories: [term.A], tags: [term.T1] });
  await make('beta', { title: 'Beta banana', content: 'yellow apple pie', excerpt: 'banana split', date: '2024-02-01T10:00:00', categories: [term.B], tags: [term.T2], format: 'aside' }, 'editor');
  await make('gamma', { title: 'Gamma cherry', content: 'dark', date: '2024-03-01T10:00:00', categories: [term.A, term.C], tags: [term.T1, term.T2], format: 'image', sticky: true }, 'author');
  await make('delta', { title: 'Delta draft', status: 'draft', date: '2024-04-01T10:00:00' });
  await make('epsilon', { title: 'Epsilon private', status: 'private', date: '2024-05-01T10:00:00' });
  await make('zeta', { title: 'Zeta apple tart', content: 'apple apple', date: '2024-06-01T10:00:00', categories: [term.C] });
  // Modified dates set apart so the modified filters and order have something to tell apart.
  const mods: Array<[string, string]> = [['alpha', '2024-09-01 00:00:00'], ['beta', '2024-07-01 00:00:00'], ['gamma', '2024-08-01 00:00:00'], ['zeta', '2024-06-15 00:00:00']];
  for (const [k, m] of mods) await db.updateTable('posts').set({ modified: m, modified_gmt: m }).where('id', '=', id[k]).execute();
  await make('home', { title: 'Home', menu_order: 2 }, 'administrator', '/core/v2/pages');
  await make('about', { title: 'About', menu_order: 1, parent: id.home }, 'administrator', '/core/v2/pages');
  await make('team', { title: 'Team', menu_order: 5, parent: id.about }, 'administrator', '/core/v2/pages');
}, 60_000);
afterAll(async () => {
  await s.close();
});

describe('post list filters', () => {
  it('lists published posts newest first by default, with totals in headers', async () => {
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?per_page=2');
    expect(names(res.body.map((p: { id: number }) => p.id))).toEqual(['zeta', 'gamma']);
    expect(res.headers.get('x-wp-total')).toBe('4');
    expect(res.headers.get('x-wp-totalpages')).toBe('2');
  });
  it('answers rest_post_invalid_page_number past the last page', async () => {
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?page=9');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_post_invalid_page_number');
  });
  it('search matches every term in title, content or excerpt', async () => {
    expect(names(await ids('search=apple'))).toEqual(['zeta', 'beta', 'alpha']);
    expect(names(await ids('search=apple%20tart'))).toEqual(['zeta']);
  });
  it('search_columns limits the searched columns', async () => {
    expect(names(await ids('search=apple&search_columns=post_title'))).toEqual(['zeta', 'alpha']);
    expect(names(await ids('search=banana&search_columns=post_excerpt'))).toEqual(['beta']);
  });
  it('search_semantics=exact searches the whole phrase', async () => {
    expect(await ids('search=apple%20fruit&search_semantics=exact')).toEqual([]);
    expect(names(await ids('search=red%20fruit&search_semantics=exact'))).toEqual(['alpha']);
  });
  it('a search longer than SQLite\'s 50,000-byte LIKE limit answers an empty list, not a 500', async () => {
    const res = await s.call('anonymous', 'POST', '/core/v2/posts?_method=GET', { search: `apple${'x'.repeat(60_000)}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
  it('lists of 40,000 ids (past SQLite\'s 32,766 bound variables) filter and order as short ones do', async () => {
    const many = Array.from({ length: 40_000 }, (_, i) => 40_000 - i);
    const wanted = [id.beta, id.alpha];
    const res = await s.call('administrator', 'POST', '/core/v2/posts?_method=GET', { include: [...many.filter((n) => !wanted.includes(n)).slice(0, 39_000), ...wanted], orderby: 'include', order: 'asc', per_page: 100 });
    expect(res.status).toBe(200);
    const order = (res.body as Array<{ id: number }>).map((p) => p.id);
    expect(order.indexOf(id.beta)).toBeLessThan(order.indexOf(id.alpha));
    const excluded = await s.call('administrator', 'POST', '/core/v2/posts?_method=GET', { exclude: many, per_page: 100 });
    expect(excluded.status).toBe(200);
    expect(excluded.body).toEqual([]);
  });

  it('after and before compare the publish date', async () => {
    expect(names(await ids('after=2024-02-15T00:00:00'))).toEqual(['zeta', 'gamma']);
    expect(names(await ids('before=2024-02-15T00:00:00'))).toEqual(['beta', 'alpha']);
  });
  it('modified_after and modified_before compare the modified date', async () => {
    expect(names(await ids('modified_after=2024-07-15T00:00:00'))).toEqual(['gamma', 'alpha']);
    expect(names(await ids('modified_before=2024-07-15T00:00:00'))).toEqual(['zeta', 'beta']);
  });
  it('author and author_exclude', async () => {
    expect(names(await ids(`author=${s.users.editor.id}`))).toEqual(['beta']);
    expect(names(await ids(`author_exclude=${s.users.editor.id},${s.users.author.id}`))).toEqual(['zeta', 'alpha']);
  });
  it('include and exclude', async () => {
    expect(names(await ids(`include=${id.alpha},${id.gamma}`))).toEqual(['gamma', 'alpha']);
    expect(names(await ids(`exclude=${id.alpha},${id.gamma}`))).toEqual(['zeta', 'beta']);
  });
  it('offset skips items', async () => {
    expect(names(await ids('offset=1&per_page=2'))).toEqual(['gamma', 'beta']);
  });
  it('slug picks by slug', async () => {
    expect(names(await ids('slug=alpha-apple,beta-banana'))).toEqual(['beta', 'alpha']);
  });
  it('format filters by post format, standard meaning none set', async () => {
    expect(names(await ids('format=aside,image'))).toEqual(['gamma', 'beta']);
    expect(names(await ids('format=standard'))).toEqual(['zeta', 'alpha']);
  });
  it('categories as a list matches any; include_children reaches child categories', async () => {
    expect(names(await ids(`categories=${term.A}`))).toEqual(['gamma', 'alpha']);
    expect(names(await ids(`categories[terms]=${term.A}&categories[include_children]=true`))).toEqual(['gamma', 'beta', 'alpha']);
  });
  it('categories with operator AND needs every term', async () => {
    expect(names(await ids(`categories[terms]=${term.A},${term.C}&categories[operator]=AND`))).toEqual(['gamma']);
  });
  it('categories_exclude and tags_exclude drop posts carrying the terms', async () => {
    expect(names(await ids(`categories_exclude=${term.C}`))).toEqual(['beta', 'alpha']);
    expect(names(await ids(`tags_exclude=${term.T1}`))).toEqual(['zeta', 'beta']);
  });
  it('tags as a list and as an object with AND', async () => {
    expect(names(await ids(`tags=${term.T2}`))).toEqual(['gamma', 'beta']);
    expect(names(await ids(`tags[terms]=${term.T1},${term.T2}&tags[operator]=AND`))).toEqual(['gamma']);
  });
  it('tax_relation OR joins the taxonomy clauses with OR', async () => {
    expect(names(await ids(`categories=${term.C}&tags=${term.T2}`))).toEqual(['gamma']);
    expect(names(await ids(`categories=${term.C}&tags=${term.T2}&tax_relation=OR`))).toEqual(['zeta', 'gamma', 'beta']);
  });
  it('sticky=true lists only sticky posts and sticky=false the others', async () => {
    expect(names(await ids('sticky=true'))).toEqual(['gamma']);
    expect(names(await ids('sticky=false'))).toEqual(['zeta', 'beta', 'alpha']);
  });
  it('ignore_sticky=false brings sticky posts to the top of page one', async () => {
    expect(names(await ids('ignore_sticky=false&orderby=title&order=asc'))).toEqual(['gamma', 'alpha', 'beta', 'zeta']);
    expect(names(await ids('orderby=title&order=asc'))).toEqual(['alpha', 'beta', 'gamma', 'zeta']);
  });
});

describe('statuses', () => {
  it('refuses draft to anonymous callers as rest_invalid_param / rest_forbidden_status 401', async () => {
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?status=draft');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.details.status.code).toBe('rest_forbidden_status');
    expect(res.body.data.details.status.data.status).toBe(401);
  });
  it('lists drafts and private posts to an editor, and any', async () => {
    expect(names(await ids('status=draft', 'editor'))).toEqual(['delta']);
    expect(names(await ids('status=private', 'editor'))).toEqual(['epsilon']);
    expect(names(await ids('status=any&per_page=100', 'administrator'))).toEqual(['zeta', 'epsilon', 'delta', 'gamma', 'beta', 'alpha']);
  });
  it("leaves out drafts a contributor may not read, keeping the query's total", async () => {
    const res = await s.call('contributor', 'GET', '/core/v2/posts?status=draft');
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-wp-total')).toBe('1');
    const sub = await s.call('subscriber', 'GET', '/core/v2/posts?status=draft');
    expect(sub.body.data.details.status.data.status).toBe(403);
  });
  it('refuses context=edit to anonymous callers', async () => {
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?context=edit');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('rest_forbidden_context');
  });
});

describe('orderby', () => {
  it('author', async () => {
    const list = names(await ids('orderby=author&order=asc'));
    expect(list[list.length - 1]).toBe('gamma');
  });
  it('date', async () => {
    expect(names(await ids('orderby=date&order=asc'))).toEqual(['alpha', 'beta', 'gamma', 'zeta']);
  });
  it('id', async () => {
    expect(names(await ids('orderby=id&order=desc'))).toEqual(['zeta', 'gamma', 'beta', 'alpha']);
  });
  it('include follows the include list and needs one', async () => {
    expect(names(await ids(`orderby=include&include=${id.beta},${id.zeta},${id.alpha}`))).toEqual(['beta', 'zeta', 'alpha']);
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?orderby=include');
    expect(res.body.code).toBe('rest_orderby_include_missing_include');
  });
  it('modified', async () => {
    expect(names(await ids('orderby=modified&order=desc'))).toEqual(['alpha', 'gamma', 'beta', 'zeta']);
  });
  it('relevance ranks title matches first and needs a search', async () => {
    expect(names(await ids('search=apple&orderby=relevance'))).toEqual(['zeta', 'alpha', 'beta']);
    const res = await s.call('anonymous', 'GET', '/core/v2/posts?orderby=relevance');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_no_search_term_defined');
  });
  it('slug', async () => {
    expect(names(await ids('orderby=slug&order=asc'))).toEqual(['alpha', 'beta', 'gamma', 'zeta']);
  });
  it('include_slugs follows the slug list', async () => {
    expect(names(await ids('orderby=include_slugs&slug=gamma-cherry,alpha-apple'))).toEqual(['gamma', 'alpha']);
  });
  it('title', async () => {
    expect(names(await ids('orderby=title&order=desc'))).toEqual(['zeta', 'gamma', 'beta', 'alpha']);
  });
});

describe('page list filters', () => {
  it('parent and parent_exclude', async () => {
    expect(names(await ids(`parent=${id.home}`, 'anonymous', '/core/v2/pages'))).toEqual(['about']);
    expect(names(await ids(`parent_exclude=0&orderby=id&order=asc`, 'anonymous', '/core/v2/pages'))).toEqual(['about', 'team']);
  });
  it('menu_order filters and orders', async () => {
    expect(names(await ids('menu_order=5', 'anonymous', '/core/v2/pages'))).toEqual(['team']);
    expect(names(await ids('orderby=menu_order&order=asc', 'anonymous', '/core/v2/pages'))).toEqual(['about', 'home', 'team']);
  });
  it('orderby parent', async () => {
    expect(names(await ids('orderby=parent&order=asc', 'anonymous', '/core/v2/pages'))).toEqual(['home', 'about', 'team']);
  });
});
