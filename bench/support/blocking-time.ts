// Total blocking time from a Chromium trace of a page load, as Lighthouse's simulation counts it
// (each main-thread task after the first contentful paint, its time × 4 CPU slowdown, minus 50 ms),
// once from the tasks' wall time and once from their CPU time. On a host whose cores the browser's
// other processes, the server and PostgreSQL share, the wall time is mostly their turns (docs/pwa.md,
// sixth and tenth passes); the CPU time is the page's own work. Used by bench/first-load.ts and by
// scripts/budget.ts beside Lighthouse's own figure.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

export interface BlockingFigures {
  tbtWall: number;
  tbtCpu: number;
  /** The main thread's CPU time in tasks after the first contentful paint, ms. */
  cpu: number;
  longest: { cpu: number; doing: string };
}

const CPU_SLOWDOWN = 4;
const BLOCKING_MS = 50;

export function blockingTime(events: readonly TraceEvent[]): BlockingFigures {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no first contentful paint');
  // The page's own main thread: other renderers (a blank page, a worker's host) have one of that name too.
  const onPage = (e: TraceEvent) => e.pid === fcp.pid && e.tid === fcp.tid;
  const tasks = events.filter((e) => onPage(e) && e.ph === 'X' && e.name === 'RunTask' && e.ts >= fcp.ts);
  const inside = events.filter((e) => onPage(e) && e.ph === 'X' && e.name !== 'RunTask');
  const result: BlockingFigures = { tbtWall: 0, tbtCpu: 0, cpu: 0, longest: { cpu: 0, doing: '' } };
  for (const task of tasks) {
    const wall = (task.dur ?? 0) / 1000;
    const cpu = (task.tdur ?? task.dur ?? 0) / 1000;
    result.tbtWall += Math.max(0, CPU_SLOWDOWN * wall - BLOCKING_MS);
    result.tbtCpu += Math.max(0, CPU_SLOWDOWN * cpu - BLOCKING_MS);
    result.cpu += cpu;
    if (cpu > result.longest.cpu) result.longest = { cpu, doing: largestChild(task, inside) };
  }
  return result;
}

/** What took most of a task's time: the longest kind of event inside it. */
function largestChild(task: TraceEvent, inside: readonly TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  const byName = new Map<string, number>();
  for (const event of inside) {
    if (event.ts < task.ts || event.ts >= end) continue;
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  const [name] = [...byName].sort((a, b) => b[1] - a[1])[0] ?? ['?'];
  return name;
}
