/**
 * A site owner's edits of a form after creating it (title, fields, settings, status) over
 * HTTP, seen in the form's read, the forms list, the rendered markup and the submission
 * checks; and the CSV export of entries that a spreadsheet cannot run as formulas.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { clientFor } from './client.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  call = clientFor(server);
});

afterAll(async () => {
  await server?.close();
});

async function newForm(fields: unknown[]): Promise<number> {
  const res = await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Before', status: 'publish', fields } });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('editing a form', () => {
  it('changes title, fields and settings, and the read, the list, the markup and the submit checks follow', async () => {
    const id = await newForm([{ name: 'your_name', label: 'Name', type: 'text', required: true }]);
    const edited = await call('POST', `/formsuite/v1/forms/${id}`, {
      body: {
        title: 'After',
        fields: [
          { name: 'your_name', label: 'Full name', type: 'text', required: true },
          { name: 'phone', label: 'Phone', type: 'tel', required: true },
        ],
        settings: { submit_text: 'Call me back' },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('After');

    const read = await call('GET', `/formsuite/v1/forms/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.title).toBe('After');
    expect(read.body.fields.map((f: { name: string }) => f.name)).toEqual(['your_name', 'phone']);
    expect(read.body.settings.submit_text).toBe('Call me back');

    const list = await call('GET', '/formsuite/v1/forms', { query: { search: 'After', per_page: 100 } });
    expect(list.body.map((f: { id: number }) => f.id)).toContain(id);

    const html: string = (await call('GET', '/formsuite/v1/generate-form-markup', { query: { id } })).body.markup;
    expect(html).toContain('Full name');
    expect(html).toContain('name="phone"');
    expect(html).toContain('Call me back');

    const missingPhone = await call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: id, your_name: 'Ada' } });
    expect(missingPhone.status).toBe(400);
    expect(missingPhone.body.data.params).toHaveProperty('phone');
  });

  it('keeps settings not named in the edit, and PATCH changes only the status', async () => {
    const id = await newForm([]);
    await call('POST', '/formsuite/v1/form-settings', { body: { post_id: id, meta_data: { confirmation_message: 'Thanks' } } });
    await call('PUT', `/formsuite/v1/forms/${id}`, { body: { settings: { submit_text: 'Go' } } });
    const patched = await call('PATCH', `/formsuite/v1/forms/${id}`, { body: { status: 'draft' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Before', status: 'draft', settings: { confirmation_message: 'Thanks', submit_text: 'Go' } });
  });

  it('refuses bad edits in the interface shape and changes nothing', async () => {
    const id = await newForm([{ name: 'a', type: 'text' }]);
    const cases = [
      { title: '' },
      { fields: [{ name: 'x' }, { name: 'x' }] },
      { fields: [{ label: 'no name' }] },
      { fields: 'nope' },
      { status: 'nonsense' },
    ];
    for (const body of cases) {
      const res = await call('POST', `/formsuite/v1/forms/${id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('rest_invalid_param');
      expect(res.body.data.status).toBe(400);
    }
    const read = await call('GET', `/formsuite/v1/forms/${id}`);
    expect(read.body).toMatchObject({ title: 'Before', status: 'publish', fields: [{ name: 'a', type: 'text' }] });
    expect((await call('POST', '/formsuite/v1/forms/999999', { body: { title: 'x' } })).status).toBe(404);
    expect((await call('POST', `/formsuite/v1/forms/${id}`, { role: 'editor', body: { title: 'x' } })).status).toBe(403);
  });
});

describe('CSV export against formula injection', () => {
  it('prefixes cells a spreadsheet would evaluate with an apostrophe, and leaves the rest as typed', async () => {
    const id = await newForm([]);
    const hostile = { a: '=HYPERLINK("http://x","y")', b: '+1+1', c: '-2', d: '@SUM(A1)', e: '\tTab', f: '\rCR', g: 'plain = fine', h: '42' };
    const sub = await call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: id, ...hostile, '=cmd': 'header' } });
    expect(sub.status).toBe(201);
    const res = await call('POST', '/formsuite/v1/entries/export', { body: { entry_ids: [sub.body.entry_id] } });
    expect(res.status).toBe(200);
    const rows = parse(res.text, { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.a).toBe(`'${hostile.a}`);
    expect(row.b).toBe("'+1+1");
    expect(row.c).toBe("'-2");
    expect(row.d).toBe("'@SUM(A1)");
    expect(row.e).toBe("'\tTab");
    expect(row.f).toBe("'\rCR");
    expect(row.g).toBe('plain = fine');
    expect(row.h).toBe('42');
    expect(row["'=cmd"]).toBe('header');
    for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });
});
