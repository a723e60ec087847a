// Benchmark (not a test): the main thread's work on the first load of `/` on a phone, for two or more
// builds side by side (issue 18 item 8). Lighthouse's simulation multiplies each task's *wall* time by
// 4; on a host whose cores the server, PostgreSQL and the browser's other processes share, that wall
// time is mostly other processes' turns, and Lighthouse cannot tell two builds apart (docs/pwa.md,
// sixth pass). This loads each build in turn in Chromium (412×823, touch), traces the renderer's main
// thread, and prints per build, as medians over the runs, for every task that starts after the first
// contentful paint:
//   - the TBT estimate from wall time, Σ max(0, 4·wall − 50 ms): what Lantern does with this host;
//   - the TBT estimate from CPU time (the task's thread time), which other processes do not inflate;
//   - the main thread's CPU time, and the longest task by CPU time with what it was doing.
//
//   node --import tsx bench/first-load.ts --dist <dir> [--dist <dir> …] [--runs 9] [--port 4331]
//
// Each --dist is a build (vite build --outDir <dir>), served by its own real server (src/server/main.ts,
// NODE_ENV=production) on DATABASE_URL's database, or else on an embedded PostgreSQL of its own (port
// FIRST_LOAD_PG_PORT, default 54333, data under .data/first-load-pg). Chromium: CHROME_PATH, default
// /usr/bin/chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { stopServer, waitForHealth } from '../tests/support/server-process.ts';
import { blockingTime, type BlockingFigures, type TraceEvent } from './support/blocking-time.ts';

const print = (...parts: unknown[]) => process.stdout.write(`${parts.join(' ')}\n`);

/** How long after `load` the trace goes on: the lobby's cards render in steps and its queries answer. */
const SETTLE_MS = 4_000;
const EMBEDDED_PORT = Number(process.env.FIRST_LOAD_PG_PORT ?? 54333);

function options(): { dists: string[]; runs: number; port: number } {
  const args = process.argv.slice(2);
  const dists: string[] = [];
  let runs = 9;
  let port = 4331;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--dist') dists.push(args[++i]!);
    else if (args[i] === '--runs') runs = Number(args[++i]);
    else if (args[i] === '--port') port = Number(args[++i]);
    else throw new Error(`unknown argument ${args[i]}`);
  }
  if (dists.length === 0) dists.push('dist');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a positive whole number');
  return { dists, runs, port };
}

async function database(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  print(`(embedded PostgreSQL on port ${EMBEDDED_PORT}, data in .data/first-load-pg)`);
  const embedded = await startEmbeddedPostgres({ dataDir: '.data/first-load-pg', port: EMBEDDED_PORT, portVariable: 'FIRST_LOAD_PG_PORT' });
  await embedded.ensureDatabase('jinli_first_load');
  return { url: embedded.urlFor('jinli_first_load'), stop: () => embedded.stop() };
}

function startServer(dist: string, port: number, databaseUrl: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      STATIC_DIR: path.resolve(dist),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** One cold load of `url` in a fresh context, traced. */
async function traceLoad(browser: Browser, url: string): Promise<TraceEvent[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading', transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

async function main(): Promise<void> {
  const { dists, runs, port } = options();
  print(
    `First load of / on a phone (412×823), ${runs} cold loads per build, builds in turn · ${cpus().length} cores · load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const db = await database();
  const servers: ChildProcess[] = [];
  let browser: Browser | null = null;
  try {
    const bases = dists.map((dist, i) => {
      servers.push(startServer(dist, port + i, db.url));
      return `http://127.0.0.1:${port + i}`;
    });
    for (const [i, base] of bases.entries()) await waitForHealth(base, servers[i]!, 120_000);
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
    const measured: BlockingFigures[][] = dists.map(() => []);
    // A first load of each build warms the server's caches; it is not counted.
    for (const base of bases) await traceLoad(browser, `${base}/`);
    for (let run = 0; run < runs; run++) for (const [i, base] of bases.entries()) measured[i]!.push(blockingTime(await traceLoad(browser, `${base}/`)));
    print('\n| build | TBT estimate, wall time | TBT estimate, CPU time | main-thread CPU after FCP | longest task (CPU) |');
    print('|---|---|---|---|---|');
    for (const [i, dist] of dists.entries()) {
      const loads = measured[i]!;
      const longest = [...loads].sort((a, b) => a.longest.cpu - b.longest.cpu)[Math.floor(loads.length / 2)]!.longest;
      print(
        `| ${dist} | ${ms(median(loads.map((l) => l.tbtWall)))} | ${ms(median(loads.map((l) => l.tbtCpu)))} | ${ms(median(loads.map((l) => l.cpu)))} | ${longest.cpu.toFixed(1)} ms (${longest.doing}) |`,
      );
    }
    print('\nper load, TBT estimate from CPU time:');
    for (const [i, dist] of dists.entries()) print(`  ${dist}: ${measured[i]!.map((l) => Math.round(l.tbtCpu)).join(' ')}`);
    print(
      `load average at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser?.close();
    await Promise.all(servers.map((server) => stopServer(server)));
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
