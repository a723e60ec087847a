// `npm run test:e2e` on its own: with neither E2E_DATABASE_URL nor DATABASE_URL set, there is no
// database for the server, so this setup starts an embedded PostgreSQL of its own (port
// E2E_PG_PORT, default 54333, data under .data/e2e-pg-<port>: runs on other ports never share a data
// directory), a fresh database on it, and the server on that database; the returned teardown stops
// both. With a URL set (as `npm test` sets it), it does nothing and the config's webServer starts the
// server as before. The sandbox payment gateway and the sandbox game provider need no database: the
// config's webServer starts them (ports E2E_GATEWAY_PORT, E2E_PROVIDER_PORT) in both cases, before
// this setup runs.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { stopServer, waitForHealth } from '../support/server-process.ts';
import { adminQuery, dropDatabase } from '../support/pg-url.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
/** The sandbox payment gateway of the browser tests (started by the config's webServer in both paths). */
export const E2E_GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? E2E_PORT + 100);
/** The sandbox game provider of the browser tests (started by the config's webServer in both paths). */
export const E2E_PROVIDER_PORT = Number(process.env.E2E_PROVIDER_PORT ?? E2E_PORT + 200);
const EMBEDDED_PORT = Number(process.env.E2E_PG_PORT ?? 54333);
const EMBEDDED_DIR = `.data/e2e-pg-${EMBEDDED_PORT}`;
const DATABASE = 'jinli_e2e';

/** The database the browser tests were given, if any. */
export function configuredDatabaseUrl(): string | undefined {
  return process.env.E2E_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/** The environment of the server under test, whoever starts it. */
export function serverEnv(databaseUrl: string): Record<string, string> {
  return {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    // Every browser test comes from 127.0.0.1, and each logs in an account of its own: the
    // per-address brakes would otherwise trip.
    REGISTER_PER_ADDRESS_PER_HOUR: '1000',
    TRIAL_PER_ADDRESS_PER_HOUR: '1000',
    LOGIN_RATE_PER_MINUTE: '1000',
    // The sandbox gateway started beside the server, and where its notifications and cashier return go.
    PAYMENT_GATEWAY: 'sandbox',
    PAYMENT_GATEWAY_URL: `http://127.0.0.1:${E2E_GATEWAY_PORT}`,
    PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
    // The sandbox game provider started beside the server (same merchant defaults on both sides).
    PROVIDER_SANDBOX_URL: `http://127.0.0.1:${E2E_PROVIDER_PORT}`,
    // Background jobs are off under NODE_ENV=test unless asked for: the browser tests wait for pulled bet
    // records and resolved transfers, so they run here, often.
    PROVIDER_RECORDS_INTERVAL_MS: '2000',
    PROVIDER_RESOLVE_INTERVAL_MS: '2000',
  };
}

/** The environment of the sandbox game provider under test (its merchant defaults match the server's). */
export function providerEnv(): Record<string, string> {
  return {
    SANDBOX_PROVIDER_HOST: '127.0.0.1',
    SANDBOX_PROVIDER_PORT: String(E2E_PROVIDER_PORT),
  };
}

/** The environment of the sandbox gateway under test (its merchant defaults match the server's). */
export function gatewayEnv(): Record<string, string> {
  return {
    SANDBOX_GATEWAY_HOST: '127.0.0.1',
    SANDBOX_GATEWAY_PORT: String(E2E_GATEWAY_PORT),
    SANDBOX_NOTIFY_RETRY_BASE_MS: '200',
    SANDBOX_NOTIFY_RETRY_MAX_MS: '2000',
    SANDBOX_PAYOUT_DELAY_MS: '500',
  };
}

/** src/server/db/embedded.ts, as far as used here. */
interface EmbeddedModule {
  startEmbeddedPostgres(options: { dataDir: string; port: number }): Promise<{ adminUrl: string; urlFor(database: string): string; stop(): Promise<void> }>;
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (configuredDatabaseUrl()) return undefined;
  // Loaded by URL: the server's sources belong to another TypeScript project than the browser tests.
  const embeddedModule = new URL('../../src/server/db/embedded.ts', import.meta.url).href;
  const { startEmbeddedPostgres } = (await import(embeddedModule)) as EmbeddedModule;
  process.stdout.write(`E2E: embedded PostgreSQL on port ${EMBEDDED_PORT} (${EMBEDDED_DIR}), database ${DATABASE}\n`);
  const embedded = await startEmbeddedPostgres({ dataDir: path.resolve(EMBEDDED_DIR), port: EMBEDDED_PORT });
  let server: ChildProcess | null = null;
  const teardown = async () => {
    if (server) await stopServer(server);
    await embedded.stop();
  };
  try {
    // A fresh database each run, as `npm test` gives the browser tests.
    await dropDatabase(embedded.adminUrl, DATABASE);
    await adminQuery(embedded.adminUrl, `CREATE DATABASE "${DATABASE}"`);
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, ...serverEnv(embedded.urlFor(DATABASE)) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForHealth(`http://127.0.0.1:${E2E_PORT}`, server, 120_000);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
