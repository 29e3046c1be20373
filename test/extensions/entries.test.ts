/**
 * Form entries over HTTP on the studio deployment: a visitor's submission and its
 * confirmation, then the administrator's list (filters, sorting, paging), read status, trash
 * and restore, CSV export parsed back, details, logs, delete, the dashboard chart, and the
 * page picker of the form settings.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { clientFor } from './client.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;
let formId: number;
let otherFormId: number;

const fields = [
  { name: 'your_name', label: 'Name', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'message', label: 'Message', type: 'textarea' },
];

async function submit(form: number, values: Record<string, unknown>) {
  return call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: form, ...values } });
}

async function entryIds(query: Record<string, string | number> = {}): Promise<number[]> {
  const res = await call('GET', '/formsuite/v1/entries/list', { query: { per_page: 100, ...query } });
  expect(res.status).toBe(200);
  return res.body.map((e: { id: number }) => e.id);
}

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  call = clientFor(server);
  const form = await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Contact', status: 'publish', fields } });
  formId = form.body.id;
  await call('POST', '/formsuite/v1/form-settings', { body: { post_id: formId, meta_data: { confirmation_message: 'We will write back.' } } });
  otherFormId = (await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Other', status: 'publish' } })).body.id;
});

afterAll(async () => {
  await server?.close();
});

describe('public submission', () => {
  it('stores a visitor\'s entry and answers the form\'s confirmation, then the confirmation page', async () => {
    const res = await submit(formId, { your_name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, form_id: formId, message: 'We will write back.' });
    const after = await call('GET', `/formsuite/v1/after-submission/${res.body.entry_id}`, { role: 'anonymous' });
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ entry_id: res.body.entry_id, form_id: formId, form_title: 'Contact', message: 'We will write back.' });
    expect(JSON.stringify(after.body)).not.toContain('ada@example.com');
  });

  it('refuses missing required fields, unpublished forms, and old confirmations', async () => {
    const missing = await submit(formId, { your_name: 'No email' });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('rest_invalid_param');
    expect(Object.keys(missing.body.data.params)).toEqual(['email']);
    const malformed = await submit(formId, { your_name: 'Bad', email: 'not-an-address' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.data.params).toEqual({ email: 'Email must be an email address.' });
    const draft = (await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Draft' } })).body.id;
    expect((await submit(draft, { a: 1 })).status).toBe(404);

    const entry = (await submit(formId, { your_name: 'Old', email: 'old@example.com' })).body.entry_id;
    const realNow = server.app.now;
    server.app.now = () => new Date(realNow().getTime() + 2 * 60 * 60 * 1000);
    try {
      expect((await call('GET', `/formsuite/v1/after-submission/${entry}`, { role: 'anonymous' })).status).toBe(404);
    } finally {
      server.app.now = realNow;
    }
  });
});

describe('entries list', () => {
  it('filters by form, search and status, sorts, and pages with totals', async () => {
    const other = (await submit(otherFormId, { note: 'zebra stripes' })).body.entry_id;
    const mine = await entryIds({ form_id: formId });
    expect(mine).not.toContain(other);
    expect(await entryIds({ search: 'zebra' })).toEqual([other]);
    // Wildcards typed by the administrator match literally.
    expect(await entryIds({ search: '%' })).toEqual([]);
    expect(await entryIds({ search: 'zebra_stripes' })).toEqual([]);

    const asc = await entryIds({ orderby: 'id', order: 'ASC' });
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const page = await call('GET', '/formsuite/v1/entries/list', { query: { per_page: 1, page: 2, orderby: 'id', order: 'ASC' } });
    expect(page.body.map((e: { id: number }) => e.id)).toEqual([asc[1]]);
    expect(page.headers.get('x-wp-total')).toBe(String(asc.length));
    expect(page.headers.get('x-wp-totalpages')).toBe(String(asc.length));
    expect(await entryIds({ date_from: '2000-01-01', date_to: '2000-12-31' })).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await entryIds({ date_from: today, date_to: today })).sort()).toEqual([...asc].sort());
    const badDate = await call('GET', '/formsuite/v1/entries/list', { query: { date_from: 'soon' } });
    expect(badDate.status).toBe(400);
    expect(badDate.body.data.params).toEqual({ date_from: 'date_from is not a date (YYYY-MM-DD).' });
    expect((await call('GET', '/formsuite/v1/entries/list', { query: { orderby: 'email' } })).status).toBe(400);
  });

  it('marks entries read and unread, and lists them by status', async () => {
    const id = (await submit(formId, { your_name: 'Reader', email: 'r@example.com' })).body.entry_id;
    expect(await entryIds({ status: 'unread' })).toContain(id);
    const read = await call('POST', '/formsuite/v1/entries/read-status', { body: { entry_ids: [id], action: 'read' } });
    expect(read.body).toEqual({ updated: [id], status: 'read' });
    expect(await entryIds({ status: 'read' })).toContain(id);
    expect(await entryIds({ status: 'unread' })).not.toContain(id);
    const bad = await call('POST', '/formsuite/v1/entries/read-status', { body: { entry_ids: [id], action: 'shred' } });
    expect(bad.status).toBe(400);
    expect((await call('POST', '/formsuite/v1/entries/read-status', { body: { entry_ids: [999999], action: 'read' } })).status).toBe(404);
  });

  it('trashes entries out of the default list and restores them', async () => {
    const id = (await submit(formId, { your_name: 'Trash me', email: 't@example.com' })).body.entry_id;
    await call('POST', '/formsuite/v1/entries/trash', { body: { entry_ids: String(id), action: 'trash' } });
    expect(await entryIds()).not.toContain(id);
    expect(await entryIds({ status: 'trash' })).toContain(id);
    await call('POST', '/formsuite/v1/entries/trash', { body: { entry_ids: [id], action: 'restore' } });
    expect(await entryIds()).toContain(id);
  });
});

describe('export, details, logs, delete', () => {
  it('exports the chosen entries as CSV that parses back to the submitted values', async () => {
    const a = (await submit(formId, { your_name: 'Grace, "the admiral"', email: 'g@example.com', message: 'line1\nline2' })).body.entry_id;
    const b = (await submit(formId, { your_name: 'Alan', email: 'alan@example.com' })).body.entry_id;
    const res = await call('POST', '/formsuite/v1/entries/export', { body: { entry_ids: [a, b] } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('entries.csv');
    const rows = parse(res.text, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => Number(r.id))).toEqual([a, b]);
    expect(rows[0]).toMatchObject({ form_id: String(formId), your_name: 'Grace, "the admiral"', email: 'g@example.com', message: 'line1\nline2' });
    expect(rows[1].message).toBe('');

    const byForm = parse((await call('POST', '/formsuite/v1/entries/export', { body: { form_id: otherFormId } })).text, { columns: true }) as Array<Record<string, string>>;
    expect(byForm.every((r) => r.form_id === String(otherFormId))).toBe(true);
    expect(byForm.length).toBeGreaterThan(0);
  });

  it('answers an entry\'s details with its form, and its log newest first, paged', async () => {
    const id = (await submit(formId, { your_name: 'Logged', email: 'l@example.com' })).body.entry_id;
    await call('POST', '/formsuite/v1/entries/read-status', { body: { entry_ids: [id], action: 'read' } });
    await call('POST', '/formsuite/v1/entries/read-status', { body: { entry_ids: [id], action: 'unread' } });
    await call('POST', '/formsuite/v1/entries/trash', { body: { entry_ids: [id], action: 'trash' } });
    const details = await call('GET', `/formsuite/v1/entry/${id}/details`);
    expect(details.body).toMatchObject({ id, form_id: formId, form_title: 'Contact', status: 'trash', data: { your_name: 'Logged' } });
    expect(details.body.fields).toEqual(fields);

    const logs = await call('GET', `/formsuite/v1/entry/${id}/logs`);
    expect(logs.body.map((l: { message: string }) => l.message)).toEqual(['Moved to trash.', 'Marked as unread.', 'Marked as read.']);
    expect(logs.headers.get('x-wp-total')).toBe('4');
    const older = await call('GET', `/formsuite/v1/entry/${id}/logs`, { query: { page: 2 } });
    expect(older.body.map((l: { message: string }) => l.message)).toEqual(['Entry submitted.']);
    expect((await call('GET', '/formsuite/v1/entry/999999/details')).body.code).toBe('rest_entry_invalid_id');
  });

  it('deletes entries for good', async () => {
    const id = (await submit(formId, { your_name: 'Gone', email: 'gone@example.com' })).body.entry_id;
    const res = await call('POST', '/formsuite/v1/entries/delete', { body: { entry_ids: [id] } });
    expect(res.body).toEqual({ deleted: true, entry_ids: [id] });
    expect((await call('GET', `/formsuite/v1/entry/${id}/details`)).status).toBe(404);
    expect((await call('POST', '/formsuite/v1/entries/delete', { body: { entry_ids: [id] } })).status).toBe(404);
    expect((await call('POST', '/formsuite/v1/entries/delete', { body: { entry_ids: 'none' } })).status).toBe(400);
  });

  it('a page far past the end (huge page × huge per_page) is empty, not a 500', async () => {
    const huge = '999999999999999999999';
    const list = await call('GET', '/formsuite/v1/entries/list', { query: { page: huge, per_page: 100 } });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const id = (await submit(formId, { your_name: 'Paged', email: 'paged@example.com' })).body.entry_id;
    const logs = await call('GET', `/formsuite/v1/entry/${id}/logs`, { query: { page: huge, per_page: huge } });
    expect(logs.status).toBe(200);
    expect(logs.body).toEqual([]);
  });

  it("reads the URL's entry whatever id a JSON body names (the path names the object)", async () => {
    const plain = await call('POST', '/formsuite/v1/entry/1/details', { query: { _method: 'GET' } });
    const odd = await call('POST', '/formsuite/v1/entry/1/details', { body: { id: { toString: 'x' } }, query: { _method: 'GET' } });
    const other = await call('POST', '/formsuite/v1/entry/1/details', { body: { id: 999_999 }, query: { _method: 'GET' } });
    expect([odd.status, other.status]).toEqual([plain.status, plain.status]);
    expect([odd.body, other.body]).toEqual([plain.body, plain.body]);
  });

  it('reads entry_ids given as a PHP map and skips items that are not ids, instead of failing on them', async () => {
    const id = (await submit(formId, { your_name: 'Mapped', email: 'mapped@example.com' })).body.entry_id;
    const res = await call('POST', '/formsuite/v1/entries/delete', { body: { entry_ids: { first: String(id), odd: { toString: 'x' } } } });
    expect(res.body).toEqual({ deleted: true, entry_ids: [id] });
    expect((await call('POST', '/formsuite/v1/entries/delete', { body: { entry_ids: [{ toString: 'x' }] } })).status).toBe(400);
  });
});

describe('dashboard and page picker', () => {
  it('counts today\'s entries in a 30-day chart without gaps', async () => {
    const chart = await call('GET', '/formsuite/v1/entries-chart-data');
    expect(chart.body.days).toHaveLength(30);
    const today = chart.body.days[29];
    expect(today.date).toBe(new Date().toISOString().slice(0, 10));
    const live = await entryIds();
    expect(today.count).toBe(live.length);
    expect(chart.body.total).toBe(live.length);
    expect(chart.body.days[0].count).toBe(0);
  });

  it('finds published pages by title, pages them, and resolves the selected addresses', async () => {
    const about = await call('POST', '/core/v2/pages', { body: { title: { raw: 'About us' }, status: 'publish' } });
    await call('POST', '/core/v2/pages', { body: { title: { raw: 'About the team' }, status: 'publish' } });
    await call('POST', '/core/v2/pages', { body: { title: { raw: 'About drafts' }, status: 'draft' } });
    const res = await call('GET', '/formsuite/v1/pages/search', { query: { search: 'about', per_page: 1, selected_url: about.body.link, selected_urls: ['https://elsewhere.example/'] } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.total_pages).toBe(2);
    expect(res.body.pages).toEqual([{ id: expect.any(Number), title: 'About the team', url: expect.stringContaining(server.siteUrl) }]);
    expect(res.body.selected).toEqual([
      { url: about.body.link, id: about.body.id, title: 'About us' },
      { url: 'https://elsewhere.example/', id: null, title: null },
    ]);
  });
});
