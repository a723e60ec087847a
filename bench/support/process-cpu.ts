// CPU time spent by the processes serving one workload, from procfs: utime + stime of
// /proc/<pid>/stat for the PostgreSQL backends connected to a database (found through
// pg_stat_activity.pid for that datname) and for any other process named (the server's).
//
// The set of backends is read again every POLL_MS while the meter runs, and each backend's CPU is its
// last reading minus its reading when the meter started (0 for a backend that connected later: a
// forked process starts with zero counters). A backend that exits between two polls loses at most
// the CPU of its last POLL_MS; pgbench's and the server's connections stay open for the whole run.
import { readFileSync } from 'node:fs';
import type pg from 'pg';

const POLL_MS = 50;
/** USER_HZ: the unit of utime/stime (getconf CLK_TCK; 100 on every Linux build we run on). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a process in seconds; null when it is gone or not on this machine. */
export function processCpuSeconds(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces, hence the split on ') ').
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

export interface CpuMeasure {
  /** PostgreSQL backends of the database, seconds of CPU. */
  backends: number;
  /** The other processes named, seconds of CPU. */
  processes: number;
  /** How many distinct backends were seen. */
  backendCount: number;
}

export interface CpuMeter {
  stop(): Promise<CpuMeasure>;
}

/** Starts measuring; `admin` must be a pool on the same server (any database) that can read pg_stat_activity. */
export async function startCpuMeter(admin: pg.Pool, datname: string, pids: readonly number[] = []): Promise<CpuMeter> {
  const baseline = new Map<number, number>();
  const latest = new Map<number, number>();
  const backendsNow = async () => (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [datname])).rows.map((r) => r.pid);
  for (const pid of [...(await backendsNow()), ...pids]) {
    const cpu = processCpuSeconds(pid);
    if (cpu !== null) baseline.set(pid, cpu);
  }
  const sample = (pid: number) => {
    const cpu = processCpuSeconds(pid);
    if (cpu !== null) latest.set(pid, cpu);
  };
  let stopped = false;
  const poll = (async () => {
    while (!stopped) {
      try {
        for (const pid of await backendsNow()) sample(pid);
      } catch {
        // A poll that fails (the server busy, the pool closing) is skipped: the next one reads again.
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await poll;
      for (const pid of await backendsNow()) sample(pid);
      for (const pid of pids) sample(pid);
      const used = (pid: number) => (latest.get(pid) ?? baseline.get(pid) ?? 0) - (baseline.get(pid) ?? 0);
      const backendPids = [...latest.keys()].filter((pid) => !pids.includes(pid));
      return {
        backends: backendPids.reduce((n, pid) => n + used(pid), 0),
        processes: pids.reduce((n, pid) => n + used(pid), 0),
        backendCount: backendPids.length,
      };
    },
  };
}
