/** runtime/secrets: the key file, AES-256-GCM sealing, argon2 hashing, masking. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { open, seal } from '../../runtime/secrets/secret-box.ts';
import { SECRET_KEY_ENV, SECRET_KEY_FILE, secretKeyFor } from '../../runtime/secrets/secret-key.ts';
import { hintOf, maskSecrets, protectSecrets, revealSecret, secretMatches, type StoredSecret } from '../../runtime/secrets/secret-params.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-secrets-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  delete process.env[SECRET_KEY_ENV];
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('secret key', () => {
  it('is created once in the data folder with mode 0600 and read back the same', () => {
    const dir = tmp();
    const key = secretKeyFor(dir);
    expect(key).toHaveLength(32);
    const file = path.join(dir, SECRET_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(key.toString('hex'));
    expect(secretKeyFor(dir).equals(key)).toBe(true);
  });

  it('comes from the environment when set, and a malformed one is refused', () => {
    const dir = tmp();
    process.env[SECRET_KEY_ENV] = 'ab'.repeat(32);
    expect(secretKeyFor(dir).toString('hex')).toBe('ab'.repeat(32));
    expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
    process.env[SECRET_KEY_ENV] = 'short';
    expect(() => secretKeyFor(dir)).toThrow(/32 bytes/);
  });
});

describe('sealing', () => {
  const key = Buffer.alloc(32, 7);

  it('round-trips, with a fresh IV each time', () => {
    const a = seal(key, 'token-123');
    expect(a).not.toBe(seal(key, 'token-123'));
    expect(a).not.toContain('token-123');
    expect(open(key, a)).toBe('token-123');
  });

  it('refuses a tampered ciphertext or another key', () => {
    const sealed = seal(key, 'token-123');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => open(key, parts.join('.'))).toThrow();
    expect(() => open(Buffer.alloc(32, 8), sealed)).toThrow();
  });
});

describe('secret params', () => {
  it('hashes, encrypts or drops as declared, checks and reveals, and masks at any depth', async () => {
    const dir = tmp();
    const stored = await protectSecrets(dir, { password: 'pw-secret', token: 'tok-abcdefgh-1234', pin: '42', name: 'me' }, { password: 'hash', token: 'encrypt', pin: 'drop' });
    expect(stored.name).toBe('me');
    expect(stored).not.toHaveProperty('pin');
    const password = stored.password as StoredSecret;
    const token = stored.token as StoredSecret;
    expect(password.$secret).toBe('hash');
    expect(password.value).toMatch(/^\$argon2id\$/);
    expect(await secretMatches(dir, password, 'pw-secret')).toBe(true);
    expect(await secretMatches(dir, password, 'pw-secreT')).toBe(false);
    expect(() => revealSecret(dir, password)).toThrow();
    expect(revealSecret(dir, token)).toBe('tok-abcdefgh-1234');
    expect(JSON.stringify(stored)).not.toMatch(/pw-secret|tok-abcdefgh/);
    expect(maskSecrets({ a: [{ t: token }], p: password })).toEqual({ a: [{ t: '••••1234' }], p: '••••' });
  });

  it('shows nothing of a short secret', () => {
    expect(hintOf('abc')).toBe('••••');
    expect(hintOf('abcdefghijkl')).toBe('••••ijkl');
  });
});
