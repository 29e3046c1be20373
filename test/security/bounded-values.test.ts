/**
 * Stored values stay bounded and keys mean what they say (issue 27, part 6):
 * - a merged option (per-user progress, choices...) has a size and field-count limit, answered
 *   with a 400 in the interface's error shape, the stored value left as it was;
 * - email addresses are one address whatever their case (create, update, the command line,
 *   signing in), as WordPress compares them through MySQL's case-insensitive collation;
 * - meta keys named like Object.prototype members are not registered keys, and are not stored;
 * - a media item's `template` is checked as a post's is;
 * - a PNG declaring 9990 x 9990 pixels in 12 KB is refused from its header, never decoded.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../runtime/testing/harness.ts';
import { childEnv, testDatabaseFor } from '../../runtime/testing/test-database.ts';
import { setOption } from '../../runtime/content/options.ts';
import { OPTION_BOUNDS } from '../../runtime/behaviors/option.ts';
import { checkDeclaredSize, DEFAULT_MAX_IMAGE_PIXELS, DEFAULT_MAX_IMAGE_PIXELS_PER_BYTE } from '../../runtime/media/image-meta.ts';
import { cornerImage, pngBomb, uploadRaw } from '../media/helpers.ts';

const run = promisify(execFile);
const bin = new URL('../../bin/specpress.js', import.meta.url).pathname;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ deployment: 'studio' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

function expectErrorShape(body: any, code: string, status: number): void {
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect(body.data.status).toBe(status);
}

describe('merged options', () => {
  const route = () => `${server.restUrl}/pagebuilder/v1/onboarding/user-choices`;
  const write = (body: unknown, role: 'subscriber' | 'contributor' = 'subscriber') => fetch(route(), { method: 'POST', headers: server.jsonHeaders(role), body: JSON.stringify(body) });
  const read = async (role: 'subscriber' | 'contributor' = 'subscriber') => (await fetch(route(), { headers: server.authHeaders(role) })).json();

  it('stop growing at their size limit: the write is refused with a 400 and nothing changes', async () => {
    const chunk = 'x'.repeat(Math.floor(OPTION_BOUNDS.user.bytes / 2.5));
    expect((await write({ first: chunk })).status).toBe(200);
    expect((await write({ second: chunk })).status).toBe(200);
    const third = await write({ third: chunk });
    expect(third.status).toBe(400);
    const body = await third.json();
    expectErrorShape(body, 'rest_option_too_large', 400);
    expect(body.data.max_bytes).toBe(OPTION_BOUNDS.user.bytes);
    expect(Object.keys(await read()).sort()).toEqual(['first', 'second']);
    // A field written again replaces its value, so a smaller one makes room.
    expect((await write({ second: 'short' })).status).toBe(200);
    expect((await write({ third: chunk })).status).toBe(200);
    expect(Object.keys(await read()).sort()).toEqual(['first', 'second', 'third']);
  });

  it('stop growing at their field-count limit', async () => {
    const many = Object.fromEntries(Array.from({ length: OPTION_BOUNDS.user.keys + 1 }, (_, i) => [`k${i}`, 1]));
    const res = await write(many, 'contributor');
    expect(res.status).toBe(400);
    expectErrorShape(await res.json(), 'rest_option_too_many_keys', 400);
    const few = Object.fromEntries(Array.from({ length: OPTION_BOUNDS.user.keys }, (_, i) => [`k${i}`, 1]));
    expect((await write(few, 'contributor')).status).toBe(200);
    const one = await write({ onemore: 1 }, 'contributor');
    expect(one.status).toBe(400);
    expect(Object.keys(await read('contributor'))).toHaveLength(OPTION_BOUNDS.user.keys);
    // A field the value already has can still change.
    expect((await write({ k0: 2 }, 'contributor')).status).toBe(200);
  });
});

describe('email addresses ignore case', () => {
  const createUser = (username: string, email: string) =>
    fetch(`${server.restUrl}/core/v2/users`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ username, email, password: 'x-pass-1' }) });

  it('when an account is made or changed over REST', async () => {
    const made = await createUser('casey', 'Case.Test@Example.COM');
    expect(made.status).toBe(201);
    const casey = await made.json();
    const again = await createUser('casey2', 'case.test@example.com');
    expect(again.status).toBe(400);
    expectErrorShape(await again.json(), 'existing_user_email', 400);
    const taken = await fetch(`${server.restUrl}/core/v2/users/me`, { method: 'POST', headers: server.jsonHeaders('author'), body: JSON.stringify({ email: 'CASE.TEST@example.com' }) });
    expect(taken.status).toBe(400);
    expectErrorShape(await taken.json(), 'rest_user_invalid_email', 400);
    // One's own address in another case is still one's own.
    const own = await fetch(`${server.restUrl}/core/v2/users/${casey.id}`, { method: 'POST', headers: server.jsonHeaders('administrator'), body: JSON.stringify({ email: 'case.test@EXAMPLE.com' }) });
    expect(own.status).toBe(200);
  });

  it('when an account is made on the command line', async () => {
    const database = await testDatabaseFor(server.dataDir);
    const failed = await run('node', [bin, 'user', 'add', 'shouty', '--role', 'subscriber', '--email', 'EDITOR@EXAMPLE.TEST', '--data', server.dataDir], { env: childEnv(database) }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stderr).toContain('already used');
  }, 60_000);

  it('when signing in with an email address and an application password', async () => {
    const author = server.users.author;
    const auth = `Basic ${Buffer.from(`AUTHOR@Example.Test:${author.appPassword}`).toString('base64')}`;
    const res = await fetch(`${server.restUrl}/core/v2/users/me`, { headers: { authorization: auth } });
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(author.id);
  });
});

describe('meta keys', () => {
  it('named like Object.prototype members are not registered, so not stored', async () => {
    const body = `{"title":"Proto","status":"draft","meta":{"constructor":"c","toString":"t","hasOwnProperty":"h","__proto__":{"x":1},"footnotes":""}}`;
    const res = await fetch(`${server.restUrl}/core/v2/posts`, { method: 'POST', headers: server.jsonHeaders('author'), body });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const keys = (await server.app.db.selectFrom('postmeta').select('meta_key').where('post_id', '=', id).execute()).map((r) => r.meta_key);
    expect(keys.filter((k) => ['constructor', 'toString', 'hasOwnProperty', '__proto__'].includes(k))).toEqual([]);
  });

  it('named like Object.prototype members are not file extensions either', async () => {
    for (const name of ['a.constructor', 'a.__proto__']) {
      const res = await uploadRaw(server, Buffer.from('plain text'), name, { contentType: 'text/plain', role: 'author' });
      expect([name, res.status]).toEqual([name, 400]);
      expectErrorShape(await res.json(), 'rest_upload_sideload_error', 400);
    }
  });
});

describe('a media item\'s template', () => {
  it('is refused unless the site offers it for media, as for posts', async () => {
    const made = await uploadRaw(server, await cornerImage(8, 8), 't.png', { role: 'author' });
    expect(made.status).toBe(201);
    const { id } = await made.json();
    const set = (template: string) => fetch(`${server.restUrl}/core/v2/media/${id}`, { method: 'POST', headers: server.jsonHeaders('author'), body: JSON.stringify({ template }) });
    const evil = await set('evil.php');
    expect(evil.status).toBe(400);
    const body = await evil.json();
    expectErrorShape(body, 'rest_invalid_param', 400);
    expect(body.data.params.template).toBe('template is not one of .');
    await setOption(server.app.db, 'page_templates', { attachment: ['media-wide.php'] });
    const offered = await set('media-wide.php');
    expect(offered.status).toBe(200);
    expect((await offered.json()).template).toBe('media-wide.php');
    expect((await set('')).status).toBe(200);
  });
});

describe('an image declaring more pixels than its bytes can hold', () => {
  it('is refused from its header, before any decoding, with nothing stored', async () => {
    const bomb = pngBomb(9990);
    expect(bomb.length).toBeLessThan(20_000);
    const uploads = server.app.config.uploadsDir;
    const before = listFiles(uploads);
    const cpu = process.cpuUsage();
    const res = await uploadRaw(server, bomb, 'bomb.png', { role: 'author' });
    const spent = process.cpuUsage(cpu);
    expect(res.status).toBe(400);
    const body = await res.json();
    expectErrorShape(body, 'rest_upload_image_too_large', 400);
    // The header check's own answer: what the file declared and how long it is.
    expect(body.data).toMatchObject({ width: 9990, height: 9990, filesize: bomb.length });
    expect(listFiles(uploads)).toEqual(before);
    // Decoding it took seconds of CPU; reading a header takes milliseconds (a wide margin).
    expect((spent.user + spent.system) / 1000).toBeLessThan(1000);
  });

  it('is told apart from real images by the header check alone', () => {
    const limits = { maxPixels: DEFAULT_MAX_IMAGE_PIXELS, maxPixelsPerByte: DEFAULT_MAX_IMAGE_PIXELS_PER_BYTE };
    expect(() => checkDeclaredSize(9990, 9990, 12_000, limits)).toThrow();
    // A 20-megapixel photo weighs megabytes; even a flat-coloured JPEG of that size is ~120 KB.
    expect(() => checkDeclaredSize(5472, 3648, 120_000, limits)).not.toThrow();
    // Up to 4096 x 4096 any length is fine: such an image is cheap to decode.
    expect(() => checkDeclaredSize(4096, 4096, 100, limits)).not.toThrow();
    expect(() => checkDeclaredSize(12_000, 12_000, 50_000_000, limits)).toThrow();
    expect(() => checkDeclaredSize(9990, 9990, 12_000, { ...limits, maxPixelsPerByte: 0 })).not.toThrow();
  });
});

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort();
}
