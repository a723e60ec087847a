import { defineConfig, devices } from '@playwright/test';

// Browser tests run against the production build served by the real server and a real PostgreSQL.
// `npm test` (scripts/test.ts) builds dist/ and sets E2E_DATABASE_URL to a fresh database first.
const PORT = Number(process.env.E2E_PORT ?? 4310);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    serviceWorkers: 'allow',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${PORT}/ajax/health`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? '',
      LOG_LEVEL: 'warn',
      // Every browser test comes from 127.0.0.1: the per-address brakes would otherwise trip.
      REGISTER_PER_ADDRESS_PER_HOUR: '1000',
      TRIAL_PER_ADDRESS_PER_HOUR: '1000',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
