import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { register as registerUser } from '../../runtime/cli/user.ts';
import { register as registerAppPassword } from '../../runtime/cli/app-password.ts';
import { openDatabase } from '../../runtime/store/open-database.ts';
import { databaseFile } from '../../runtime/store/paths.ts';
import { authenticateApplicationPassword } from '../../runtime/auth/authenticate.ts';
import { bareDeployment } from '../../runtime/app.ts';
import type { App } from '../../runtime/rest/types.ts';
import { testDatabaseFor, testEngine, type TestDatabase } from '../../runtime/testing/test-database.ts';

/** Runs one `specpress ...` command line in-process; answers what it printed and its exit code. */
async function run(...args: string[]): Promise<{ out: string; err: string; code: number }> {
  const program = new Command('specpress').exitOverride();
  registerUser(program);
  registerAppPassword(program);
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a) => void err.push(a.join(' ')));
  process.exitCode = 0;
  try {
    await program.parseAsync(['node', 'specpress', ...args]);
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { out: out.join('\n'), err: err.join('\n'), code };
}

describe('specpress user and app-password commands', () => {
  let dataDir: string;
  let database: TestDatabase;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-cli-'));
    database = await testDatabaseFor(dataDir);
    // On PostgreSQL the commands find the database the way an operator's shell gives it.
    if (testEngine() === 'postgres') process.env.DATABASE_URL = database.target;
  });
  afterAll(async () => {
    delete process.env.DATABASE_URL;
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds users with a role and lists them; refuses a taken login and an unknown role', async () => {
    expect((await run('user', 'add', 'alice', '--role', 'editor', '--email', 'alice@example.test', '--password', 'pw', '--data', dataDir)).code).toBe(0);
    if (testEngine() === 'sqlite') expect(fs.existsSync(databaseFile(dataDir))).toBe(true);
    const taken = await run('user', 'add', 'alice', '--role', 'author', '--data', dataDir);
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('already taken');
    const badRole = await run('user', 'add', 'bob', '--role', 'overlord', '--data', dataDir);
    expect(badRole.code).toBe(1);
    expect(badRole.err).toContain('Unknown role');
    const list = JSON.parse((await run('user', 'list', '--json', '--data', dataDir)).out) as Array<{ login: string; roles: string[] }>;
    expect(list).toEqual([expect.objectContaining({ login: 'alice', roles: ['editor'] })]);
  });

  it('prints a new application password once, which then authenticates until revoked', async () => {
    const made = JSON.parse((await run('app-password', 'add', 'alice', '--name', 'Deploy script', '--json', '--data', dataDir)).out) as { uuid: string; password: string };
    expect(made.password).toMatch(/^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/);
    const { db, close } = await openDatabase(database.target);
    const app = { db, deployment: bareDeployment(), now: () => new Date() } as unknown as App;
    try {
      expect((await authenticateApplicationPassword(app, 'alice', made.password)).login).toBe('alice');
      const listed = (await run('app-password', 'list', 'alice', '--data', dataDir)).out;
      expect(listed).toContain(made.uuid);
      expect(listed).not.toContain(made.password);
      expect((await run('app-password', 'revoke', 'alice', made.uuid, '--data', dataDir)).code).toBe(0);
      await expect(authenticateApplicationPassword(app, 'alice', made.password)).rejects.toMatchObject({ code: 'incorrect_password' });
    } finally {
      await close();
    }
  });

  it('revoke --all removes every password; a uuid and --all together are refused', async () => {
    await run('app-password', 'add', 'alice', '--name', 'one', '--data', dataDir);
    await run('app-password', 'add', 'alice', '--name', 'two', '--data', dataDir);
    expect((await run('app-password', 'revoke', 'alice', 'some-uuid', '--all', '--data', dataDir)).code).toBe(1);
    expect((await run('app-password', 'revoke', 'alice', '--all', '--data', dataDir)).out).toContain('Revoked 2 application passwords');
    expect((await run('app-password', 'add', 'nobody', '--data', dataDir)).err).toContain('No user "nobody"');
  });
});
