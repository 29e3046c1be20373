/**
 * Application passwords: random per-application secrets a user hands to a client, which then
 * authenticates with HTTP Basic (login or email + this password).
 *
 * They are 24 random letters and digits, as WordPress makes them, shown once in groups of four.
 * Stored as SHA-256 digests rather than argon2: a secret with ~142 bits of entropy cannot be
 * guessed from a fast digest, and a slow hash would cost every API request tens of milliseconds
 * (WordPress 6.8 made the same change for the same reason).
 */
import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ApplicationPasswordsTable, Database } from '../store/schema.ts';
import { reusableQuery } from '../store/reusable-query.ts';

export type ApplicationPasswordRow = Selectable<ApplicationPasswordsTable>;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const PASSWORD_LENGTH = 24;

export class ApplicationPasswordError extends Error {
  constructor(readonly code: 'application_password_empty_name' | 'application_password_duplicate_name', message: string) {
    super(message);
  }
}

/** WordPress strips everything but letters and digits, so "abcd efgh ..." as displayed works. */
export function normalizeApplicationPassword(input: string): string {
  return input.replace(/[^a-z\d]/gi, '');
}

/** The password as shown to the person: groups of four separated by spaces. */
export function chunkApplicationPassword(password: string): string {
  return (password.match(/.{1,4}/g) ?? []).join(' ');
}

export function digestApplicationPassword(password: string): string {
  return crypto.createHash('sha256').update(normalizeApplicationPassword(password)).digest('hex');
}

function generatePassword(): string {
  let out = '';
  // randomInt is unbiased, unlike a byte modulo 62.
  for (let i = 0; i < PASSWORD_LENGTH; i++) out += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return out;
}

function nowText(): string {
  return new Date().toISOString().slice(0, 19).replace('T', ' ');
}

/** Creates one; the returned password is the only time it exists in clear (chunked for display). */
export async function createApplicationPassword(
  db: Kysely<Database>,
  userId: number,
  name: string,
  appId = '',
): Promise<{ uuid: string; password: string; row: ApplicationPasswordRow }> {
  const trimmed = name.trim();
  if (!trimmed) throw new ApplicationPasswordError('application_password_empty_name', 'An application name is required to create an application password.');
  const existing = await db.selectFrom('application_passwords').select('uuid')
    .where('user_id', '=', userId).where('name', '=', trimmed).executeTakeFirst();
  if (existing) throw new ApplicationPasswordError('application_password_duplicate_name', 'Each application name should be unique.');
  const password = generatePassword();
  const row: ApplicationPasswordRow = {
    uuid: crypto.randomUUID(),
    user_id: userId,
    name: trimmed,
    app_id: appId,
    password_hash: digestApplicationPassword(password),
    created: nowText(),
    last_used: null,
    last_ip: null,
  };
  await db.insertInto('application_passwords').values(row).execute();
  return { uuid: row.uuid, password: chunkApplicationPassword(password), row };
}

// Read on every request with Basic credentials (matchApplicationPassword): compiled once.
const PASSWORDS_OF = reusableQuery((db: Kysely<Database>, userId: number) =>
  db.selectFrom('application_passwords').selectAll().where('user_id', '=', userId).orderBy('created').orderBy('uuid'),
);

export async function listApplicationPasswords(db: Kysely<Database>, userId: number): Promise<ApplicationPasswordRow[]> {
  return PASSWORDS_OF(db, userId);
}

/** Revokes one of the user's passwords; answers whether it existed. */
export async function revokeApplicationPassword(db: Kysely<Database>, userId: number, uuid: string): Promise<boolean> {
  const res = await db.deleteFrom('application_passwords').where('user_id', '=', userId).where('uuid', '=', uuid).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Revokes all of the user's passwords; answers how many there were. */
export async function revokeAllApplicationPasswords(db: Kysely<Database>, userId: number): Promise<number> {
  const res = await db.deleteFrom('application_passwords').where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * The user's password matching `candidate`, or undefined. Compares against every stored digest
 * in constant time per entry, so which entry matched does not show in timing.
 */
export async function matchApplicationPassword(db: Kysely<Database>, userId: number, candidate: string): Promise<ApplicationPasswordRow | undefined> {
  const digest = Buffer.from(digestApplicationPassword(candidate), 'hex');
  let found: ApplicationPasswordRow | undefined;
  for (const row of await listApplicationPasswords(db, userId)) {
    const stored = Buffer.from(row.password_hash, 'hex');
    if (stored.length === digest.length && crypto.timingSafeEqual(stored, digest)) found ??= row;
  }
  return found;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Records when and from where a password was last used, as WordPress shows in the profile.
 * Like WordPress, at most once a day per address: a write (and its fsync) on every API request
 * would cost more than the information is worth.
 */
export async function recordApplicationPasswordUse(db: Kysely<Database>, row: ApplicationPasswordRow, ip: string | undefined, now = new Date()): Promise<void> {
  const last = row.last_used ? Date.parse(`${row.last_used.replace(' ', 'T')}Z`) : NaN;
  if (row.last_ip === (ip ?? null) && now.getTime() - last < DAY_MS) return;
  const stamp = now.toISOString().slice(0, 19).replace('T', ' ');
  await db.updateTable('application_passwords').set({ last_used: stamp, last_ip: ip ?? null }).where('uuid', '=', row.uuid).execute();
}
