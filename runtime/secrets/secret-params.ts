/**
 * Secrets handed over by clients (passwords, tokens, license and access keys), as stored and as
 * answered. A stored secret is an object `{ $secret: 'hash' | 'encrypt', value, hint }`: an
 * argon2id hash when the server only checks it, AES-256-GCM when it must be sent on. Answers
 * carry only the hint (the last four characters of a long token, nothing of a password).
 */
import argon2 from 'argon2';
import type { SecretParams } from '../../contract/model.ts';
import { open, seal } from './secret-box.ts';
import { secretKeyFor } from './secret-key.ts';

export interface StoredSecret {
  $secret: 'hash' | 'encrypt';
  value: string;
  hint: string;
}

export function isStoredSecret(v: unknown): v is StoredSecret {
  return typeof v === 'object' && v !== null && typeof (v as StoredSecret).$secret === 'string' && typeof (v as StoredSecret).value === 'string';
}

/** A masked hint: tokens of 12+ characters show their last 4, anything shorter shows nothing. */
export function hintOf(secret: string): string {
  return secret.length >= 12 ? `••••${secret.slice(-4)}` : '••••';
}

/** The payload with every declared secret replaced by its stored form (or removed for `drop`). */
export async function protectSecrets(dataDir: string, payload: Record<string, unknown>, secrets: SecretParams | undefined): Promise<Record<string, unknown>> {
  if (!secrets) return payload;
  const out = { ...payload };
  for (const [name, how] of Object.entries(secrets)) {
    const value = out[name];
    if (value === undefined || value === null || value === '') continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (how === 'drop') delete out[name];
    else if (how === 'hash') out[name] = { $secret: 'hash', value: await argon2.hash(text, { type: argon2.argon2id }), hint: '••••' } satisfies StoredSecret;
    else out[name] = { $secret: 'encrypt', value: seal(secretKeyFor(dataDir), text), hint: hintOf(text) } satisfies StoredSecret;
  }
  return out;
}

/** Whether `candidate` is the secret stored (hashed or encrypted). */
export async function secretMatches(dataDir: string, stored: StoredSecret, candidate: string): Promise<boolean> {
  if (stored.$secret === 'hash') return argon2.verify(stored.value, candidate);
  return revealSecret(dataDir, stored) === candidate;
}

/** The clear text of an encrypted secret, to send on to the service it belongs to. */
export function revealSecret(dataDir: string, stored: StoredSecret): string {
  if (stored.$secret !== 'encrypt') throw new Error('a hashed secret cannot be revealed');
  return open(secretKeyFor(dataDir), stored.value);
}

/** A stored value as answered: every stored secret, at any depth, becomes its hint. */
export function maskSecrets<T>(value: T): T {
  if (isStoredSecret(value)) return value.hint as T;
  if (Array.isArray(value)) return value.map(maskSecrets) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskSecrets(v)])) as T;
  }
  return value;
}
