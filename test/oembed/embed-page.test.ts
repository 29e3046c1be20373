/**
 * The embed page served over HTTP by the runtime's own server (which mounts the embed pages),
 * on 127.0.0.1 and a port the OS picks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareDeployment, createApp, defaultConfig } from '../../runtime/app.ts';
import { buildHttpServer } from '../../runtime/http/server.ts';
import { setOption } from '../../runtime/content/options.ts';
import { testDatabaseFor, type TestDatabase } from '../../runtime/testing/test-database.ts';

let http: FastifyInstance;
let close: () => Promise<void>;
let siteUrl: string;
let dataDir: string;
let database: TestDatabase;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-embed-'));
  database = await testDatabaseFor(dataDir);
  const config = { ...defaultConfig(dataDir, 'http://127.0.0.1'), database: database.target };
  const running = await createApp({ loaded: { deployment: bareDeployment(), routes: [] }, config });
  close = running.close;
  http = await buildHttpServer(running.app);
  await http.listen({ host: '127.0.0.1', port: 0 });
  const address = http.server.address();
  siteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  config.siteUrl = siteUrl;
  config.restUrl = `${siteUrl}/wp-json`;
  const now = '2026-03-01 10:00:00';
  await running.app.db.insertInto('posts').values({
    author: 0, type: 'post', status: 'publish', slug: 'framed', title: 'Framed post', content: 'Inside the frame.', excerpt: '',
    password: '', parent: 0, menu_order: 0, comment_status: 'open', ping_status: 'open', format: 'standard', template: '',
    mime_type: '', guid: '', date: now, date_gmt: now, modified: now, modified_gmt: now, comment_count: 0,
  }).execute();
  await setOption(running.app.db, 'permalink_structure', '/%postname%/');
});
afterAll(async () => {
  await http?.close();
  await close?.();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /<slug>/embed/', () => {
  it('serves the card of a published post as HTML', async () => {
    const res = await fetch(`${siteUrl}/framed/embed/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    const html = await res.text();
    expect(html).toContain('Framed post');
    expect(html).toContain('Inside the frame.');
  });

  it('answers 404 for an unknown post or a path that is not an embed page', async () => {
    expect((await fetch(`${siteUrl}/missing/embed/`)).status).toBe(404);
    expect((await fetch(`${siteUrl}/framed/`)).status).toBe(404);
  });

  it('leaves the REST API and uploads to their own routes', async () => {
    expect((await fetch(`${siteUrl}/wp-json/`)).status).not.toBe(500);
    expect((await fetch(`${siteUrl}/wp-content/uploads/none.png`)).status).toBe(404);
  });
});
