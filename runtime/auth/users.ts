/**
 * User accounts: creation, lookup by login or email, and password checks. Passwords are hashed
 * with argon2id; a lookup that finds nobody still spends one argon2 verification (against a
 * dummy hash) so response time does not tell whether a login exists.
 */
import argon2 from 'argon2';
import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../store/schema.ts';
import { reusableQuery } from '../store/reusable-query.ts';
import { isRole } from '../../contract/roles.ts';
import { makeCurrentUser, type CurrentUser } from './current-user.ts';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  login: string;
  email?: string;
  /** Absent: a random password nobody knows (the user logs in with application passwords only). */
  password?: string;
  role: string;
  displayName?: string;
}

/** WordPress's sanitize_user in strict mode keeps these characters in a login. */
const LOGIN_PATTERN = /^[A-Za-z0-9 _.\-@]+$/;

export class UserInputError extends Error {}

export async function createUser(db: Kysely<Database>, input: NewUser): Promise<{ id: number }> {
  const login = input.login.trim();
  if (!login || !LOGIN_PATTERN.test(login) || login.length > 60) {
    throw new UserInputError(`Invalid login "${input.login}": use letters, digits, spaces and _ . - @ (at most 60).`);
  }
  if (!isRole(input.role)) throw new UserInputError(`Unknown role "${input.role}".`);
  const email = (input.email ?? '').trim();
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UserInputError(`Invalid email "${email}".`);
  if (await findUserByLogin(db, login)) throw new UserInputError(`The login "${login}" is already taken.`);
  if (email && (await findUserByEmail(db, email))) throw new UserInputError(`The email "${email}" is already used.`);
  const password = input.password ?? crypto.randomBytes(24).toString('base64url');
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const row = await db
    .insertInto('users')
    .values({
      login,
      email,
      password_hash: await hashPassword(password),
      display_name: input.displayName ?? login,
      nicename: login.toLowerCase().replace(/[^a-z0-9_-]+/g, '-'),
      url: '',
      description: '',
      roles: JSON.stringify([input.role]),
      registered: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id) };
}

// Every request with Basic credentials looks its login up: compiled once (reusable-query.ts).
const USER_BY_LOGIN = reusableQuery((db: Kysely<Database>, login: string) => db.selectFrom('users').selectAll().where('login', '=', login).limit(1));

export async function findUserByLogin(db: Kysely<Database>, login: string): Promise<UserRow | undefined> {
  return (await USER_BY_LOGIN(db, login))[0];
}

/**
 * The account of an email address, whatever its case: WordPress's email_exists and
 * get_user_by('email') compare through MySQL's case-insensitive collation, so `Ann@Example.com`
 * and `ann@example.com` are one address, for sign-in as for uniqueness.
 */
export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  if (email === '') return undefined;
  return db.selectFrom('users').selectAll().where(sameEmail(email)).orderBy('id').executeTakeFirst();
}

/** A where-condition: the `email` column names the same address as `email`, ignoring case (both sides lowered by the database). */
export function sameEmail(email: string) {
  return sql<boolean>`lower(email) = lower(${email})`;
}

export async function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** As WordPress's login form: a name with `@` is looked up as an email, then as a login. */
export async function findUserByLoginOrEmail(db: Kysely<Database>, name: string): Promise<UserRow | undefined> {
  if (name.includes('@')) {
    const byEmail = await findUserByEmail(db, name);
    if (byEmail) return byEmail;
  }
  return findUserByLogin(db, name);
}

export async function listUsers(db: Kysely<Database>): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id').execute();
}

export async function loadCurrentUser(db: Kysely<Database>, id: number, via: CurrentUser['via']): Promise<CurrentUser | null> {
  const row = await findUserById(db, id);
  return row ? makeCurrentUser(row, via) : null;
}

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): strong against offline
 * guessing while a login costs tens of milliseconds, not hundreds, on a busy small server.
 * Hashes carry their parameters, so raising these later still verifies older hashes.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `hash`. With `hash` undefined (no such user) it verifies against
 * a fixed dummy hash and answers false, costing the same time as a real check.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (hash === undefined) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
