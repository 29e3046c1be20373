import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../runtime/testing/harness.ts';
import { demoRoutes } from './fixtures/demo-routes.ts';
import { childEnv, testDatabaseFor } from '../../runtime/testing/test-database.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-settings-'));
const database = await testDatabaseFor(dataDir);
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const root = path.resolve(import.meta.dirname, '../..');
const cli = (...args: string[]) => execFileSync(process.execPath, [path.join(root, 'bin/specpress.js'), ...args], { cwd: root, encoding: 'utf8', env: childEnv(database) });

describe('discovery document and site settings', () => {
  it('fills site fields, addresses and authentication; settings survive a restart', async () => {
    const first = await startTestServer({ routes: demoRoutes(), dataDir, users: false });
    try {
      const doc = await (await fetch(`${first.restUrl}/`)).json();
      expect(doc).toMatchObject({ name: 'Test site', description: 'Just another site', url: first.siteUrl, home: first.siteUrl, gmt_offset: '0', page_on_front: 0, show_on_front: 'posts' });
      expect(doc.authentication).toEqual({ 'application-passwords': { endpoints: { authorization: `${first.siteUrl}/wp-admin/authorize-application.php` } } });
      expect(doc.namespaces).toEqual(['demo/v1']);
      expect(doc.routes['/']._links).toEqual({ self: [{ href: `${first.restUrl}/` }] });
      expect(doc.routes['/demo/v1/items'].endpoints[0].args.page).toEqual({ type: 'integer', default: 1, minimum: 1, required: false });
      expect(doc.routes['/demo/v1/items'].schema).toBeUndefined();
    } finally {
      await first.close();
    }

    expect(cli('site', 'set', 'name', 'Renamed site', '--data', dataDir)).toContain('name = "Renamed site"');
    expect(cli('site', 'set', 'page_on_front', '12', '--data', dataDir)).toContain('page_on_front = 12');
    expect(() => execFileSync(process.execPath, [path.join(root, 'bin/specpress.js'), 'site', 'set', 'show_on_front', 'nope', '--data', dataDir], { cwd: root, stdio: 'pipe', env: childEnv(database) })).toThrow(/show_on_front must be/);

    const second = await startTestServer({ routes: demoRoutes(), dataDir, users: false });
    try {
      const doc = await (await fetch(`${second.restUrl}/`)).json();
      expect(doc.name).toBe('Renamed site');
      expect(doc.page_on_front).toBe(12);
    } finally {
      await second.close();
    }
  });

  it('without application passwords, authentication is an empty list', async () => {
    const server = await startTestServer({ routes: demoRoutes(), users: false });
    try {
      (server.app.deployment.authentication as { applicationPasswords: boolean }).applicationPasswords = false;
      expect((await (await fetch(`${server.restUrl}/`)).json()).authentication).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
