/**
 * `serve`'s warm-up (runtime/http/warm-up.ts): before startServer returns, the process has read
 * the discovery document, a page of posts and one post through itself, and a real client's
 * first list then finds those posts prepared (item cache hits, no new loads), with the links of
 * the address it was served at.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { startServer, type RunningServer } from '../../runtime/server.ts';
import { processCacheOf } from '../../runtime/cache/process-cache.ts';
import { BLANK_POST } from '../../runtime/content/store.ts';

let server: RunningServer | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-warm-up-'));
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const start = () => startServer({ deployment: 'studio', host: '127.0.0.1', port: 0, dataDir, logger: { info() {}, warn() {}, error() {}, debug() {} } as never });

describe('warm-up before serving', () => {
  it('reads the discovery document, a page of posts and one post; the first real list reuses them', async () => {
    server = await start();
    const id = (await server.app.db.insertInto('posts').values({ ...BLANK_POST, slug: 'warm', title: 'Warm', status: 'publish' }).returning('id').executeTakeFirstOrThrow()).id;
    await server.close();

    server = await start();
    expect(server.warmedUp).toEqual(['/wp-json/', '/wp-json/core/v2/posts?per_page=10', `/wp-json/core/v2/posts/${id}`]);
    const items = () => ({ ...(processCacheOf(server!.app.db as Kysely<unknown>)!.counts.get('items') ?? { hits: 0, loads: 0 }) });
    const before = items();
    const res = await fetch(`${server.restUrl}/core/v2/posts?per_page=10`);
    expect(res.status).toBe(200);
    const [post] = (await res.json()) as Array<{ id: number; _links: { self: Array<{ href: string }> } }>;
    expect(post!.id).toBe(id);
    // The kept post carries this server's own address, not the in-process reads' host.
    expect(post!._links.self[0]!.href).toBe(`${server.restUrl}/core/v2/posts/${id}`);
    expect(items()).toEqual({ hits: before.hits + 1, loads: before.loads });
  });
});
