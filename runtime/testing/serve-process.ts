/**
 * `specpress serve` as a child process, for tests and benchmarks that need real, separate
 * processes (several servers on one database, kill -9). Listens on a port the OS picks;
 * resolves once the banner names the address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface ServeProcess {
  child: ChildProcess;
  siteUrl: string;
  restUrl: string;
  output: () => string;
  /** SIGTERM and wait for the exit code. */
  stop: () => Promise<number | null>;
}

const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * `checkAnswers` (default on, as in every test server; benchmarks turn it off): `--check-answers`,
 * each answer checked against the deployment's OpenAPI document (runtime/rest/check-answers.ts).
 */
export async function spawnServe(opts: { dataDir: string; database?: string; uploadsDir?: string; deployment?: string; env?: NodeJS.ProcessEnv; checkAnswers?: boolean }): Promise<ServeProcess> {
  const args = [path.join(root, 'bin', 'specpress.js'), 'serve', '--port', '0', '--data', opts.dataDir];
  if (opts.checkAnswers !== false) args.push('--check-answers');
  if (opts.database) args.push('--database', opts.database);
  if (opts.uploadsDir) args.push('--uploads', opts.uploadsDir);
  if (opts.deployment) args.push('--deployment', opts.deployment);
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const restUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`specpress serve printed no banner:\n${out}`)), 150_000);
    const check = () => {
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/wp-json)\//.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve(m[1]!);
    };
    child.stdout!.on('data', check);
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new Error(`specpress serve exited early:\n${out}`));
    });
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
  return {
    child,
    restUrl,
    siteUrl: restUrl.replace(/\/wp-json$/, ''),
    output: () => out,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
