/**
 * Servers of the side-by-side bench as separate processes, started the way a user starts them,
 * and their resident memory read from /proc (summed over the process and its children, so
 * `serve --workers N` is counted whole).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

export interface Started {
  child: ChildProcess;
  /** Everything the process printed until it was ready. */
  output: string;
  /** Milliseconds from spawn to the ready line. */
  startMs: number;
  match: RegExpMatchArray;
  stop: () => Promise<void>;
}

/** Spawns `command args`, resolves once a line of its stdout matches `ready`. */
export function startProcess(command: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}, timeoutMs = 120_000): Promise<Started> {
  const began = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let errors = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} ${args.join(' ')} did not become ready in ${timeoutMs} ms:\n${output}\n${errors}`));
    }, timeoutMs);
    child.stderr!.on('data', (d) => (errors += d));
    child.stdout!.on('data', (d) => {
      output += d;
      const match = output.match(ready);
      if (match && timer) {
        clearTimeout(timer);
        resolve({ child, output, startMs: performance.now() - began, match, stop: () => stopProcess(child) });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output}\n${errors}`));
    });
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const list = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (list) found.push(...list.split(/\s+/).map(Number));
    }
  } catch {
    // The process is gone.
  }
  return found;
}

/** Resident set size in MB of `pid` and its descendants (0 when it is not on this machine's /proc). */
export function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  let kb = 0;
  const queue = [pid];
  while (queue.length) {
    const p = queue.pop()!;
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      kb += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    } catch {
      continue;
    }
    queue.push(...childrenOf(p));
  }
  return kb / 1024;
}

/** CPU time (user + system) in ms used so far by `pid` and its descendants; 0 when unknown. */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  let ticks = 0;
  const queue = [pid];
  while (queue.length) {
    const p = queue.pop()!;
    try {
      // Fields after the command name (which may hold spaces): utime is the 12th, stime the 13th.
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      continue;
    }
    queue.push(...childrenOf(p));
  }
  // Linux reports in clock ticks of 10 ms (USER_HZ = 100).
  return ticks * 10;
}
