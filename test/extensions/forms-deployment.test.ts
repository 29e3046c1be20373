/**
 * The `forms` deployment serves the same hand-written form suite as studio (the handlers are
 * shared), and none of the page builder it leaves out.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { clientFor } from './client.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'forms' });
  call = clientFor(server);
});

afterAll(async () => {
  await server?.close();
});

it('creates a form, takes a visitor\'s submission and lists it, without the page builder routes', async () => {
  const form = await call('POST', '/formsuite/v1/create-new-form', { body: { title: 'Leads', status: 'publish', fields: [{ name: 'email', label: 'Email', type: 'email', required: true }] } });
  expect(form.status).toBe(201);
  const sent = await call('POST', '/formsuite/v1/submit-form', { role: 'anonymous', body: { form_id: form.body.id, email: 'lead@example.com' } });
  expect(sent.status).toBe(201);
  const entries = await call('GET', '/formsuite/v1/entries/list', { query: { form_id: form.body.id } });
  expect(entries.body.map((e: { data: unknown }) => e.data)).toEqual([{ email: 'lead@example.com' }]);
  const builder = await call('GET', '/pagebuilder/v1/variables/list');
  expect(builder.status).toBe(404);
  expect(builder.body.code).toBe('rest_no_route');
});
