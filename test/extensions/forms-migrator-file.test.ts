/**
 * Other form plugins' export files made into this site's forms, through the interface (the
 * import-file route, as text and as a multipart upload) and through the CLI
 * (`specpress forms import --from ... FILE`), each read back over HTTP.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { databaseFile } from '../../runtime/store/paths.ts';
import { clientFor } from './client.ts';

const run = promisify(execFile);
let server: TestServer;
let call: ReturnType<typeof clientFor>;

/** A Gravity Forms export: forms keyed "0", "1"... beside the plugin version. */
const gravityExport = {
  0: {
    title: 'Gravity quote',
    button: { type: 'text', text: 'Get my quote' },
    fields: [
      { id: 1, type: 'name', label: 'Your name', isRequired: true },
      { id: 2, type: 'email', label: 'Email', isRequired: true },
      { id: 3, type: 'select', label: 'Budget', choices: [{ text: 'Small', value: 's' }, { text: 'Large', value: 'l' }] },
    ],
  },
  1: { title: 'Gravity feedback', fields: [{ id: 1, type: 'textarea', label: 'Feedback' }] },
  version: '2.8.0',
};

/** A WPForms export: a list of forms, titles in their settings. */
const wpformsExport = [
  { id: 12, fields: { 0: { id: '0', type: 'name', label: 'Name', required: '1' }, 1: { id: '1', type: 'email', label: 'E-mail' } }, settings: { form_title: 'WP contact', submit_text: 'Send' } },
];

async function formsTitled(search: string) {
  const res = await call('GET', '/formsuite/v1/forms', { query: { status: 'any', search, per_page: 100 } });
  expect(res.status).toBe(200);
  return res.body as Array<{ id: number; title: string; status: string; fields: Array<{ label: string; type: string; required: boolean; options?: string[] }>; settings: Record<string, unknown> }>;
}

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  call = clientFor(server);
});

afterAll(async () => {
  await server?.close();
});

describe('import-file route', () => {
  it('imports every form of a Gravity Forms export sent as text, with fields, choices and button text', async () => {
    const res = await call('POST', '/formsuite/v1/migrator/sources/gravityforms/import-file', { body: { content: JSON.stringify(gravityExport), post_status: 'publish' } });
    expect(res.status).toBe(201);
    expect(res.body.imported).toBe(2);
    const [quote] = await formsTitled('Gravity quote');
    expect(quote.status).toBe('publish');
    expect(quote.settings.submit_text).toBe('Get my quote');
    expect(quote.fields.map((f) => f.label)).toEqual(['Your name', 'Email', 'Budget']);
    expect(quote.fields[1]).toMatchObject({ type: 'email', required: true });
    expect(quote.fields[2].options).toEqual(['Small', 'Large']);
    expect(await formsTitled('Gravity feedback')).toHaveLength(1);
  });

  it('takes the file as a multipart upload (a WPForms export)', async () => {
    const body = new FormData();
    body.set('file', new Blob([JSON.stringify(wpformsExport)], { type: 'application/json' }), 'wpforms-export.json');
    const res = await fetch(`${server.restUrl}/formsuite/v1/migrator/sources/wpforms/import-file`, { method: 'POST', headers: server.authHeaders('administrator'), body });
    expect(res.status).toBe(201);
    const [form] = await formsTitled('WP contact');
    expect(form.status).toBe('draft');
    expect(form.settings.submit_text).toBe('Send');
    expect(form.fields.map((f) => f.label)).toEqual(['Name', 'E-mail']);
    expect(form.fields[0].required).toBe(true);
  });

  it('refuses what is not an export, an unknown plugin, and plugins without export files, in the interface shape', async () => {
    const before = (await formsTitled('')).length;
    const cases: Array<[string, unknown, number, string]> = [
      ['gravityforms', { content: 'not json' }, 400, 'rest_invalid_param'],
      ['gravityforms', { content: '{"version":"2.8"}' }, 400, 'rest_invalid_param'],
      ['cf7', { content: '[]' }, 400, 'rest_invalid_param'],
      ['nosuch', { content: '[]' }, 404, 'rest_migrator_invalid_source'],
      ['gravityforms', {}, 400, 'rest_missing_callback_param'],
    ];
    for (const [key, body, status, code] of cases) {
      const res = await call('POST', `/formsuite/v1/migrator/sources/${key}/import-file`, { body });
      expect(res.status, `${key} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body).toMatchObject({ code, data: { status } });
    }
    expect((await formsTitled('')).length).toBe(before);
    expect((await call('POST', '/formsuite/v1/migrator/sources/gravityforms/import-file', { role: 'editor', body: { content: '{}' } })).status).toBe(403);
  });
});

describe('specpress forms import', () => {
  it('imports a Ninja Forms export file into the site the server reads', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-cli-'));
    const file = path.join(dir, 'survey.nff');
    fs.writeFileSync(file, JSON.stringify({ settings: { title: 'Ninja survey', submit_text: 'Done' }, fields: [{ key: 'rating', type: 'listselect', label: 'Rating', required: 1, options: [{ label: 'Good' }, { label: 'Bad' }] }, { type: 'submit', label: 'Done' }] }));
    const target = server.app.config.database ?? databaseFile(server.dataDir);
    try {
      const out = await run(process.execPath, ['bin/specpress.js', 'forms', 'import', '--from', 'ninjaforms', '--status', 'publish', '--data', server.dataDir, '--database', target, file], { timeout: 60_000 });
      expect(out.stdout).toMatch(/Imported "Ninja survey" as form \d+ \(1 fields, publish\)/);
      const [form] = await formsTitled('Ninja survey');
      expect(form).toMatchObject({ status: 'publish', settings: { submit_text: 'Done' } });
      expect(form.fields).toEqual([expect.objectContaining({ label: 'Rating', type: 'select', required: true, options: ['Good', 'Bad'] })]);

      fs.writeFileSync(file, 'garbage');
      const failed = await run(process.execPath, ['bin/specpress.js', 'forms', 'import', '--from', 'ninjaforms', '--data', server.dataDir, '--database', target, file], { timeout: 60_000 }).then(() => undefined, (err: { code: number; stderr: string }) => err);
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain('not a ninjaforms export');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
