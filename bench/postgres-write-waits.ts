/**
 * What a PostgreSQL benchmark row was made of, measured while it runs, for
 * postgres-vs-sqlite.bench.ts:
 * - where the database's client backends stood, sampled every 20 ms: running a statement, waiting
 *   for a lock another writer holds (and which kind, with the statement that waits: says what
 *   still makes writers take turns), waiting for the disk (WAL), or idle inside a transaction (the
 *   server process has the transaction open and is computing: the database waits for it);
 * - the CPU time each party used (this process, i.e. the load generator; the server processes;
 *   PostgreSQL's processes) and the whole machine's busy share: on a machine whose cores are
 *   shared by all three, req/s alone says mostly how busy the machine was;
 * - the load average as the row started and ended.
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

/** Clock ticks per second of /proc/<pid>/stat's CPU times: 100 on Linux (USER_HZ). */
const TICKS = 100;

/** CPU seconds (user + system) a process has used, 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: utime is 14, stime 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Busy and total jiffies of the whole machine (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

export interface RowAccount {
  /** Average number of client backends in each state over the samples. */
  backends: { running: number; lock: number; io: number; idleInTransaction: number };
  /** The most sampled lock waits: `count× wait_event (lock type) :: waiting statement`. */
  lockWaits: string[];
  /** CPU seconds used during the row. */
  cpu: { loadGenerator: number; servers: number; postgres: number };
  /** The machine's busy share during the row (all its cores), 0 to 1. */
  machineBusy: number;
  loadAverage: { start: number; end: number };
}

const SAMPLE = `SELECT a.state, a.wait_event_type AS type, a.wait_event AS event,
  left(regexp_replace(a.query, '\\s+', ' ', 'g'), 80) AS query,
  (SELECT string_agg(DISTINCT l.locktype || coalesce(' ' || l.relation::regclass::text, ''), ',') FROM pg_locks l WHERE l.pid = a.pid AND NOT l.granted) AS awaited
  FROM pg_stat_activity a
  WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend' AND a.state <> 'idle'`;

/**
 * Runs `work` while sampling `databaseUrl`'s backends and counting the CPU of `serverPids`, this
 * process and PostgreSQL's processes (those pg_stat_activity lists when the row starts: the pools
 * are open by then, after the warm-up).
 */
export async function accountRow<T>(databaseUrl: string, serverPids: number[], work: () => Promise<T>): Promise<{ result: T; account: RowAccount }> {
  const sampler = new pg.Client({ connectionString: databaseUrl });
  await sampler.connect();
  // The load generator stops at its deadline, not the servers: writes of the row before (those
  // queued behind one slug's lock) may still run. Their end is awaited, or this row would count them.
  for (let quiet = false; !quiet; ) {
    const { rows } = await sampler.query<{ busy: number }>(
      "SELECT count(*)::int AS busy FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'",
    );
    quiet = rows[0]!.busy === 0;
    if (!quiet) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { rows: pids } = await sampler.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE pid <> pg_backend_pid()');
  const postgresPids = pids.map((r) => r.pid);
  const sum = (list: number[]) => list.reduce((total, pid) => total + cpuSecondsOf(pid), 0);
  const before = { servers: sum(serverPids), postgres: sum(postgresPids), own: process.cpuUsage(), machine: machineTicks(), load: os.loadavg()[0]! };

  const totals = { running: 0, lock: 0, io: 0, idleInTransaction: 0 };
  const waits = new Map<string, number>();
  let samples = 0;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      const { rows } = await sampler.query<{ state: string; type: string | null; event: string | null; query: string; awaited: string | null }>(SAMPLE);
      samples++;
      for (const r of rows) {
        if (r.state.startsWith('idle in transaction')) totals.idleInTransaction++;
        else if (r.type === 'Lock') {
          totals.lock++;
          const key = `${r.event} (${r.awaited ?? '?'}) :: ${r.query}`;
          waits.set(key, (waits.get(key) ?? 0) + 1);
        } else if (r.type === 'IO' || (r.type === 'LWLock' && /^WAL/.test(r.event ?? ''))) totals.io++;
        else totals.running++;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
    await sampling;
    await sampler.end();
  }
  const own = process.cpuUsage(before.own);
  const machine = machineTicks();
  const per = (n: number) => (samples ? n / samples : 0);
  return {
    result,
    account: {
      backends: { running: per(totals.running), lock: per(totals.lock), io: per(totals.io), idleInTransaction: per(totals.idleInTransaction) },
      lockWaits: [...waits].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([key, n]) => `${n}× ${key}`),
      cpu: { loadGenerator: (own.user + own.system) / 1e6, servers: sum(serverPids) - before.servers, postgres: sum(postgresPids) - before.postgres },
      machineBusy: (machine.busy - before.machine.busy) / Math.max(1, machine.total - before.machine.total),
      loadAverage: { start: before.load, end: os.loadavg()[0]! },
    },
  };
}
