/**
 * Secrets handed over by clients are never stored in clear nor answered: after signing in to
 * the template library (through a real stand-in service), connecting the page builder's library,
 * handing over a form-suite access key and connecting the security scan, every row of every
 * table and every byte of every file of the data folder is searched for each secret.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { startLoopbackServer, type LoopbackServer } from '../../runtime/testing/loopback-server.ts';
import { SECRET_KEY_FILE } from '../../runtime/secrets/secret-key.ts';
import { clientFor } from './client.ts';

const SECRETS = {
  password: 'hunter2-library-password',
  libraryToken: 'lib-session-token-7c1e9a55d0',
  builderToken: 'builder-library-token-0f2b77aa',
  accessKey: 'formsuite-access-key-91ab3c',
  scanToken: 'scan-token-55d8e2c1b4',
  scanApiKey: 'scan-api-key-a9e8d7c6',
};

let server: TestServer;
let call: ReturnType<typeof clientFor>;
let library: LoopbackServer;
const received: Array<{ url: string; authorization?: string; body: string }> = [];
const answers: string[] = [];

beforeAll(async () => {
  library = await startLoopbackServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ url: req.url!, authorization: req.headers.authorization, body });
      if (req.url === '/login') {
        const { password } = JSON.parse(body) as { password?: string };
        if (password !== SECRETS.password) return res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'invalid_login', message: 'Wrong password.' }));
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: SECRETS.libraryToken, email: 'me@example.test' }));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ categories: [] }));
    });
  });
  server = await startTestServer({ deployment: 'studio', config: { upstreams: { tmpl_library_url: library.url } } });
  const raw = clientFor(server);
  call = async (...args) => {
    const res = await raw(...args);
    answers.push(res.text);
    return res;
  };
});

afterAll(async () => {
  await server?.close();
  await library?.close();
});

describe('secrets at rest', () => {
  it('signs in to the template library: the service checks the password, the site keeps only the token, encrypted', async () => {
    const wrong = await call('POST', '/tmpl-library/v1/login', { body: { email: 'me@example.test', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalid_login', data: { status: 401 } });
    const ok = await call('POST', '/tmpl-library/v1/login', { body: { email: 'me@example.test', password: SECRETS.password } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ email: 'me@example.test', status: 'signed-in' });
    const signed = await call('GET', '/tmpl-library/v1/is-signed');
    expect(signed.body).toEqual([expect.objectContaining({ status: 'signed-in', token: `••••${SECRETS.libraryToken.slice(-4)}` })]);
    // The token is what later calls carry to the service.
    await call('GET', '/tmpl-library/v1/categories');
    expect(received.at(-1)).toMatchObject({ url: '/categories', authorization: `Bearer ${SECRETS.libraryToken}` });
  });

  it('connects the builder library, the form suite and the security scan with their keys', async () => {
    expect((await call('POST', '/pagebuilder/v1/library/connect', { body: { token: SECRETS.builderToken } })).body.status).toBe('connected');
    expect((await call('POST', '/formsuite/v1/handle-access-key', { body: { access_key: SECRETS.accessKey } })).body.status).toBe('connected');
    const scan = await call('POST', '/security-scan/v1/authenticate', { body: { token: SECRETS.scanToken, api_key: SECRETS.scanApiKey } });
    expect(scan.body).toMatchObject({ status: 'connected', token: `••••${SECRETS.scanToken.slice(-4)}`, api_key: `••••${SECRETS.scanApiKey.slice(-4)}` });
  });

  it('no answer carried a secret back', () => {
    const leaked = answers.flatMap((text) => Object.entries(SECRETS).filter(([, s]) => text.includes(s)).map(([name]) => name));
    expect(leaked).toEqual([]);
  });

  it('no table row and no file of the data folder holds a secret in clear', async () => {
    // Every table the engine has (SQLite or PostgreSQL), read through the server's own connection.
    const tables = (await server.app.db.introspection.getTables()).map((t) => t.name);
    expect(tables).toContain('records');
    const found: string[] = [];
    for (const table of tables) {
      for (const row of await server.app.db.selectFrom(table as 'records').selectAll().execute()) {
        const text = JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
        for (const [name, secret] of Object.entries(SECRETS)) if (text.includes(secret)) found.push(`${table}: ${name}`);
      }
    }
    // And every byte of every file of the data folder (the SQLite database and its journal included).
    for (const file of fs.readdirSync(server.dataDir, { recursive: true, withFileTypes: true })) {
      if (!file.isFile()) continue;
      const bytes = fs.readFileSync(path.join(file.parentPath, file.name));
      for (const [name, secret] of Object.entries(SECRETS)) if (bytes.includes(Buffer.from(secret))) found.push(`${file.name}: ${name}`);
    }
    expect(found).toEqual([]);
  });

  it('keeps the encryption key in the data folder, readable by its owner only', () => {
    const stat = fs.statSync(path.join(server.dataDir, SECRET_KEY_FILE));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('signing out forgets the token', async () => {
    expect((await call('POST', '/tmpl-library/v1/logout')).body.status).toBe('signed-out');
    const after = (await call('GET', '/tmpl-library/v1/is-signed')).body[0];
    expect(after.status).toBe('signed-out');
    expect(after).not.toHaveProperty('token');
    await call('GET', '/tmpl-library/v1/tags');
    expect(received.at(-1)?.authorization).toBeUndefined();
  });
});
