/**
 * The form suite's forms over HTTP on the studio deployment: create, list with filters and
 * sorting, export and import back, manage (trash, restore, draft, delete), duplicate, views,
 * settings, markup, the editors' start-up data, HTML conversion and the migrator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { clientFor } from './client.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;

const contactFields = [
  { name: 'your_name', label: 'Name', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'topic', label: 'Topic', type: 'select', options: ['Sales', 'Support'] },
];

async function createForm(title: string, status = 'publish', fields: unknown[] = contactFields): Promise<number> {
  const res = await call('POST', '/formsuite/v1/create-new-form', { body: { title, status, fields } });
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  call = clientFor(server);
});

afterAll(async () => {
  await server?.close();
});

describe('forms list', () => {
  it('lists published forms newest first, with totals, and filters by status and title', async () => {
    const a = await createForm('Contact us');
    const b = await createForm('Newsletter signup');
    const draft = await createForm('Draft survey', 'draft');
    const list = await call('GET', '/formsuite/v1/forms', { query: { per_page: 100 } });
    expect(list.status).toBe(200);
    const ids = list.body.map((f: { id: number }) => f.id);
    expect(ids).toContain(a);
    expect(ids).toContain(b);
    expect(ids).not.toContain(draft);
    expect(Number(list.headers.get('x-wp-total'))).toBe(ids.length);

    const searched = await call('GET', '/formsuite/v1/forms', { query: { search: 'newsletter' } });
    expect(searched.body.map((f: { id: number }) => f.id)).toEqual([b]);
    const any = await call('GET', '/formsuite/v1/forms', { query: { status: 'any', orderby: 'title', order: 'asc', per_page: 100 } });
    const titles = any.body.map((f: { title: string }) => f.title);
    expect(titles).toContain('Draft survey');
    expect([...titles].sort((x: string, y: string) => x.localeCompare(y))).toEqual(titles);
  });

  it('pages the list and refuses a status outside the enum', async () => {
    for (const n of [1, 2, 3]) await createForm(`Paged ${n}`);
    const page = await call('GET', '/formsuite/v1/forms', { query: { search: 'Paged', per_page: 2, page: 2, orderby: 'id', order: 'asc' } });
    expect(page.body.map((f: { title: string }) => f.title)).toEqual(['Paged 3']);
    expect(page.headers.get('x-wp-totalpages')).toBe('2');
    const bad = await call('GET', '/formsuite/v1/forms', { query: { status: 'nonsense' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });
});

describe('export and import', () => {
  it('exports forms and imports the export back as new drafts with the same fields', async () => {
    const id = await createForm('Quote request');
    await call('POST', '/formsuite/v1/form-settings', { body: { post_id: id, meta_data: { submit_text: 'Ask' } } });
    const exported = await call('POST', '/formsuite/v1/forms/export', { body: { post_ids: String(id) } });
    expect(exported.status).toBe(200);
    expect(exported.body.forms).toHaveLength(1);

    const imported = await call('POST', '/formsuite/v1/forms/import', { body: { forms_data: exported.body.forms } });
    expect(imported.status).toBe(201);
    const newId = imported.body.forms[0].id;
    expect(newId).not.toBe(id);
    const drafts = await call('GET', '/formsuite/v1/forms', { query: { status: 'draft', search: 'Quote request' } });
    const copy = drafts.body.find((f: { id: number }) => f.id === newId);
    expect(copy.fields).toEqual(contactFields);
    expect(copy.settings).toEqual({ submit_text: 'Ask' });

    const privateCopy = await call('POST', '/formsuite/v1/forms/import', { body: { forms_data: exported.body.forms, default_status: 'private' } });
    const any = await call('GET', '/formsuite/v1/forms', { query: { status: 'any', search: 'Quote request' } });
    expect(any.body.find((f: { id: number }) => f.id === privateCopy.body.forms[0].id)?.status).toBe('private');
  });

  it('refuses to export a form that does not exist and an import item that is not an object', async () => {
    const missing = await call('POST', '/formsuite/v1/forms/export', { body: { post_ids: [999999] } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('rest_form_invalid_id');
    const traps = await call('POST', '/formsuite/v1/forms/export', { body: { post_ids: [{ toString: 'x' }] } });
    expect(traps.status).toBeLessThan(500);
    expect(traps.body.data.status).toBe(traps.status);
    const bad = await call('POST', '/formsuite/v1/forms/import', { body: { forms_data: ['text'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.status).toBe(400);
  });
});

describe('manage', () => {
  it('trashes, restores to the former status, sets draft and deletes for good', async () => {
    const id = await createForm('To be managed');
    const trash = await call('POST', '/formsuite/v1/forms/manage', { body: { form_ids: id, action: 'trash' } });
    expect(trash.status).toBe(200);
    const trashed = await call('GET', '/formsuite/v1/forms', { query: { status: 'trash' } });
    expect(trashed.body.map((f: { id: number }) => f.id)).toContain(id);

    await call('POST', '/formsuite/v1/forms/manage', { body: { form_ids: [id], action: 'restore' } });
    const published = await call('GET', '/formsuite/v1/forms', { query: { search: 'To be managed' } });
    expect(published.body[0].status).toBe('publish');

    await call('POST', '/formsuite/v1/forms/manage', { body: { form_ids: [id], action: 'draft' } });
    expect((await call('GET', '/formsuite/v1/forms', { query: { status: 'draft', search: 'To be managed' } })).body).toHaveLength(1);

    await call('POST', '/formsuite/v1/forms/manage', { body: { form_ids: [id], action: 'delete' } });
    const gone = await call('POST', '/formsuite/v1/forms/manage', { body: { form_ids: [id], action: 'trash' } });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('rest_form_invalid_id');
  });

  it('refuses an action outside the enum', async () => {
    const res = await call('POST', '/formsuite/v1/forms/manage', { body: { form_ids: [1], action: 'explode' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
  });
});

describe('duplicate, views, settings, markup', () => {
  it('duplicates a form as a draft with the suffix', async () => {
    const id = await createForm('Original');
    const copy = await call('POST', '/formsuite/v1/forms/duplicate', { body: { form_id: id } });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Original (Copy)', status: 'draft', fields: contactFields });
    const custom = await call('POST', '/formsuite/v1/forms/duplicate', { body: { form_id: id, title_suffix: ' v2' } });
    expect(custom.body.title).toBe('Original v2');
  });

  it('counts views of published forms from anonymous visitors, and not of drafts', async () => {
    const id = await createForm('Viewed');
    const first = await call('POST', '/formsuite/v1/forms/track-view', { role: 'anonymous', body: { form_id: id } });
    expect(first.body).toEqual({ form_id: id, views: 1 });
    const second = await call('POST', '/formsuite/v1/forms/track-view', { role: 'anonymous', body: { form_id: id } });
    expect(second.body.views).toBe(2);
    const draft = await createForm('Hidden', 'draft');
    expect((await call('POST', '/formsuite/v1/forms/track-view', { role: 'anonymous', body: { form_id: draft } })).status).toBe(404);
    expect((await call('POST', '/formsuite/v1/forms/track-view', { role: 'anonymous', body: { form_id: 0 } })).status).toBe(400);
  });

  it('merges settings into the form and renders escaped markup posting to submit-form', async () => {
    const id = await createForm('Say <hi> & "bye"');
    const saved = await call('POST', '/formsuite/v1/form-settings', { body: { post_id: id, meta_data: { submit_text: 'Send it' } } });
    expect(saved.body.settings).toEqual({ submit_text: 'Send it' });
    await call('POST', '/formsuite/v1/form-settings', { body: { post_id: id, meta_data: { confirmation_message: 'Thanks' } } });
    const markup = await call('GET', '/formsuite/v1/generate-form-markup', { query: { id } });
    expect(markup.status).toBe(200);
    const html: string = markup.body.markup;
    expect(html).toContain('/formsuite/v1/submit-form');
    expect(html).toContain('Send it');
    expect(html).toContain('name="email"');
    expect(html).toContain('Support');
    expect(html).not.toContain('<hi>');
    expect((await call('GET', '/formsuite/v1/generate-form-markup', { query: { id: 999999 } })).status).toBe(404);
    expect((await call('POST', '/formsuite/v1/form-settings', { body: { post_id: id, meta_data: 'x' } })).status).toBe(400);
  });
});

describe('editor start-up data', () => {
  it('forms-data lists the forms to pick from and form-data describes the editor', async () => {
    const id = await createForm('Pickable');
    const list = await call('GET', '/formsuite/v1/forms-data');
    expect(list.body.find((f: { id: number }) => f.id === id)).toMatchObject({ title: 'Pickable', status: 'publish' });
    const setup = await call('GET', '/formsuite/v1/form-data');
    expect(setup.body.field_types).toContain('email');
    expect(setup.body.submit_url).toBe(`${server.restUrl}/formsuite/v1/submit-form`);
    expect(setup.body.forms_count.publish).toBeGreaterThan(0);
  });
});

describe('convert-html-form', () => {
  it('builds a draft form from the markup when the client parser is unsure', async () => {
    const html = `<form><label for="n">Full name *</label><input id="n" name="full_name" required>
      <label>Email <input type="email" name="mail"></label>
      <select name="plan"><option>Basic</option><option>Pro</option></select>
      <input type="radio" name="size" value="S"><input type="radio" name="size" value="L">
      <textarea name="msg" placeholder="Your message"></textarea><button type="submit">Send now</button></form>`;
    const res = await call('POST', '/formsuite/v1/convert-html-form', { body: { html, confidence: 'low', form_title: 'Converted' } });
    expect(res.status).toBe(201);
    expect(res.body.source).toBe('html');
    expect(res.body.status).toBe('draft');
    expect(res.body.settings.submit_text).toBe('Send now');
    expect(res.body.fields).toEqual([
      { name: 'full_name', label: 'Full name', type: 'text', required: true },
      { name: 'mail', label: 'Email', type: 'email', required: false },
      { name: 'plan', label: 'plan', type: 'select', required: false, options: ['Basic', 'Pro'] },
      { name: 'size', label: 'size', type: 'select', required: false, options: ['S', 'L'] },
      { name: 'msg', label: 'Your message', type: 'textarea', required: false },
    ]);
  });

  it('uses the parsed fields when confident, and refuses a conversion with no fields', async () => {
    const res = await call('POST', '/formsuite/v1/convert-html-form', { body: { parsed_fields: [{ label: 'Phone number', type: 'phone', required: true }], html: '<input name="x">' } });
    expect(res.body.source).toBe('parsed_fields');
    expect(res.body.fields).toEqual([{ name: 'phone_number', label: 'Phone number', type: 'tel', required: true }]);
    expect(res.body.title).toBe('Converted form');
    const empty = await call('POST', '/formsuite/v1/convert-html-form', { body: { parsed_fields: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('rest_form_conversion_empty');
  });
});

describe('migrator', () => {
  async function sourcePost(type: string, title: string, content: string): Promise<number> {
    const res = await server.app.db
      .insertInto('posts')
      .values({
        author: 1, type, status: 'publish', slug: '', title, content, excerpt: '', password: '', parent: 0, menu_order: 0,
        comment_status: 'closed', ping_status: 'closed', format: 'standard', template: '', mime_type: '', guid: '',
        date: '2024-01-01 00:00:00', date_gmt: '2024-01-01 00:00:00', modified: '2024-01-01 00:00:00', modified_gmt: '2024-01-01 00:00:00', comment_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return res.id;
  }

  it('lists a source plugin\'s forms, dry-runs, imports, and skips what was imported before', async () => {
    const cf7 = await sourcePost('wpcf7_contact_form', 'Old contact', '<label>[text* your-name]</label> [email* your-email] [select menu "A" "B"] [submit "Go"]');
    const sources = await call('GET', '/formsuite/v1/migrator/sources');
    expect(sources.body.map((s: { id: string }) => s.id)).toContain('cf7');

    const listed = await call('GET', '/formsuite/v1/migrator/sources/cf7/forms');
    expect(listed.body).toEqual([{ id: cf7, title: 'Old contact', fields_count: 3, readable: true, imported: false, imported_form_id: null }]);

    const dry = await call('POST', '/formsuite/v1/migrator/sources/cf7/import', { body: { dry_run: true } });
    expect(dry.body.results).toEqual([{ source_id: cf7, title: 'Old contact', status: 'would-import', fields: 3 }]);
    expect((await call('GET', '/formsuite/v1/migrator/sources/cf7/forms')).body[0].imported).toBe(false);

    const done = await call('POST', '/formsuite/v1/migrator/sources/cf7/import', { body: { form_ids: [cf7], post_status: 'publish' } });
    expect(done.status).toBe(201);
    const formId = done.body.results[0].form_id;
    const forms = await call('GET', '/formsuite/v1/forms', { query: { search: 'Old contact' } });
    expect(forms.body[0]).toMatchObject({ id: formId, status: 'publish', settings: { submit_text: 'Go' } });
    expect(forms.body[0].fields).toEqual([
      { name: 'your-name', label: 'Name', type: 'text', required: true },
      { name: 'your-email', label: 'Email', type: 'email', required: true },
      { name: 'menu', label: 'Menu', type: 'select', required: false, options: ['A', 'B'] },
    ]);
    expect((await call('GET', '/formsuite/v1/migrator/sources/cf7/forms')).body[0]).toMatchObject({ imported: true, imported_form_id: formId });

    const again = await call('POST', '/formsuite/v1/migrator/sources/cf7/import', { body: { skip_existing: true } });
    expect(again.body.results[0]).toMatchObject({ source_id: cf7, status: 'skipped', form_id: formId });
    expect(again.body.imported).toBe(0);
  });

  it('reads JSON-based sources and answers 404 for a plugin it does not know', async () => {
    await sourcePost('wpforms', 'Json form', JSON.stringify({ fields: { 0: { type: 'name', label: 'Your name', required: '1' }, 1: { type: 'radio', label: 'Pick', choices: { 1: { label: 'X' }, 2: { label: 'Y' } } } }, settings: { submit_text: 'Send' } }));
    const res = await call('POST', '/formsuite/v1/migrator/sources/wpforms/import', { body: {} });
    const form = (await call('GET', '/formsuite/v1/forms', { query: { status: 'draft', search: 'Json form' } })).body[0];
    expect(res.body.imported).toBe(1);
    expect(form.fields).toEqual([
      { name: 'your_name', label: 'Your name', type: 'text', required: true },
      { name: 'pick', label: 'Pick', type: 'select', required: false, options: ['X', 'Y'] },
    ]);
    const unknown = await call('GET', '/formsuite/v1/migrator/sources/nosuch/forms');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('rest_migrator_invalid_source');
  });
});
