/**
 * The page builder's hand-written operations over HTTP on the studio deployment: design
 * variables (create, update, delete, restore, batches guarded by a watermark), global classes
 * per context and their usage, kit defaults, the globals overview, and importing a
 * document's external images into the media library.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { clientFor } from './client.ts';

let server: TestServer;
let call: ReturnType<typeof clientFor>;
let images: LoopbackServer;
let imagesUrl: string;
let imageRequests = 0;

beforeAll(async () => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
  images = await startLoopbackServer((req, res) => {
    imageRequests++;
    if (req.url === '/photo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else res.writeHead(404).end();
  });
  imagesUrl = `${images.url}`;
  server = await startTestServer({ deployment: 'studio', config: { outboundAllow: ['127.0.0.1'] } });
  call = clientFor(server);
});

afterAll(async () => {
  await server?.close();
  await images?.close();
});

describe('variables', () => {
  it('creates, updates, deletes and restores a variable, each change moving the watermark', async () => {
    const start = (await call('GET', '/pagebuilder/v1/variables/list')).body.data;
    const created = await call('POST', '/pagebuilder/v1/variables/create', { body: { type: 'color', label: 'Brand', value: '#ff0000' } });
    expect(created.status).toBe(201);
    const id = created.body.data.variable.id;
    expect(created.body.data.variable).toMatchObject({ type: 'color', label: 'Brand', value: '#ff0000' });
    expect(created.body.data.watermark).toBe(start.watermark + 1);

    const updated = await call('PUT', '/pagebuilder/v1/variables/update', { body: { id, label: 'Brand red', value: '#ee0000' } });
    expect(updated.body.data.variables[id]).toMatchObject({ label: 'Brand red', value: '#ee0000' });

    const deleted = await call('POST', '/pagebuilder/v1/variables/delete', { body: { id } });
    expect(deleted.body.data.variables[id]).toBeUndefined();
    expect((await call('GET', '/pagebuilder/v1/variables/list')).body.data.variables[id]).toBeUndefined();

    const restored = await call('POST', '/pagebuilder/v1/variables/restore', { body: { id, value: '#dd0000' } });
    expect(restored.body.data.variables[id]).toMatchObject({ label: 'Brand red', value: '#dd0000' });
    expect(restored.body.data.watermark).toBe(start.watermark + 4);
  });

  it('refuses a duplicated label and an unknown variable in the interface\'s error shape', async () => {
    await call('POST', '/pagebuilder/v1/variables/create', { body: { type: 'font', label: 'Heading', value: 'Inter' } });
    const dup = await call('POST', '/pagebuilder/v1/variables/create', { body: { type: 'font', label: 'heading', value: 'Lora' } });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ code: 'rest_variable_duplicated_label', data: { status: 400 } });
    const missing = await call('POST', '/pagebuilder/v1/variables/update', { body: { id: 'nope', label: 'x', value: 'y' } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('rest_variable_not_found');
    expect((await call('POST', '/pagebuilder/v1/variables/create', { body: { type: 'font', label: 'No value' } })).status).toBe(400);
  });

  it('an id that is an object names no variable (404), even one whose toString is not a function', async () => {
    const res = await call('POST', '/pagebuilder/v1/variables/restore', { body: { id: { toString: 'x' } } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_variable_not_found');
  });

  it('applies a batch made against the current watermark, all or nothing, and refuses a stale one with 409', async () => {
    const before = (await call('GET', '/pagebuilder/v1/variables/list')).body.data;
    const stale = await call('POST', '/pagebuilder/v1/variables/batch', { body: { watermark: before.watermark - 1, operations: [{ type: 'create', variable: { type: 'color', label: 'Stale', value: '#000' } }] } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'rest_variables_watermark_mismatch', data: { status: 409, watermark: before.watermark } });

    const failing = await call('POST', '/pagebuilder/v1/variables/batch', {
      body: { watermark: before.watermark, operations: [{ type: 'create', variable: { type: 'color', label: 'Half', value: '#111' } }, { type: 'update', id: 'missing', variable: { value: '#222' } }] },
    });
    expect(failing.status).toBe(404);
    const unchanged = (await call('GET', '/pagebuilder/v1/variables/list')).body.data;
    expect(unchanged.watermark).toBe(before.watermark);
    expect(Object.values(unchanged.variables).some((v: any) => v.label === 'Half')).toBe(false);

    const good = await call('POST', '/pagebuilder/v1/variables/batch', {
      body: { watermark: before.watermark, operations: [{ type: 'create', variable: { type: 'color', label: 'Sky', value: '#0af' } }, { type: 'create', variable: { type: 'color', label: 'Sea', value: '#06c' } }] },
    });
    expect(good.status).toBe(200);
    expect(good.body.data.watermark).toBe(before.watermark + 1);
    expect(good.body.data.results.map((r: { type: string }) => r.type)).toEqual(['create', 'create']);
    const labels = Object.values(good.body.data.variables).map((v: any) => v.label);
    expect(labels).toEqual(expect.arrayContaining(['Sky', 'Sea']));
  });
});

describe('global classes', () => {
  const items = {
    'g-1': { id: 'g-1', type: 'class', label: 'card', variants: [{ props: { padding: '8px' } }] },
    'g-2': { id: 'g-2', type: 'class', label: 'hero', variants: [] },
  };

  it('saves per context and reads each context back on its own', async () => {
    const saved = await call('PUT', '/pagebuilder/v1/global-classes', { query: { context: 'preview' }, body: { items, order: ['g-2', 'g-1'], changes: { added: ['g-1', 'g-2'], deleted: [], modified: [] } } });
    expect(saved.status).toBe(200);
    const preview = await call('GET', '/pagebuilder/v1/global-classes', { query: { context: 'preview' } });
    expect(preview.body).toEqual({ data: items, meta: { order: ['g-2', 'g-1'] } });
    const frontend = await call('GET', '/pagebuilder/v1/global-classes');
    expect(frontend.body).toEqual({ data: {}, meta: { order: [] } });
  });

  it('refuses a save whose order or changes disagree with its items', async () => {
    const bad = await call('PUT', '/pagebuilder/v1/global-classes', { body: { items, order: ['g-1'], changes: { added: [], deleted: ['g-2'], modified: [] } } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
    const wrongType = await call('PUT', '/pagebuilder/v1/global-classes', { body: { items: { x: { id: 'x', type: 'other', label: 'x', variants: [] } }, order: ['x'], changes: { added: [], deleted: [], modified: [] } } });
    expect(wrongType.status).toBe(400);
  });

  it('reports where each class is used in documents', async () => {
    await call('PUT', '/pagebuilder/v1/global-classes', { body: { items, order: ['g-1', 'g-2'], changes: { added: ['g-1', 'g-2'], deleted: [], modified: [] } } });
    const post = await call('POST', '/core/v2/posts', {
      body: { title: { raw: 'Styled post' }, status: 'publish', meta: { _builder_data: JSON.stringify([{ elType: 'widget', settings: { classes: { value: ['g-1'] } } }]) } },
    });
    expect(post.status).toBe(201);
    // An id that merely starts like another class's is no use of it.
    await call('POST', '/core/v2/posts', { body: { title: { raw: 'Other post' }, status: 'publish', meta: { _builder_data: JSON.stringify([{ settings: { classes: { value: ['g-10'] } } }]) } } });
    const usage = await call('GET', '/pagebuilder/v1/global-classes/usage');
    expect(usage.body.data).toEqual([
      { classId: 'g-1', total: 1, content: [{ id: post.body.id, title: 'Styled post', type: 'post' }] },
      { classId: 'g-2', total: 0, content: [] },
    ]);
  });
});

describe('kit defaults and globals', () => {
  it('stores, lists and deletes the default settings of element types', async () => {
    expect((await call('GET', '/pagebuilder/v1/kit-elements-defaults')).body).toEqual({});
    const saved = await call('PUT', '/pagebuilder/v1/kit-elements-defaults/button', { body: { settings: { size: 'lg' } } });
    expect(saved.body).toEqual({ button: { size: 'lg' } });
    await call('POST', '/pagebuilder/v1/kit-elements-defaults/heading', { body: { settings: { tag: 'h2' } } });
    expect((await call('GET', '/pagebuilder/v1/kit-elements-defaults')).body).toEqual({ button: { size: 'lg' }, heading: { tag: 'h2' } });
    expect((await call('DELETE', '/pagebuilder/v1/kit-elements-defaults/button')).body).toEqual({ deleted: true, type: 'button' });
    expect((await call('GET', '/pagebuilder/v1/kit-elements-defaults')).body).toEqual({ heading: { tag: 'h2' } });
    expect((await call('PUT', '/pagebuilder/v1/kit-elements-defaults/button', { body: { settings: 'big' } })).status).toBe(400);
  });

  it('answers colours and typography together, the shipped ones and the site\'s own', async () => {
    await call('POST', '/pagebuilder/v1/globals/colors/brand', { body: { title: 'Brand', value: '#123456' } });
    await call('DELETE', '/pagebuilder/v1/globals/colors/accent');
    const globals = await call('GET', '/pagebuilder/v1/globals');
    expect(globals.body.colors.primary).toEqual(expect.objectContaining({ id: 'primary', title: 'Primary', value: '#6EC1E4' }));
    expect(globals.body.colors.brand).toEqual(expect.objectContaining({ title: 'Brand', value: '#123456' }));
    expect(globals.body.colors.accent).toBeUndefined();
    expect(globals.body.typography.secondary.value).toEqual({ typography_font_family: 'Roboto Slab', typography_font_weight: '400' });
    const single = await call('GET', '/pagebuilder/v1/globals/colors');
    expect(single.body.map((c: { id: string }) => c.id).sort()).toEqual(Object.keys(globals.body.colors).sort());
  });
});

describe('document media import', () => {
  it('imports external images once into the library and points the document at them', async () => {
    const external = `${imagesUrl}/photo.png`;
    const data = [
      { elType: 'widget', settings: { image: { url: external, id: '' } } },
      { elType: 'container', elements: [{ settings: { background_image: { url: external } } }, { settings: { image: { url: `${imagesUrl}/missing.png` } } }] },
    ];
    const post = await call('POST', '/core/v2/pages', { body: { title: { raw: 'Imported template' }, status: 'draft', meta: { _builder_data: JSON.stringify(data) } } });
    const before = imageRequests;
    const res = await call('POST', `/pagebuilder/v1/documents/${post.body.id}/media/import`);
    expect(res.status).toBe(200);
    expect(imageRequests - before).toBe(2);
    expect(res.body.imported).toHaveLength(1);
    const [item] = res.body.imported;
    expect(item.from).toBe(external);
    expect(item.url.startsWith(`${server.siteUrl}/wp-content/uploads/`)).toBe(true);
    expect(res.body.failed).toEqual([expect.objectContaining({ url: `${imagesUrl}/missing.png` })]);

    const media = await call('GET', `/core/v2/media/${item.id}`, { query: { context: 'edit' } });
    expect(media.status).toBe(200);
    expect(media.body.post).toBe(post.body.id);
    expect(media.body.media_details.width).toBe(40);
    const file = await fetch(item.url);
    expect(file.status).toBe(200);

    const page = await call('GET', `/core/v2/pages/${post.body.id}`, { query: { context: 'edit' } });
    const tree = JSON.parse(page.body.meta._builder_data);
    expect(tree[0].settings.image).toEqual({ url: item.url, id: item.id, source: 'library' });
    expect(tree[1].elements[0].settings.background_image).toEqual({ url: item.url, id: item.id, source: 'library' });
    expect(tree[1].elements[1].settings.image.url).toBe(`${imagesUrl}/missing.png`);

    const again = await call('POST', `/pagebuilder/v1/documents/${post.body.id}/media/import`);
    expect(again.body.imported).toEqual([]);
  });

  it('answers 404 for a document that does not exist', async () => {
    const res = await call('POST', '/pagebuilder/v1/documents/999999/media/import');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('rest_post_invalid_id');
  });

  it("acts on the URL's document whatever id a JSON body names (the path names the object)", async () => {
    const odd = await call('POST', '/pagebuilder/v1/documents/1/media/import', { body: { id: { toString: 'x' } } });
    const other = await call('POST', '/pagebuilder/v1/documents/1/media/import', { body: { id: 999_999 } });
    const plain = await call('POST', '/pagebuilder/v1/documents/1/media/import');
    expect([odd.status, other.status]).toEqual([plain.status, plain.status]);
    expect(plain.status).toBe(200);
  });
});
