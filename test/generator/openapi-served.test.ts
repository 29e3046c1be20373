/**
 * The OpenAPI document says what the server really answers: every GET operation without path
 * params, called as an administrator on a live studio server, answers a status the document
 * lists for it, with a body valid against the schema listed for that status (JSON Schema 2020-12,
 * as OpenAPI 3.1 means it). Media items (status `inherit`, `post: null`) and the 503 of
 * unconfigured upstream services included. Custom endpoints that write (forms, page builder
 * variables and kit defaults, the batch's 207, CSV and CSS answers) are called in a sequence and
 * checked the same way, against the shape, status and media type their spec declares.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import Ajv2020Module from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';

type Operation = { operationId: string; parameters?: Array<{ $ref?: string; in?: string }>; responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }> };
const doc = JSON.parse(readFileSync(new URL('../../output/deployments/studio/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content: Record<string, { schema: unknown }> }>; parameters: Record<string, { in: string; required: boolean }> };
};

const Ajv2020 = Ajv2020Module as unknown as typeof Ajv2020Module.default;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(doc, 'openapi.json');

/** The schema of the answer with this status, as a reference into the document (`media`: its content type there). */
function answerSchema(path: string, method: string, status: string, media = 'application/json'): object | undefined {
  const op = doc.paths[path]![method]!;
  const response = op.responses[status] ?? op.responses.default;
  if (response === undefined) return undefined;
  if (response.$ref) return { $ref: `openapi.json${response.$ref}/content/${media.replace(/\//g, '~1')}/schema` };
  const pointer = `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}/content/application~1json/schema`;
  return response.content?.['application/json'] ? { $ref: `openapi.json${pointer}` } : undefined;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
  // A media item, so the media list answers one (its status is `inherit`, its post null).
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'dot.png');
  const res = await fetch(`${server.restUrl}/core/v2/media`, { method: 'POST', headers: server.authHeaders('administrator'), body: form });
  expect(res.status).toBe(201);
  // A published post and page, so their lists answer items too.
  const headers = { ...server.authHeaders('administrator'), 'content-type': 'application/json' };
  for (const type of ['posts', 'pages']) {
    const created = await fetch(`${server.restUrl}/core/v2/${type}`, { method: 'POST', headers, body: JSON.stringify({ title: `Served ${type}`, content: 'Hello', status: 'publish' }) });
    expect(created.status).toBe(201);
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('OpenAPI document against the live server', () => {
  it('lists the status and describes the body of every GET without path params', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get;
      if (op === undefined || path.includes('{')) continue;
      const required = (op.parameters ?? []).map((p) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!]! : p)).filter((p) => (p as { required?: boolean }).required);
      if (required.length > 0) continue;
      const res = await fetch(`${server.restUrl}${path}`, { headers: server.authHeaders('administrator') });
      const status = String(res.status);
      const body = (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as unknown) : await res.text();
      checked++;
      if (!(status in op.responses) && !(res.status >= 400 && 'default' in op.responses)) {
        problems.push(`${path}: answered ${status}, documented ${Object.keys(op.responses).join(', ')}`);
        continue;
      }
      // A file or text answer (the theme export's zip) is looked up under its own media type.
      const schema = answerSchema(path, 'get', status, (res.headers.get('content-type') ?? 'application/json').split(';')[0]!.trim());
      if (schema === undefined) continue;
      const validate = ajv.compile(schema);
      if (!validate(body)) problems.push(`${path} ${status}: ${ajv.errorsText(validate.errors?.slice(0, 3))}`);
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  }, 300_000);

  it('documents the answers of the custom endpoints that write, with their statuses and media types', async () => {
    const headers = { ...server.authHeaders('administrator'), 'content-type': 'application/json' };
    const problems: string[] = [];
    let checked = 0;
    /** Calls `url` and checks the answer against the document's `docPath` operation; returns the body. */
    const check = async (method: string, docPath: string, url: string, body?: unknown): Promise<any> => {
      const res = await fetch(`${server.restUrl}${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const op = doc.paths[docPath]?.[method.toLowerCase()];
      const status = String(res.status);
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!;
      const answer = type.includes('json') ? ((await res.json()) as unknown) : await res.text();
      checked++;
      if (op === undefined) return problems.push(`${method} ${docPath}: not in the document`);
      if (!(status in op.responses)) return problems.push(`${method} ${url}: answered ${status} ${JSON.stringify(answer).slice(0, 200)}, documented ${Object.keys(op.responses).join(', ')}`);
      const validate = ajv.compile(answerSchema(docPath, method.toLowerCase(), status, type)!);
      if (!validate(answer)) problems.push(`${method} ${url} ${status}: ${ajv.errorsText(validate.errors?.slice(0, 3))}`);
      return answer;
    };
    const form = await check('POST', '/formsuite/v1/create-new-form', '/formsuite/v1/create-new-form', { title: 'Served form', status: 'publish', fields: [{ name: 'email', label: 'Email', type: 'email' }] });
    await check('GET', '/formsuite/v1/forms/{id}', `/formsuite/v1/forms/${form.id}`);
    await check('GET', '/formsuite/v1/generate-form-markup', `/formsuite/v1/generate-form-markup?id=${form.id}`);
    await check('POST', '/formsuite/v1/forms/track-view', '/formsuite/v1/forms/track-view', { form_id: form.id });
    await check('POST', '/formsuite/v1/forms/duplicate', '/formsuite/v1/forms/duplicate', { form_id: form.id });
    await check('POST', '/formsuite/v1/forms/export', '/formsuite/v1/forms/export', { post_ids: [form.id] });
    await check('POST', '/formsuite/v1/forms/manage', '/formsuite/v1/forms/manage', { form_ids: [form.id], action: 'draft' });
    await check('POST', '/formsuite/v1/entries/export', '/formsuite/v1/entries/export', {});
    await check('POST', '/pagebuilder/v1/site-navigation/add-new-post', '/pagebuilder/v1/site-navigation/add-new-post', { post_type: 'post' });
    await check('PUT', '/pagebuilder/v1/kit-elements-defaults/{type}', '/pagebuilder/v1/kit-elements-defaults/button', { settings: { color: 'red' } });
    await check('DELETE', '/pagebuilder/v1/kit-elements-defaults/{type}', '/pagebuilder/v1/kit-elements-defaults/button');
    await check('POST', '/pagebuilder/v1/variables/create', '/pagebuilder/v1/variables/create', { type: 'color', label: 'Brand', value: '#123456' });
    await check('POST', '/pagebuilder/v1/design-system-sync/stylesheet', '/pagebuilder/v1/design-system-sync/stylesheet', {});
    await check('GET', '/pagebuilder/v1/design-system-sync/stylesheet', '/pagebuilder/v1/design-system-sync/stylesheet');
    await check('POST', '/batch/v1', '/batch/v1', { requests: [{ method: 'GET', path: '/core/v2/posts' }] });
    expect(problems).toEqual([]);
    expect(checked).toBe(15);
  }, 120_000);

  it('lists 503 for an upstream service that is not configured, and the server answers it', async () => {
    const op = doc.paths['/tmpl-library/v1/items/{id}']!.get!;
    expect(op.responses['503']).toBeDefined();
    const res = await fetch(`${server.restUrl}/tmpl-library/v1/items/12`, { headers: server.authHeaders('administrator') });
    expect(res.status).toBe(503);
    const validate = ajv.compile(answerSchema('/tmpl-library/v1/items/{id}', 'get', '503')!);
    expect(validate(await res.json())).toBe(true);
  });

  it('reads a comma list for an array query param, as the document declares (style form, explode false)', async () => {
    const headers = { ...server.authHeaders('administrator'), 'content-type': 'application/json' };
    for (const status of ['draft', 'pending']) await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers, body: JSON.stringify({ title: `Comma ${status}`, status }) });
    const res = await fetch(`${server.restUrl}/core/v2/posts?status=draft,pending&search=Comma`, { headers: server.authHeaders('administrator') });
    const posts = (await res.json()) as Array<{ status: string }>;
    expect(posts.map((p) => p.status).sort()).toEqual(['draft', 'pending']);
  });
});
