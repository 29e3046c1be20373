/**
 * A throw-away PostgreSQL cluster for tests and benchmarks: `initdb` in a temporary folder, a
 * server on a free loopback port, removed by `stop()`. PostgreSQL refuses to run as root, so
 * when this process is root the server runs as the `postgres` system user that Debian's
 * `postgresql` package creates (scripts/install-system-packages.sh installs it).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PostgresCluster {
  /** Connection URL of the cluster's `postgres` database, as the superuser `specpress`. */
  adminUrl: string;
  /** The same cluster, another database. */
  urlFor: (database: string) => string;
  stop: () => void;
}

const SUPERUSER = 'specpress';

/** Where the server binaries are: $SPECPRESS_PG_BIN, Debian's versioned folders (newest first), or PATH. */
export function findPostgresBin(): string {
  const fromEnv = process.env.SPECPRESS_PG_BIN;
  if (fromEnv) return fromEnv;
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'initdb')));
    versions.sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(debian, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(which.stdout.trim());
  throw new Error('PostgreSQL server binaries not found: run scripts/install-system-packages.sh (Debian package "postgresql") or set SPECPRESS_PG_BIN.');
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Runs a server binary, as `postgres` when we are root. */
function runAsServerUser(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * `durable`: keep PostgreSQL's own durability settings (every commit flushed to disk before it
 * is answered), as a production server runs; a benchmark uses it to show what waits on that flush.
 */
export async function startPostgresCluster(opts: { maxConnections?: number; durable?: boolean } = {}): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'specpress-pg-'));
  const dataDir = path.join(root, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:', root]);
  // C collation sorts text by bytes, as SQLite does; UTF8 takes every string SQLite takes but NUL.
  runAsServerUser(path.join(bin, 'initdb'), ['-D', dataDir, '-U', SUPERUSER, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  let port = 0;
  let started = false;
  // The port may be taken between choosing and listening: try a few.
  for (let attempt = 0; attempt < 5 && !started; attempt++) {
    port = await freePort();
    const options = [
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${root}`,
      `-c max_connections=${opts.maxConnections ?? 400}`,
      // Throw-away data: durability settings off for speed, unless asked for.
      ...(opts.durable ? [] : ['-c fsync=off -c synchronous_commit=off -c full_page_writes=off']),
    ].join(' ');
    try {
      runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start']);
      started = true;
    } catch (err) {
      if (attempt === 4) throw new Error(`PostgreSQL did not start: ${String(err)}\n${safeRead(path.join(root, 'server.log'))}`);
    }
  }
  const urlFor = (database: string) => `postgres://${SUPERUSER}@127.0.0.1:${port}/${database}`;
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    stop: () => {
      try {
        runAsServerUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

function safeRead(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
