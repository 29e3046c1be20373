/**
 * Account writes of core/v2/users over HTTP, as WordPress 6.8 answers them: administrators make,
 * change and delete accounts; everyone changes their own profile; the checks and codes of 6.8's
 * users controller; passwords stored hashed and checked; deleting gives the content to `reassign`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentServer, type ContentServer } from '../content/content-server.ts';

let s: ContentServer;

beforeAll(async () => {
  s = await startContentServer('studio');
}, 60_000);
afterAll(() => s?.close());

describe('creating accounts', () => {
  it('makes an account with its profile; its password really works', async () => {
    const made = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'ada', email: 'ada@example.com', password: 'Analytical-1', first_name: 'Ada', last_name: 'Lovelace', roles: ['author'], locale: 'en_US' });
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`${s.restUrl}/wp/v2/users/${made.body.id}`);
    expect(made.body).toMatchObject({ username: 'ada', name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', nickname: 'ada', slug: 'ada', roles: ['author'], locale: 'en_US', email: 'ada@example.com' });
    expect(made.body).not.toHaveProperty('password');
    expect(made.body.capabilities.publish_posts).toBe(true);
    const stored = await s.app.db.selectFrom('users').select('password_hash').where('id', '=', made.body.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain('Analytical-1');
    // The login form and cookie sessions check passwords with this function.
    const { verifyPassword } = await import('../../runtime/auth/users.ts');
    expect(await verifyPassword(stored.password_hash, 'Analytical-1')).toBe(true);
    const plain = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'bob', email: 'bob@example.com', password: 'x' });
    expect([plain.body.roles, plain.body.name]).toEqual([['subscriber'], 'bob']);
  });

  it("refuses what 6.8's users controller refuses", async () => {
    const anon = await s.call('anonymous', 'POST', '/wp/v2/users', { username: 'x', email: 'x@example.com', password: 'x' });
    expect([anon.status, anon.body.code, anon.headers.get('allow')]).toEqual([401, 'rest_cannot_create_user', 'GET']);
    expect((await s.call('editor', 'POST', '/wp/v2/users', { username: 'x', email: 'x@example.com', password: 'x' })).status).toBe(403);
    const missing = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'x' });
    expect([missing.status, missing.body.code, missing.body.data.params]).toEqual([400, 'rest_missing_callback_param', ['email', 'password']]);
    const badName = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'bad name!', email: 'y@example.com', password: 'x' });
    expect([badName.status, badName.body.data.details.username.code]).toEqual([400, 'rest_user_invalid_username']);
    const slash = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'yan', email: 'y@example.com', password: 'a\\b' });
    expect(slash.body.data.params.password).toBe('Passwords cannot contain the "\\" character.');
    const taken = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'ada', email: 'other@example.com', password: 'x' });
    expect([taken.status, taken.body.code]).toEqual([400, 'existing_user_login']);
    const email = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'ada2', email: 'ada@example.com', password: 'x' });
    expect([email.status, email.body.code]).toEqual([400, 'existing_user_email']);
    const role = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'zed', email: 'z@example.com', password: 'x', roles: ['wizard'] });
    expect([role.status, role.body.code, role.body.message]).toEqual([400, 'rest_user_invalid_role', 'The role wizard does not exist.']);
    expect(await s.app.db.selectFrom('users').select('id').where('login', 'in', ['yan', 'ada2', 'zed']).execute()).toEqual([]);
  });
});

describe('changing accounts', () => {
  it('lets everyone change their own profile, and administrators anyone', async () => {
    const own = await s.call('subscriber', 'POST', '/wp/v2/users/me', { name: 'Sub Scriber', description: 'Hello', nickname: 'subby' });
    expect([own.status, own.body.name, own.body.description, own.body.nickname]).toEqual([200, 'Sub Scriber', 'Hello', 'subby']);
    const other = await s.call('subscriber', 'POST', `/wp/v2/users/${s.users.author.id}`, { name: 'Hijack' });
    expect([other.status, other.body.code]).toEqual([403, 'rest_cannot_edit']);
    const byAdmin = await s.call('administrator', 'PATCH', `/wp/v2/users/${s.users.author.id}`, { first_name: 'Au', url: 'https://example.com/au' });
    expect([byAdmin.status, byAdmin.body.first_name, byAdmin.body.url]).toEqual([200, 'Au', 'https://example.com/au']);
    const read = await s.call('anonymous', 'GET', `/wp/v2/users/${s.users.subscriber.id}`);
    expect(read.status).toBe(401);
    const mine = await s.call('subscriber', 'GET', '/wp/v2/users/me?context=edit');
    expect([mine.body.name, mine.body.nickname, mine.body._links.self[0].targetHints.allow]).toEqual(['Sub Scriber', 'subby', ['GET', 'POST', 'PUT', 'PATCH']]);
    const admin = await s.call('administrator', 'GET', `/wp/v2/users/${s.users.author.id}`);
    expect(admin.body._links.self[0].targetHints.allow).toEqual(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
  });

  it('changes a password so that only the new one works', async () => {
    const made = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'carol', email: 'carol@example.com', password: 'Old-password-1' });
    const changed = await s.call('administrator', 'POST', `/wp/v2/users/${made.body.id}`, { password: 'New-password-2' });
    expect(changed.status).toBe(200);
    const { verifyPassword } = await import('../../runtime/auth/users.ts');
    const row = await s.app.db.selectFrom('users').select('password_hash').where('id', '=', made.body.id).executeTakeFirstOrThrow();
    expect([await verifyPassword(row.password_hash, 'New-password-2'), await verifyPassword(row.password_hash, 'Old-password-1')]).toEqual([true, false]);
  });

  it('refuses a new username, a taken email or slug, roles without promote_users, and self-demotion', async () => {
    const me = s.users.administrator.id;
    const rename = await s.call('administrator', 'POST', `/wp/v2/users/${s.users.author.id}`, { username: 'renamed' });
    expect([rename.status, rename.body.code, rename.body.message]).toEqual([400, 'rest_user_invalid_argument', 'Username is not editable.']);
    const email = await s.call('administrator', 'POST', `/wp/v2/users/${s.users.author.id}`, { email: 'ada@example.com' });
    expect([email.status, email.body.code]).toEqual([400, 'rest_user_invalid_email']);
    const slug = await s.call('administrator', 'POST', `/wp/v2/users/${s.users.author.id}`, { slug: 'ada' });
    expect([slug.status, slug.body.code]).toEqual([400, 'rest_user_invalid_slug']);
    const roles = await s.call('editor', 'POST', '/wp/v2/users/me', { roles: ['administrator'] });
    expect([roles.status, roles.body.code]).toEqual([403, 'rest_cannot_edit_roles']);
    const demote = await s.call('administrator', 'POST', `/wp/v2/users/${me}`, { roles: ['editor'] });
    expect([demote.status, demote.body.code]).toEqual([403, 'rest_user_invalid_role']);
    const promote = await s.call('administrator', 'POST', `/wp/v2/users/${s.users.contributor.id}`, { roles: ['editor'] });
    expect([promote.status, promote.body.roles]).toEqual([200, ['editor']]);
    const anon = await s.call('anonymous', 'POST', '/wp/v2/users/me', { name: 'x' });
    expect([anon.status, anon.body.code]).toEqual([404, 'rest_user_invalid_id']);
  });
});

describe('deleting accounts', () => {
  it('needs force and reassign, and gives the content to the receiver', async () => {
    const made = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'dave', email: 'dave@example.com', password: 'Dave-pass-1', roles: ['author'] });
    const id = made.body.id;
    const written = await s.call('author', 'POST', '/wp/v2/posts', { title: 'Not yet Dave', status: 'publish' });
    await s.app.db.updateTable('posts').set({ author: id }).where('id', '=', written.body.id).execute();
    const noForce = await s.call('administrator', 'DELETE', `/wp/v2/users/${id}?reassign=${s.users.administrator.id}`);
    expect([noForce.status, noForce.body.code]).toEqual([501, 'rest_trash_not_supported']);
    const noReassign = await s.call('administrator', 'DELETE', `/wp/v2/users/${id}?force=true`);
    expect([noReassign.status, noReassign.body.code]).toEqual([400, 'rest_missing_callback_param']);
    const self = await s.call('administrator', 'DELETE', `/wp/v2/users/${id}?force=true&reassign=${id}`);
    expect([self.status, self.body.code]).toEqual([400, 'rest_user_invalid_reassign']);
    const nowhere = await s.call('administrator', 'DELETE', `/wp/v2/users/${id}?force=true&reassign=false`);
    expect([nowhere.status, nowhere.body.code]).toEqual([409, 'rest_user_has_content']);
    expect((await s.call('editor', 'DELETE', `/wp/v2/users/${id}?force=true&reassign=1`)).body.code).toBe('rest_user_cannot_delete');
    const gone = await s.call('administrator', 'DELETE', `/wp/v2/users/${id}?force=true&reassign=${s.users.editor.id}`);
    expect(gone.status).toBe(200);
    expect(gone.body.deleted).toBe(true);
    expect(gone.body.previous).toMatchObject({ id, username: 'dave' });
    expect(gone.body.previous._links).toBeUndefined();
    expect((await s.call('anonymous', 'GET', `/wp/v2/posts/${written.body.id}`)).body.author).toBe(s.users.editor.id);
    expect((await s.call('administrator', 'GET', `/wp/v2/users/${id}`)).status).toBe(404);
    expect(await s.app.db.selectFrom('usermeta').select('id').where('user_id', '=', id).execute()).toEqual([]);
  });

  it('deletes an account without content when reassign is false', async () => {
    const made = await s.call('administrator', 'POST', '/wp/v2/users', { username: 'erin', email: 'erin@example.com', password: 'Erin-pass-1', nickname: 'E' });
    const gone = await s.call('administrator', 'DELETE', `/wp/v2/users/${made.body.id}?force=true&reassign=false`);
    expect([gone.status, gone.body.previous.nickname]).toEqual([200, 'E']);
  });
});

describe('making the same account at once', () => {
  it('makes it once and tells the others the login is taken', async () => {
    const tries = await Promise.all(Array.from({ length: 6 }, (_, i) => s.call('administrator', 'POST', '/wp/v2/users', { username: 'racer', email: `racer${i}@example.com`, password: 'Race-pass-1' })));
    const statuses = tries.map((t) => t.status).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400, 400]);
    for (const t of tries.filter((x) => x.status === 400)) expect(t.body.code).toBe('existing_user_login');
    expect(await s.app.db.selectFrom('users').select('id').where('login', '=', 'racer').execute()).toHaveLength(1);
  });
});
