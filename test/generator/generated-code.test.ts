/**
 * The generated validators and client, imported and run: files are written to a scratch folder
 * inside the repository so that their package imports resolve as they do under output/.
 */
import { mkdtemp, mkdir, rm, rmdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emitClient } from '../../generator/emit/client.ts';
import { emitValidators } from '../../generator/emit/validators.ts';
import { formatFile } from '../../generator/format.ts';
import { smallModel } from './fixtures/small-model.ts';

let scratch: string;
let dir: string;
let validators: Record<string, (data: unknown) => boolean> & Record<string, { errors?: Array<{ instancePath: string; keyword: string }> | null }>;
let clientModule: any;
let validatorName: (operationId: string) => string;

beforeAll(async () => {
  scratch = join(new URL('../..', import.meta.url).pathname, '.tmp');
  await mkdir(scratch, { recursive: true });
  dir = await mkdtemp(join(scratch, 'generated-code-'));
  const deployment = smallModel().deployments[0];
  deployment.routes[2].endpoints[1].args.title = { type: 'string', minLength: 2, required: true };
  const shared = emitValidators({ deployments: [deployment] });
  validatorName = (id) => shared.index.name(deployment.name, id);
  for (const file of [...shared.files(), ...emitClient(deployment)]) {
    const name = file.path.split('/').at(-1)!;
    await writeFile(join(dir, name), await formatFile(file.path, file.content));
  }
  await writeFile(join(dir, 'types.ts'), 'export {};\n');
  validators = (await import(join(dir, 'validators.ts'))) as typeof validators;
  clientModule = await import(join(dir, 'client.ts'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rmdir(scratch).catch(() => {}); // left when another run still uses it
});

describe('generated validators', () => {
  it('accept valid params and report each broken constraint', () => {
    const list = validators[validatorName('corePostsList')] as ((d: unknown) => boolean) & { errors?: Array<{ instancePath: string; keyword: string }> | null };
    expect(list({ page: 1, per_page: 100, status: ['draft'] })).toBe(true);
    expect(list({ page: 0, per_page: 101, status: ['nope'] })).toBe(false);
    expect(list.errors!.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual(['/page minimum', '/per_page maximum', '/status/0 enum']);
  });

  it('check required params and string length (ajv runtime helpers load)', () => {
    const create = validators[validatorName('corePostsCreate')] as ((d: unknown) => boolean) & { errors?: Array<{ keyword: string }> | null };
    expect(create({})).toBe(false);
    expect(create.errors![0].keyword).toBe('required');
    expect(create({ title: 'x' })).toBe(false);
    expect(create({ title: 'xy' })).toBe(true);
  });

  it('share one validator between endpoints taking the same params', () => {
    const model = smallModel();
    const ids = model.deployments.flatMap((d) => d.routes.flatMap((r) => r.endpoints.filter((e) => e.argsMode !== 'declared' || Object.keys(e.args).length === 0).map((e) => [d.name, e.operationId] as const)));
    const { index } = emitValidators(model);
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids.map(([d, id]) => index.name(d, id)))).toEqual(new Set(['anyParams']));
  });

  it('write a large sub-schema used by several endpoints once, and call it from each', () => {
    const big = { type: 'object' as const, properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`key_${i}`, { type: 'string' as const, pattern: `^k${i}x-[a-z]+$` }])) };
    const withMeta = (users: number) => {
      const model = smallModel();
      const [posts] = model.deployments[0]!.routes.filter((r) => r.path === '/core/v2/posts');
      for (const endpoint of posts!.endpoints.slice(0, users)) endpoint.args.meta = big;
      return emitValidators(model).files()[0]!.content.split('k29x-').length - 1;
    };
    expect(withMeta(1)).toBeGreaterThan(0);
    expect(withMeta(2)).toBe(withMeta(1));
  });
});

describe('generated client', () => {
  let server: Server;
  let restUrl: string;
  const seen: Array<{ method: string; url: string; authorization?: string; body: string }> = [];

  async function body(req: IncomingMessage): Promise<string> {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  }

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body: await body(req) });
      const url = new URL(req.url!, 'http://127.0.0.1');
      if (url.pathname === '/wp-json/core/v2/posts' && req.method === 'GET') {
        const page = Number(url.searchParams.get('page') ?? 1);
        res.writeHead(200, { 'content-type': 'application/json', 'x-wp-total': '3', 'x-wp-totalpages': '2' });
        res.end(JSON.stringify(page === 1 ? [{ id: 1 }, { id: 2 }] : [{ id: 3 }]));
        return;
      }
      if (url.pathname === '/wp-json/core/v2/posts/7') {
        res.writeHead(404, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify({ code: 'rest_post_invalid_id', message: 'Invalid post ID.', data: { status: 404 } }));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 9 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    restUrl = `http://127.0.0.1:${address.port}/wp-json`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('collects every page of a collection', async () => {
    const client = clientModule.createClient({ restUrl });
    expect(await client.core.posts.listAll({ per_page: 2 })).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(seen.slice(-2).map((s) => s.url)).toEqual(['/wp-json/core/v2/posts?per_page=2&page=1', '/wp-json/core/v2/posts?per_page=2&page=2']);
  });

  it('throws SpecpressError with the code, message and status the server sent', async () => {
    const client = clientModule.createClient({ restUrl });
    const error = await client.core.posts.get({ id: 7 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(clientModule.SpecpressError);
    expect([error.code, error.message, error.status, error.data]).toEqual(['rest_post_invalid_id', 'Invalid post ID.', 404, { status: 404 }]);
  });

  it('sends JSON bodies with an application password', async () => {
    const client = clientModule.createClient({ restUrl, auth: { kind: 'application-password', username: 'ann', password: 'abcd efgh' } });
    expect(await client.core.posts.create({ title: 'Hello' })).toEqual({ id: 9 });
    const last = seen.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.body).toBe('{"title":"Hello"}');
    expect(last.authorization).toBe(`Basic ${Buffer.from('ann:abcd efgh').toString('base64')}`);
  });

  it('encodes arrays in the query the way WordPress reads them', async () => {
    const client = clientModule.createClient({ restUrl });
    await client.core.posts.list({ status: ['publish', 'draft'] });
    expect(seen.at(-1)!.url).toBe('/wp-json/core/v2/posts?status%5B%5D=publish&status%5B%5D=draft');
  });
});
