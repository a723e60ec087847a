// `npm test`: the whole suite in one command — type check, unit + server integration + component
// tests (vitest, against a real PostgreSQL), production build, browser tests (Playwright, Chromium).
// PostgreSQL: DATABASE_URL's server if set (tests create and drop their own databases there), else
// an embedded one under .data/test-pg.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { adminQuery, dropDatabase, withDatabase } from '../tests/support/pg-url.ts';

const REPORTS = path.resolve('.data/reports');
const say = (line: string) => process.stdout.write(`${line}\n`);

/**
 * Runs one step. With `log`, its output goes to that file and is printed in one piece when the step
 * ends, so two steps running side by side never interleave their lines.
 */
function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}, log?: string): Promise<boolean> {
  say(`\n▶ ${label}${log ? '（与其他步骤并行，输出在结束时显示）' : ''}`);
  const started = Date.now();
  const output = log ? openSync(log, 'w') : undefined;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [command, ...args], {
      stdio: output === undefined ? 'inherit' : ['ignore', output, output],
      env: { ...process.env, ...env },
    });
    child.on('exit', (code) => {
      if (output !== undefined) {
        closeSync(output);
        say(`\n── ${label} 的输出 ──`);
        process.stdout.write(readFileSync(log!, 'utf8'));
      }
      say(`◀ ${label}: ${code === 0 ? 'ok' : `failed (${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** The failing tests, one line each with the start of their first error, printed again at the very end. */
  failures: string[];
}

function readJson<T>(file: string): T | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;
}

// The reporters colour their messages; a CI log shows the escape codes as text.
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;
// The first lines of an error: its title, and for an assertion what was expected and received.
const ERROR_LINES = 8;
const errorSummary = (message: string | undefined) =>
  (message ?? '')
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, ERROR_LINES)
    .map((line) => line.slice(0, 300))
    .join('\n      ');

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

function vitestCounts(file: string): Counts {
  const report = readJson<VitestReport>(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: [`vitest: no report at ${file}`] };
  const failures = report.testResults.flatMap((result) => {
    const where = path.relative(process.cwd(), result.name);
    const tests = result.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${where} › ${test.fullName}: ${errorSummary(test.failureMessages?.[0])}`);
    return tests.length === 0 && result.message ? [`${where}: ${errorSummary(result.message)}`] : tests;
  });
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests, failures };
}

interface PlaywrightSuite {
  file: string;
  title: string;
  specs?: { title: string; line: number; ok: boolean; tests: { results: { status: string; error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function playwrightFailures(suite: PlaywrightSuite): string[] {
  const own = (suite.specs ?? [])
    .filter((spec) => !spec.ok)
    .map((spec) => {
      const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error?.message;
      return `tests/e2e/${suite.file}:${spec.line} › ${spec.title}: ${errorSummary(error)}`;
    });
  return [...own, ...(suite.suites ?? []).flatMap(playwrightFailures)];
}

function playwrightCounts(file: string): Counts {
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number }; suites: PlaywrightSuite[] }>(file);
  if (!report) return { passed: 0, failed: 1, skipped: 0, failures: [`playwright: no report at ${file}`] };
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected, failed: unexpected + flaky, skipped, failures: report.suites.flatMap(playwrightFailures) };
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

let adminUrl = process.env.DATABASE_URL;
let stopEmbedded = async () => {};
if (!adminUrl) {
  say('启动测试用内置 PostgreSQL（.data/test-pg，端口 54330）…');
  const embedded = await startEmbeddedPostgres({ dataDir: path.resolve('.data/test-pg'), port: 54330 });
  adminUrl = embedded.adminUrl;
  stopEmbedded = () => embedded.stop();
}

const results: Record<string, boolean> = {};
const counts: Counts[] = [];
try {
  // Two cores: the type check and the build run side by side, then the vitest projects beside the
  // browser tests (which partly wait on the clock: 1-minute draws), each against its own databases.
  const [typecheck, build] = await Promise.all([
    run('类型检查 tsc -b', 'node_modules/typescript/bin/tsc', ['-b']),
    run('生产构建 vite build', 'node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn'], {}, path.join(REPORTS, 'build.log')),
  ]);
  results.typecheck = typecheck;
  results.build = build;

  // Three at once: the unit project (pure rules, no database) in a vitest of its own, so that the
  // server and app projects — the longest step — need not wait for it, and the core that the browser
  // tests leave when they end early is used.
  const vitestStep = (step: string, label: string, projects: string[], log?: string) => {
    const report = path.join(REPORTS, `${step}.json`);
    return run(
      label,
      'node_modules/vitest/vitest.mjs',
      ['run', ...projects.flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      { DATABASE_URL: adminUrl },
      log,
    ).then((ok) => {
      const result = vitestCounts(report);
      // A failed test in the report fails the step even when vitest's exit code says otherwise.
      results[step] = ok && result.failed === 0;
      counts.push(result);
    });
  };
  const vitest = vitestStep('vitest', '服务端集成与组件测试 vitest', ['server', 'app']);
  const unit = vitestStep('unit', '单元测试 vitest', ['unit'], path.join(REPORTS, 'unit.log'));

  const e2e = (async () => {
    if (!results.build) {
      results.e2e = false;
      return;
    }
    const e2eDatabase = `jinli_e2e_${Date.now().toString(36)}`;
    await adminQuery(adminUrl, `CREATE DATABASE "${e2eDatabase}"`);
    const playwrightReport = path.join(REPORTS, 'playwright.json');
    try {
      results.e2e = await run(
        '浏览器测试 playwright',
        'node_modules/@playwright/test/cli.js',
        ['test', '--reporter=list,json'],
        { E2E_DATABASE_URL: withDatabase(adminUrl, e2eDatabase), PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
        path.join(REPORTS, 'playwright.log'),
      );
    } finally {
      await dropDatabase(adminUrl, e2eDatabase).catch(() => {});
    }
    const playwrightResult = playwrightCounts(playwrightReport);
    results.e2e = results.e2e && playwrightResult.failed === 0;
    counts.push(playwrightResult);
  })();
  await Promise.all([vitest, unit, e2e]);
} finally {
  await stopEmbedded().catch(() => {});
}

const total = counts.reduce(
  (a, c) => ({ passed: a.passed + c.passed, failed: a.failed + c.failed, skipped: a.skipped + c.skipped, failures: [...a.failures, ...c.failures] }),
  { passed: 0, failed: 0, skipped: 0, failures: [] },
);
const failedSteps = Object.entries(results)
  .filter(([, ok]) => !ok)
  .map(([step]) => step);
say('');
if (total.failures.length > 0) {
  say('failed tests:');
  for (const failure of total.failures) say(`  ✘ ${failure}`);
}
say(`steps: ${Object.keys(results).length - failedSteps.length} ok${failedSteps.length ? `, failed: ${failedSteps.join(', ')}` : ''}`);
say(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length === 0 && total.failed === 0 ? 0 : 1);
