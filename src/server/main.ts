// Starts the server: configuration, database check, migrations, demo data, then HTTP — one process,
// or several under Node cluster (WORKERS). SIGINT/SIGTERM close it gracefully (streams first, then
// the pool). A failure the operator can fix (bad variable,
// unreachable database, port in use) ends the process with one line (startup/errors.ts).
import { buildApp } from './app.ts';
import { startCluster } from './cluster/primary.ts';
import { loadConfig, type Config } from './config.ts';
import { runMigrations } from './db/migrate.ts';
import { openDatabase } from './db/pool.ts';
import { seedDemoData } from './db/seed.ts';
import { planPool, readConnectionLimits } from './startup/connection-budget.ts';
import { checkDatabaseConnection } from './startup/database-check.ts';
import { orExit } from './startup/errors.ts';
import { assertPortFree, isAddressInUse, portInUseError } from './startup/ports.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  /**
   * Already done by the cluster's primary (cluster/primary.ts): the port and database checks, the
   * migrations and the demo data; it passes the pool size in DATABASE_POOL_MAX. A worker only opens
   * its pool, builds the app and listens.
   */
  prepared?: boolean;
}

/**
 * The steps done once per start, before any API process serves: checks (the port, the database, the
 * processes' connections against max_connections), migrations, demo data. Returns each process's
 * pool size: the configured one, or a default one shrunk to fit.
 */
export async function prepareServer(config: Config, log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<number> {
  await assertPortFree({ port: config.port, host: config.host, user: '锦鲤服务', variable: 'PORT' });
  await checkDatabaseConnection(config.databaseUrl);
  const pool = planPool(
    { workers: config.workers, poolMax: config.databasePoolMax, poolMaxSet: config.databasePoolMaxSet },
    await readConnectionLimits(config.databaseUrl),
  );
  if (pool.notice) log(pool.notice);
  await runMigrations(config.databaseUrl);
  if (config.seedDemo) {
    const database = openDatabase(config.databaseUrl, 2);
    try {
      await seedDemoData(database.pool);
    } finally {
      await database.close();
    }
  }
  return pool.poolMax;
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const port = { port: config.port, host: config.host, user: '锦鲤服务', variable: 'PORT' };
  const poolMax = options.prepared ? config.databasePoolMax : await prepareServer({ ...config, workers: 1 });
  const database = openDatabase(config.databaseUrl, poolMax);
  const { app, ctx } = await buildApp(config, database);
  let address: string;
  try {
    address = await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    // Taken between the check above and now.
    throw isAddressInUse(error) ? await portInUseError(port) : error;
  }
  let closing: Promise<void> | undefined;
  return {
    url: address,
    close: () =>
      (closing ??= (async () => {
        // Synchronously, before anything else: from here on the live-event listener's connection is
        // ours to end, so its loss (an embedded database stopped by the same Ctrl-C) is no warning.
        const eventsClosed = ctx.events.close();
        await app.close();
        await eventsClosed;
        await database.close();
      })()),
  };
}

/**
 * One process (WORKERS=1: tests, the browser suite, one process per host behind HAProxy), or
 * config.workers processes under Node cluster sharing the port (cluster/primary.ts).
 */
export async function startServers(config: Config, env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  if (config.workers <= 1) return startServer(config);
  return startCluster(config, env);
}

async function main(): Promise<void> {
  const config = await orExit(() => loadConfig());
  // Run directly, this file is one API process unless WORKERS asks for more (npm start defaults to
  // one per core: scripts/start.ts).
  const server = await orExit(() => (process.env.WORKERS ? startServers(config) : startServer(config)));
  const stop = () => {
    void server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
