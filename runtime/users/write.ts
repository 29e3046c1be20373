/**
 * Account writes of core/v2/users (WordPress's users controller create_item, update_item and
 * delete_item with wp_insert_user's rules). Permission rules (rules.ts) have run. Each write is
 * one transaction; passwords are stored only as argon2id hashes and never answered, and a new
 * password ends every session of the account (the caller's own continues on a fresh one). Names,
 * url and biography are saved through WordPress's save filters (content/save-filters.ts), emails
 * compared ignoring case.
 *
 * Where WordPress answers a bad input with a 500 (a taken login or email: wp_insert_user's errors
 * carry no status), this server answers 400 with the same code and message. Deleting an account
 * whose content has nowhere to go (`reassign=false` while it still authors items) is refused
 * (409) rather than deleting that content.
 */
import type { Transaction } from 'kysely';
import { hashPassword, sameEmail, type UserRow } from '../auth/users.ts';
import { endSessionsForNewPassword, SESSION_COOKIE, sessionCookieHeader, type FreshSession } from '../auth/sessions.ts';
import { secureCookies } from '../auth/page-kit.ts';
import { plainTextForSave, textareaForSave } from '../content/save-filters.ts';
import { sanitizeUrl } from './sanitize-url.ts';
import { capabilitiesOf, isRole } from '../../contract/roles.ts';
import { restBase } from '../content/links.ts';
import { sanitizeTitle } from '../content/slugs.ts';
import { authError, invalidParam, RestError, restError } from '../rest/errors.ts';
import type { HandlerContext, HandlerResult } from '../rest/types.ts';
import type { Database } from '../store/schema.ts';
import { writeProfileMeta } from './profile-meta.ts';
import { targetOf } from '../auth/target.ts';
import { prepared } from './service.ts';
import { lockName } from '../store/write-guards.ts';
import { asResult } from '../rest/answer.ts';

/** WordPress's sanitize_user in strict mode keeps only these characters (validate_username). */
const LOGIN_CHARACTERS = /^[A-Za-z0-9 _.\-@]+$/;
const MAX_LOGIN_LENGTH = 60;
const MAX_NICENAME_LENGTH = 50;
/** The role a new account gets when none is asked for (WordPress's default_role option). */
const DEFAULT_ROLE = 'subscriber';

/** Names (display, first, last, nickname) are saved as plain text, as WordPress's pre_user_* filters save them. */
const text = (v: unknown): string | undefined => (typeof v === 'string' ? plainTextForSave(v) : undefined);
/** pre_user_url: only what sanitize_url keeps (no `javascript:`), entities normalised as its wp_filter_kses does. */
const urlField = (v: string): string => textareaForSave(sanitizeUrl(v));

/**
 * What a user create or update reads (the args of `/users`, `/users/<id>` and `/users/me`): all
 * optional here, as an update sends what it changes; a create's args require the login, email
 * and password, and answer what it does not get as WordPress does.
 */
export type UserWriteParams = {
  id?: number;
  username?: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  email?: string;
  url?: string;
  description?: string;
  locale?: string;
  nickname?: string;
  slug?: string;
  roles?: string[];
  password?: string;
  meta?: { persisted_preferences?: unknown };
};

/** check_username and check_user_password, the sanitize callbacks of `username` and `password`. */
function checkCredentials(p: Pick<UserWriteParams, 'username' | 'password'>): void {
  if (typeof p.username === 'string' && !LOGIN_CHARACTERS.test(p.username)) throw invalidParam('username', restError('user_invalid_username'));
  if (typeof p.password === 'string') {
    if (p.password === '') throw invalidParam('password', restError('user_invalid_password'));
    if (p.password.includes('\\')) throw invalidParam('password', restError('user_password_backslash'));
  }
}

/** check_role_update: every role exists, and no one with edit_users takes it away from themselves. */
function checkRoles(ctx: HandlerContext, userId: number, roles: unknown): void {
  if (!Array.isArray(roles) || roles.length === 0) return;
  for (const role of roles.map(String)) {
    if (!isRole(role)) throw restError('user_invalid_role', [role]);
    if (ctx.user?.id === userId && !capabilitiesOf([role]).has('edit_users')) throw authError('user_role_forbidden', ctx.user);
  }
}

/** A free nicename from the asked slug or the login (sanitize_title, at most 50 characters, `-2`... on a clash). */
async function freeNicename(trx: Transaction<Database>, wanted: string, exceptId: number): Promise<string> {
  const base = sanitizeTitle(wanted).slice(0, MAX_NICENAME_LENGTH).replace(/-+$/, '') || 'user';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, MAX_NICENAME_LENGTH - String(n).length - 1)}-${n}`;
    const clash = await trx.selectFrom('users').select('id').where('nicename', '=', candidate).where('id', '!=', exceptId).executeTakeFirst();
    if (!clash) return candidate;
  }
}

/** wp_insert_user's display name for a new account: the given name, else first and last names, else the login. */
function displayNameOf(p: UserWriteParams, login: string): string {
  const given = text(p.name);
  if (given) return given;
  const first = text(p.first_name) ?? '';
  const last = text(p.last_name) ?? '';
  return [first, last].filter(Boolean).join(' ') || login;
}

function profileOf(p: UserWriteParams): Record<string, unknown> {
  return {
    first_name: text(p.first_name),
    last_name: text(p.last_name),
    nickname: text(p.nickname),
    locale: typeof p.locale === 'string' ? p.locale : undefined,
    persisted_preferences: p.meta?.persisted_preferences,
  };
}

async function answer(ctx: HandlerContext, id: number): Promise<Record<string, unknown>> {
  const row = (await ctx.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as UserRow;
  return (await prepared(ctx, [row], 'edit'))[0]!;
}

export async function create<R>(ctx: HandlerContext<UserWriteParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  if (p.id) throw restError('user_exists');
  checkRoles(ctx, 0, p.roles);
  checkCredentials(p);
  const login = String(p.username).trim();
  if (login.length > MAX_LOGIN_LENGTH) throw restError('user_username_too_long');
  const email = String(p.email).trim();
  const hash = await hashPassword(String(p.password));
  const id = await insertAccount(ctx, login, async (trx) => {
    await lockAccounts(trx);
    if (await trx.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst()) throw restError('user_login_taken');
    if (email !== '' && (await trx.selectFrom('users').select('id').where(sameEmail(email)).executeTakeFirst())) throw restError('user_email_taken');
    const roles = Array.isArray(p.roles) && p.roles.length ? p.roles.map(String) : [DEFAULT_ROLE];
    const row = await trx
      .insertInto('users')
      .values({
        login,
        email,
        password_hash: hash,
        display_name: displayNameOf(p, login),
        nicename: await freeNicename(trx, typeof p.slug === 'string' && p.slug !== '' ? p.slug : login, 0),
        url: typeof p.url === 'string' ? urlField(p.url) : '',
        description: typeof p.description === 'string' ? textareaForSave(p.description) : '',
        roles: JSON.stringify(roles),
        registered: ctx.app.now().toISOString().slice(0, 19).replace('T', ' '),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const newId = Number(row.id);
    await writeProfileMeta(trx, newId, profileOf(p));
    return newId;
  });
  return asResult<R>(await answer(ctx, id), { status: 201, headers: { Location: `${restBase(ctx)}/users/${id}` } });
}

/**
 * Runs the insert; when two requests make the same login at once, the loser meets the login's
 * unique index inside the database, and is told the login is taken (not a 500).
 */
async function insertAccount(ctx: HandlerContext, login: string, insert: (trx: Transaction<Database>) => Promise<number>): Promise<number> {
  try {
    return await ctx.app.db.transaction().execute(insert);
  } catch (error) {
    if (error instanceof RestError) throw error;
    if (await ctx.app.db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst()) throw restError('user_login_taken');
    throw error;
  }
}

/**
 * An account's email and nicename are checked free, then written (only the login has a unique
 * index): account writes take turns from the checks to the commit (store/write-guards.ts). They
 * are rare; no other write waits for this lock.
 */
async function lockAccounts(trx: Transaction<Database>): Promise<void> {
  await lockName(trx, 'user-accounts');
}

/** The account the route's rule judged: `/users/<id>`'s, or the caller's own for `/users/me`. */
const targetId = (ctx: HandlerContext): number => targetOf(ctx, 'userId');

export async function update<R>(ctx: HandlerContext<UserWriteParams>): Promise<HandlerResult<R>> {
  const p = ctx.params;
  const id = targetId(ctx);
  const user = await ctx.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw restError('user_invalid_id');
  checkCredentials(p);
  const hash = typeof p.password === 'string' ? await hashPassword(p.password) : undefined;
  let fresh: FreshSession | undefined;
  await ctx.app.db.transaction().execute(async (trx) => {
    await lockAccounts(trx);
    if (typeof p.email === 'string' && p.email.trim() !== '') {
      const owner = await trx.selectFrom('users').select('id').where(sameEmail(p.email.trim())).executeTakeFirst();
      if (owner && owner.id !== id) throw restError('user_email_invalid_owner');
    }
    if (typeof p.username === 'string' && p.username !== '' && p.username !== user.login) throw restError('user_username_not_editable');
    if (typeof p.slug === 'string' && p.slug !== '' && p.slug !== user.nicename) {
      if (await trx.selectFrom('users').select('id').where('nicename', '=', p.slug).executeTakeFirst()) throw restError('user_invalid_slug');
    }
    checkRoles(ctx, id, p.roles);
    const changes: Partial<Record<Exclude<keyof UserRow, 'id'>, string>> = {};
    if (typeof p.email === 'string') changes.email = p.email.trim();
    if (hash) changes.password_hash = hash;
    if (typeof p.name === 'string') changes.display_name = text(p.name) ?? '';
    if (typeof p.slug === 'string' && p.slug !== '' && p.slug !== user.nicename) changes.nicename = await freeNicename(trx, p.slug, id);
    if (typeof p.url === 'string') changes.url = urlField(p.url);
    if (typeof p.description === 'string') changes.description = textareaForSave(p.description);
    if (Array.isArray(p.roles) && p.roles.length) changes.roles = JSON.stringify(p.roles.map(String));
    if (Object.keys(changes).length) await trx.updateTable('users').set(changes).where('id', '=', id).execute();
    await writeProfileMeta(trx, id, profileOf(p));
    if (hash) fresh = await endSessionsForNewPassword(trx, id, ownSessionCookie(ctx), ctx.app.now());
  });
  return asResult<R>(await answer(ctx, id), { headers: fresh ? freshSessionHeaders(ctx, fresh) : undefined });
}

/** The caller's session cookie, when the request was signed in through it. */
function ownSessionCookie(ctx: HandlerContext): string | undefined {
  return ctx.user?.via === 'cookie' ? ctx.request.cookies?.[SESSION_COOKIE] : undefined;
}

/** The caller's new session after changing their own password: its cookie, and a nonce that goes with it. */
function freshSessionHeaders(ctx: HandlerContext, fresh: FreshSession): Record<string, string> {
  return { 'Set-Cookie': sessionCookieHeader(fresh, secureCookies(ctx.app)), 'X-WP-Nonce': fresh.nonce };
}

/** check_reassign: a number names the receiver; empty, `false` or `'false'` names none. */
function reassignOf(value: unknown): number | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value))) return Math.trunc(Number(value)) || null;
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return null;
  throw invalidParam('reassign', restError('user_invalid_reassign_param'));
}

/** What deleting an account takes: `force` (accounts have no trash) and who receives its content. */
export type UserDeleteParams = { force: boolean; reassign?: string | number };

export async function remove<R>(ctx: HandlerContext<UserDeleteParams>): Promise<HandlerResult<R>> {
  const id = targetId(ctx);
  const user = await ctx.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw restError('user_invalid_id');
  const reassign = reassignOf(ctx.params.reassign);
  if (ctx.params.force !== true) throw restError('user_trash_not_supported');
  if (reassign !== null && (reassign === id || !(await ctx.app.db.selectFrom('users').select('id').where('id', '=', reassign).executeTakeFirst()))) {
    throw restError('user_invalid_reassign');
  }
  // The account as it was, without links (WordPress answers the previous response's data only).
  const { _links: _gone, ...previous } = (await prepared(ctx, [user], 'edit'))[0]!;
  await ctx.app.db.transaction().execute(async (trx) => {
    const authored = await trx.selectFrom('posts').select('id').where('author', '=', id).executeTakeFirst();
    if (authored && reassign === null) throw restError('user_has_content');
    if (reassign !== null) await trx.updateTable('posts').set({ author: reassign }).where('author', '=', id).execute();
    await trx.deleteFrom('usermeta').where('user_id', '=', id).execute();
    await trx.deleteFrom('application_passwords').where('user_id', '=', id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
  });
  return asResult<R>({ deleted: true, previous });
}
