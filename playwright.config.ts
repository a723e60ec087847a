import { defineConfig, devices } from '@playwright/test';
import { configuredDatabaseUrl, E2E_GATEWAY_PORT, E2E_PORT as PORT, E2E_PROVIDER_PORT, gatewayEnv, providerEnv, serverEnv } from './tests/e2e/global-setup.ts';

// Browser tests run against the production build served by the real server and a real PostgreSQL.
// `npm test` (scripts/test.ts) builds dist/ and sets E2E_DATABASE_URL to a fresh database first: the
// webServer below starts the server on it. Without E2E_DATABASE_URL or DATABASE_URL (`npm run
// test:e2e` on its own), the global setup starts an embedded PostgreSQL and the server instead
// (webServer starts before globalSetup, so it could not wait for that database). The sandbox payment
// gateway and the sandbox game provider need no database and always start from webServer.
const databaseUrl = configuredDatabaseUrl();
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Timeouts only catch hangs: a loaded CI host is slow, never wrong.
  timeout: 120_000,
  expect: { timeout: 20_000 },
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
  globalSetup: './tests/e2e/global-setup.ts',
  // The sandbox payment gateway (own process, port E2E_GATEWAY_PORT = E2E_PORT + 100 unless set) and the
  // sandbox game provider (port E2E_PROVIDER_PORT = E2E_PORT + 200) always; the server only when a
  // database URL is given (otherwise the global setup starts it).
  webServer: [
    {
      command: 'node --import tsx scripts/sandbox-gateway.ts',
      url: `http://127.0.0.1:${E2E_GATEWAY_PORT}/health`,
      env: gatewayEnv(),
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'node --import tsx scripts/sandbox-provider.ts',
      url: `http://127.0.0.1:${E2E_PROVIDER_PORT}/health`,
      env: providerEnv(),
      reuseExistingServer: false,
      timeout: 60_000,
    },
    ...(databaseUrl
      ? [
          {
            command: 'node --import tsx src/server/main.ts',
            url: `http://127.0.0.1:${PORT}/ajax/health`,
            env: serverEnv(databaseUrl),
            reuseExistingServer: false,
            timeout: 120_000,
          },
        ]
      : []),
  ],
});
