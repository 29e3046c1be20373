/**
 * The key that encrypts secrets at rest: 32 bytes from `SPECPRESS_SECRET_KEY` (hex or base64),
 * else `secret.key` in the data folder, created on first use readable by the owner only (0600).
 * Kept apart from the database so a copied database alone reveals nothing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_ENV = 'SPECPRESS_SECRET_KEY';
export const SECRET_KEY_FILE = 'secret.key';

const cache = new Map<string, Buffer>();

export function secretKeyFor(dataDir: string): Buffer {
  const fromEnv = process.env[SECRET_KEY_ENV];
  if (fromEnv) return parseKey(fromEnv, SECRET_KEY_ENV);
  const file = path.join(dataDir, SECRET_KEY_FILE);
  const known = cache.get(file);
  if (known) return known;
  let key: Buffer;
  try {
    // `wx`: two processes starting together never overwrite each other's key.
    const created = randomBytes(32);
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, created.toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
    key = created;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    key = parseKey(fs.readFileSync(file, 'utf8').trim(), file);
  }
  cache.set(file, key);
  return key;
}

function parseKey(text: string, where: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== 32) throw new Error(`${where} must hold 32 bytes (64 hex digits or base64)`);
  return key;
}
