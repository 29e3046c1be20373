/**
 * `specpress serve --workers N`: N processes (node:cluster) answer on one port from one data
 * folder. They share nothing in memory: the database is the one truth, and the in-process
 * caches follow it (runtime/cache/). The first worker starts alone, so a fresh site creates its
 * administrator exactly once; the rest start when it listens. A worker that dies is replaced.
 */
import cluster, { type Worker } from 'node:cluster';
import type { RunningServer } from '../server.ts';

type Welcome = Pick<RunningServer, 'deployment' | 'restUrl' | 'siteUrl' | 'firstAdmin'>;

interface ReadyMessage {
  specpressReady: Welcome;
}

/** In a worker: tells the primary it listens (with what the banner prints). */
export function reportToPrimary(server: RunningServer): void {
  const message: ReadyMessage = { specpressReady: { deployment: server.deployment, restUrl: server.restUrl, siteUrl: server.siteUrl, firstAdmin: server.firstAdmin } };
  process.send?.(message);
}

function forkAndWait(): Promise<{ worker: Worker; welcome: Welcome }> {
  const worker = cluster.fork();
  return new Promise((resolve, reject) => {
    worker.on('message', (m: ReadyMessage) => m?.specpressReady && resolve({ worker, welcome: m.specpressReady }));
    worker.once('exit', (code) => reject(new Error(`a worker exited with ${code} before it listened`)));
  });
}

export async function superviseWorkers(count: number, printWelcome: (w: Welcome) => void): Promise<void> {
  let stopping = false;
  const first = await forkAndWait();
  await Promise.all(Array.from({ length: count - 1 }, () => forkAndWait()));
  printWelcome(first.welcome);
  console.log(`(${count} worker processes)`);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    let left = workers.length;
    if (!left) process.exit(0);
    for (const w of workers) {
      w.once('exit', () => --left === 0 && process.exit(0));
      w.process.kill('SIGTERM');
    }
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
